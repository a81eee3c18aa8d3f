import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basePeriodPrice,
  cartTotals,
  convert,
  MAX_CREDITS,
  priceItem,
  priceListRows,
  PricingError,
  quantityCap,
  quantityStops,
  roundQuantity,
  roundUpSignificant,
  sliderRange,
  sliderStops,
  sortCartItems,
  type Pricebook,
} from '../../../shared/domain/pricing.js';

/** A pricebook made for the tests (HKD cents), not the product's: the rules, not today's prices. */
const BOOK: Pricebook = {
  version: 'test-1',
  region: 'Hong Kong',
  baseCurrency: 'HKD',
  forex: [
    { name: 'HKD', symbol: 'HK$', rate: 1, allowDecimal: true },
    { name: 'TWD', symbol: 'NT$', rate: 4.1, allowDecimal: false },
    { name: 'USD', symbol: 'US$', rate: 0.128, allowDecimal: true },
  ],
  discount: { annually_discount: 0.5, quarterly_discount: 0.1, annually_discount_dedicated_ip: 0.25, quarterly_discount_dedicated_ip: 0.1 },
  prices: {
    email: {
      monthly: [{ credits: 10_000, price: 20_000, checkpoint: 49_999 }, { credits: 50_000, price: 80_000, checkpoint: 99_999 }, { credits: 100_000, price: 120_000, checkpoint: MAX_CREDITS }],
      refill: [{ credits: 10_000, price: 30_000, checkpoint: 49_999 }, { credits: 50_000, price: 120_000, checkpoint: 99_999 }, { credits: 100_000, price: 180_000, checkpoint: MAX_CREDITS }],
    },
    sms: { refill: [{ credits: 100, price: 6_000, checkpoint: 999 }, { credits: 1_000, price: 50_000, checkpoint: 9_999 }, { credits: 10_000, price: 400_000, checkpoint: 100_000 }] },
    filestorage: { monthly: [{ credits: 500, price: 5_000, checkpoint: 500 }, { credits: 2_000, price: 15_000, checkpoint: 2_000 }, { credits: 10_000, price: 50_000, checkpoint: 10_000 }] },
    team: { monthly: [{ credits: 3, price: 10_000, checkpoint: 3 }, { credits: 10, price: 30_000, checkpoint: 10 }] },
    ip: { monthly: [{ credits: 1, price: 80_000, checkpoint: 10 }] },
  },
};

describe('quantities rounded to the price list (billing §5)', () => {
  it('rounds SMS to 100, then 500, then the slider step; email to 600, 1,000, then 2 significant digits', () => {
    const sms = (entered: number) => roundQuantity(BOOK, 'sms', 'refill', entered);
    const email = (entered: number) => roundQuantity(BOOK, 'email', 'monthly', entered);
    expect([1, 100, 101, 500, 501, 999, 1_001, 99_999].map(sms)).toEqual([100, 100, 500, 500, 600, 1_000, 2_000, 100_000]);
    expect([1, 600, 601, 1_000, 1_001, 1_234, 56_789, 120_001].map(email)).toEqual([600, 600, 1_000, 1_000, 1_100, 1_300, 57_000, 130_000]);
  });

  it('snaps file storage and team users up to the next listed tier, capped at the highest', () => {
    expect([1, 500, 501, 2_000, 9_999, 50_000].map((mb) => roundQuantity(BOOK, 'filestorage', 'monthly', mb))).toEqual([500, 500, 2_000, 2_000, 10_000, 10_000]);
    expect([1, 4, 11].map((users) => roundQuantity(BOOK, 'team', 'monthly', users))).toEqual([3, 10, 10]);
  });

  it('never goes above 100 times the top tier or 10,000,000, and never below what was typed under the cap', () => {
    expect(quantityCap(BOOK, 'sms', 'refill')).toBe(1_000_000);
    expect(quantityCap(BOOK, 'email', 'monthly')).toBe(MAX_CREDITS);
    fc.assert(
      fc.property(fc.constantFrom('email' as const, 'sms' as const), fc.integer({ min: 1, max: 20_000_000 }), (kind, entered) => {
        const planType = kind === 'sms' ? 'refill' : 'monthly';
        const cap = quantityCap(BOOK, kind, planType);
        const rounded = roundQuantity(BOOK, kind, planType, entered);
        expect(rounded).toBeLessThanOrEqual(cap);
        expect(rounded).toBeGreaterThanOrEqual(Math.min(entered, cap));
        // Rounding what was rounded changes nothing.
        expect(roundQuantity(BOOK, kind, planType, rounded)).toBe(rounded);
      }),
    );
  });

  it('rounds up to significant digits as the independent formula does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_CREDITS }), (value) => {
        const rounded = roundUpSignificant(value, 2);
        const digits = String(rounded).replace(/0+$/, '');
        expect(digits.length).toBeLessThanOrEqual(2);
        expect(rounded).toBeGreaterThanOrEqual(value);
        // The next lower 2-digit value is below the input: no coarser rounding than needed.
        const unit = 10 ** Math.max(0, String(value).length - 2);
        expect(rounded - unit).toBeLessThan(value);
      }),
    );
  });

  it('lists the slider stops by band (billing §5 "Purchase slider ranges")', () => {
    const sms = sliderStops(sliderRange('sms')!);
    expect(sms.slice(0, 11)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000, 2_000]);
    expect(sms.at(-1)).toBe(100_000);
    const pages = sliderStops(sliderRange('dynamicattachment')!);
    expect(pages.slice(0, 3)).toEqual([600, 1_000, 2_000]);
    const email = sliderStops(sliderRange('email')!);
    expect(email.slice(0, 3)).toEqual([600, 1_000, 2_000]);
    expect(email).toContain(100_000);
    expect(email.at(-1)).toBe(MAX_CREDITS);
    expect(new Set(email).size).toBe(email.length);
  });

  it('offers on the slider only quantities the price list sells, under the cap', () => {
    // Assess: SMS's 200–400 stops are sold as 500; file storage and team users move over their rows.
    expect(quantityStops(BOOK, 'sms', 'refill').slice(0, 7)).toEqual([100, 500, 600, 700, 800, 900, 1_000]);
    expect(quantityStops(BOOK, 'filestorage', 'monthly')).toEqual([500, 2_000, 10_000]);
    expect(quantityStops(BOOK, 'team', 'monthly')).toEqual([3, 10]);
    for (const [kind, planType] of [['sms', 'refill'], ['email', 'monthly'], ['email', 'refill']] as const) {
      const stops = quantityStops(BOOK, kind, planType);
      expect(stops.every((stop) => roundQuantity(BOOK, kind, planType, stop) === stop)).toBe(true);
      expect(stops).toEqual([...stops].sort((a, b) => a - b));
      expect(stops.at(-1)).toBeLessThanOrEqual(quantityCap(BOOK, kind, planType));
    }
  });
});

describe('prices (billing §3–§5, §9)', () => {
  it('prices the whole quantity at the rate of the tier it reaches, and an exact row at its own price', () => {
    expect(basePeriodPrice(BOOK, 'email', 'monthly', 10_000)).toBe(20_000);
    expect(basePeriodPrice(BOOK, 'email', 'monthly', 20_000)).toBe(40_000);
    expect(basePeriodPrice(BOOK, 'email', 'monthly', 60_000)).toBe(96_000);
    expect(basePeriodPrice(BOOK, 'team', 'monthly', 10)).toBe(30_000);
    // 999 SMS at the first row's rate (HK$599.40) would cost more than the 1,000 row (HK$500).
    expect(basePeriodPrice(BOOK, 'sms', 'refill', 999)).toBe(50_000);
    expect(() => basePeriodPrice(BOOK, 'email', 'monthly', MAX_CREDITS + 1)).toThrow(PricingError);
    expect(() => basePeriodPrice(BOOK, 'dns', 'refill', 1)).toThrow(PricingError);
  });

  it('never charges more for fewer credits', () => {
    fc.assert(
      fc.property(fc.constantFrom('email' as const, 'sms' as const), fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 50_000 }), (kind, smaller, more) => {
        const planType = 'refill';
        const larger = Math.min(smaller + more, quantityCap(BOOK, kind, planType));
        expect(basePeriodPrice(BOOK, kind, planType, Math.min(smaller, larger))).toBeLessThanOrEqual(basePeriodPrice(BOOK, kind, planType, larger));
      }),
    );
  });

  it('converts to the currency and rounds to cents, or to whole units without decimals', () => {
    expect(convert(12_345, BOOK, BOOK.forex[0])).toBe(12_345);
    expect(convert(12_345, BOOK, BOOK.forex[1])).toBe(50_600); // HK$123.45 × 4.1 = NT$506.145 → NT$506
    expect(convert(12_345, BOOK, BOOK.forex[2])).toBe(1_580); // × 0.128 = US$15.8016
    expect(convert(12_345, BOOK, { name: 'JPY', symbol: '¥', rate: 19.5, allowDecimal: false })).toBe(2_407); // ¥2,407.2750
  });

  it('charges a quarter as three months less 10% and a year as twelve less 50% (25% for a dedicated IP)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 600, max: MAX_CREDITS }), fc.constantFrom('HKD', 'TWD', 'USD'), (quantity, currency) => {
        const month = priceItem(BOOK, { kind: 'email', planType: 'monthly', quantity, cycle: 'monthly' }, currency);
        const quarter = priceItem(BOOK, { kind: 'email', planType: 'monthly', quantity, cycle: 'quarterly' }, currency);
        const year = priceItem(BOOK, { kind: 'email', planType: 'monthly', quantity, cycle: 'annually' }, currency);
        expect(month.rebate).toBe(0);
        expect(quarter.listPrice).toBe(3 * month.listPrice);
        // A currency without decimals is charged in whole units (NT$: multiples of 100 cents).
        const unit = currency === 'TWD' ? 100 : 1;
        for (const item of [month, quarter, year]) expect(item.listPrice % unit).toBe(0);
        expect(quarter.rebate).toBe(Math.round((0.1 * quarter.listPrice) / unit) * unit);
        expect(year.listPrice).toBe(12 * month.listPrice);
        expect(year.rebate).toBe(Math.round((0.5 * year.listPrice) / unit) * unit);
        for (const item of [month, quarter, year]) expect(item.charge).toBe(item.listPrice - item.rebate);
      }),
    );
    const ip = priceItem(BOOK, { kind: 'ip', planType: 'monthly', quantity: 2, cycle: 'annually' }, 'HKD');
    expect(ip).toMatchObject({ listPrice: 12 * 160_000, rebate: 0.25 * 12 * 160_000 });
  });

  it('refuses a cycle the plan type cannot have, and an unknown currency', () => {
    expect(() => priceItem(BOOK, { kind: 'sms', planType: 'refill', quantity: 100, cycle: 'annually' }, 'HKD')).toThrow(PricingError);
    expect(() => priceItem(BOOK, { kind: 'email', planType: 'monthly', quantity: 1_000, cycle: 'oneoff' }, 'HKD')).toThrow(PricingError);
    expect(() => priceItem(BOOK, { kind: 'sms', planType: 'refill', quantity: 100, cycle: 'oneoff' }, 'EUR')).toThrow(PricingError);
  });
});

describe('price list rows', () => {
  it('lists each row in the purchase currency, rounded as it is charged', () => {
    // Assess: 6,000 HKD cents at 4.1 is NT$246 (whole units); at 0.128 US$7.68.
    expect(priceListRows(BOOK, 'sms', 'refill', 'TWD')[0]).toEqual({ credits: 100, price: 24_600 });
    expect(priceListRows(BOOK, 'sms', 'refill', 'USD').map((row) => row.credits)).toEqual([100, 1_000, 10_000]);
    expect(priceListRows(BOOK, 'sms', 'refill', 'USD')[0].price).toBe(768);
  });
});

describe('cart totals', () => {
  it('adds what is charged now: recurring plans their first cycle, pay-as-you-go once', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ quantity: fc.integer({ min: 100, max: 100_000 }), monthly: fc.boolean(), cycle: fc.constantFrom('monthly' as const, 'quarterly' as const, 'annually' as const) }), { maxLength: 8 }), (lines) => {
        const items = lines.map((line) =>
          line.monthly
            ? priceItem(BOOK, { kind: 'email', planType: 'monthly', quantity: line.quantity, cycle: line.cycle }, 'HKD')
            : priceItem(BOOK, { kind: 'sms', planType: 'refill', quantity: line.quantity, cycle: 'oneoff' }, 'HKD'),
        );
        const totals = cartTotals(items);
        expect(totals.subtotal - totals.rebate).toBe(totals.payNow);
        expect(totals.recurringTotal + totals.oneTimeTotal).toBe(totals.payNow);
        expect(totals.payNow).toBe(items.reduce((sum, item) => sum + item.charge, 0));
      }),
    );
  });

  it('lists items by kind in the order of billing §2, keeping the order added within a kind', () => {
    const items = [{ kind: 'ip' as const, n: 1 }, { kind: 'sms' as const, n: 2 }, { kind: 'email' as const, n: 3 }, { kind: 'sms' as const, n: 4 }, { kind: 'team' as const, n: 5 }];
    expect(sortCartItems(items).map((item) => item.n)).toEqual([3, 2, 4, 5, 1]);
  });
});
