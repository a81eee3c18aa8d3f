/**
 * What a cart costs (billing §3–§5, §9): quantities rounded to the price list's steps, a price
 * from the pricebook's tiers, converted to the purchase's currency, discounted by payment cycle,
 * and the cart's totals. One module for the cart, the checkout and the server, which recomputes
 * every total itself from the pricebook and never takes the browser's. Money is integer minor
 * units of the currency as ISO 4217 and Stripe count them (cents of HKD; a currency that allows no
 * decimals is charged in whole units, multiples of 100 cents); the pricebook's prices are minor
 * units of its base currency (HKD). Pure: no clock, no I/O.
 */

export const PRODUCT_KINDS = ['email', 'attachment', 'dynamicattachment', 'sms', 'filestorage', 'team', 'ip', 'dns'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export type PlanType = 'monthly' | 'refill';
export type PaymentCycle = 'monthly' | 'quarterly' | 'annually' | 'oneoff';

/**
 * A row of a product's price list: `price` (base-currency minor units) buys `credits`, and every
 * unit of a quantity up to `checkpoint` is priced at this row's rate (volume pricing: the whole
 * quantity at the rate of the tier it reaches), but never above a larger row's price. Tiers are
 * listed by ascending checkpoint.
 */
export type PriceTier = { credits: number; price: number; checkpoint: number };

export type Currency = { name: string; symbol: string; rate: number; allowDecimal: boolean };

export type Pricebook = {
  version: string;
  region: string;
  baseCurrency: string;
  forex: Currency[];
  discount: { annually_discount: number; quarterly_discount: number; annually_discount_dedicated_ip: number; quarterly_discount_dedicated_ip: number };
  prices: Partial<Record<ProductKind, Partial<Record<PlanType, PriceTier[]>>>>;
};

/** Billing §9: no quantity is rounded beyond this. */
export const MAX_CREDITS = 10_000_000;

/** Billing §2: the cart lists items by kind, higher first. */
export const CART_ORDER: Readonly<Record<ProductKind, number>> = { email: 8, attachment: 7, dynamicattachment: 6, sms: 5, filestorage: 4, team: 3, dns: 2, ip: 1 };

/** Billing §5: the longest quantity a user may type, in digits. */
export const MAX_INPUT_DIGITS: Readonly<Partial<Record<ProductKind, number>>> = { email: 10, attachment: 7, dynamicattachment: 8, sms: 8, filestorage: 5, team: 4 };

/** Months one payment covers (billing §9 "Prepay"). */
export const CYCLE_MONTHS: Readonly<Record<Exclude<PaymentCycle, 'oneoff'>, number>> = { monthly: 1, quarterly: 3, annually: 12 };

/** A slider range: from `from` (inclusive) the slider moves by `step`. */
type SliderBand = { from: number; step: number };
export type SliderRange = { min: number; max: number; bands: readonly SliderBand[] };

/** Billing §5 "Purchase slider ranges". */
const SLIDERS: Readonly<Partial<Record<ProductKind, SliderRange>>> = {
  email: { min: 600, max: MAX_CREDITS, bands: [{ from: 600, step: 400 }, { from: 1_000, step: 1_000 }, { from: 10_000, step: 10_000 }, { from: 100_000, step: 100_000 }] },
  sms: { min: 100, max: 100_000, bands: [{ from: 100, step: 100 }, { from: 1_000, step: 1_000 }] },
  attachment: { min: 1_000, max: 50_000, bands: [{ from: 1_000, step: 1_000 }] },
  dynamicattachment: { min: 600, max: 100_000, bands: [{ from: 600, step: 400 }, { from: 1_000, step: 1_000 }] },
};

export function sliderRange(kind: ProductKind): SliderRange | null {
  return SLIDERS[kind] ?? null;
}

/** The slider's positions in order, for a range: each band's steps up to the next band or the max. */
export function sliderStops(range: SliderRange): number[] {
  const stops: number[] = [];
  range.bands.forEach((band, index) => {
    const end = range.bands[index + 1]?.from ?? range.max;
    for (let value = band.from; value < end; value += band.step) stops.push(value);
  });
  stops.push(range.max);
  return stops;
}

function tiersOf(book: Pricebook, kind: ProductKind, planType: PlanType): PriceTier[] {
  const tiers = book.prices[kind]?.[planType];
  if (!tiers || tiers.length === 0) throw new PricingError('unknownProduct', `no ${planType} prices for ${kind}`);
  return tiers;
}

/**
 * The quantities the slider of an item offers, in order: the slider's stops as the price list
 * sells them (roundQuantity: SMS's 200–400 stops are sold as 500, so the slider skips them), under
 * the cap; file storage and team users move over their price list's rows. Every stop is a quantity
 * the server accepts as it is.
 */
export function quantityStops(book: Pricebook, kind: ProductKind, planType: PlanType): number[] {
  const range = sliderRange(kind);
  if (!range) return tiersOf(book, kind, planType).map((tier) => tier.credits);
  const cap = quantityCap(book, kind, planType);
  return [...new Set(sliderStops(range).map((stop) => roundQuantity(book, kind, planType, stop)))].filter((stop) => stop <= cap);
}

/** The price list's rows in the purchase's currency (billing §2 price tables): `price` buys `credits` for a month or once. */
export function priceListRows(book: Pricebook, kind: ProductKind, planType: PlanType, currencyName: string): { credits: number; price: number }[] {
  const currency = currencyOf(book, currencyName);
  return tiersOf(book, kind, planType).map((tier) => ({ credits: tier.credits, price: convert(tier.price, book, currency) }));
}

/** The most one item of `kind` may hold: just below 100 times the top tier's credits, never above MAX_CREDITS. */
export function quantityCap(book: Pricebook, kind: ProductKind, planType: PlanType): number {
  const tiers = tiersOf(book, kind, planType);
  return Math.min(MAX_CREDITS, 100 * tiers[tiers.length - 1].credits);
}

/** Rounds up to `digits` significant digits: 1,234 → 1,300; 56,789 → 57,000. */
export function roundUpSignificant(value: number, digits: number): number {
  if (value <= 0) return 0;
  const scale = 10 ** Math.max(0, Math.floor(Math.log10(value)) + 1 - digits);
  return Math.ceil(value / scale) * scale;
}

/**
 * A typed quantity as the cart will hold it (billing §5 "Credit rounding to price-list steps"):
 * SMS to 100 then 500, then the slider's step; email to 600 then 1,000, then 2 significant
 * digits; file storage and team users up to the next listed tier; the others up to their slider's
 * step. Never above the cap; never below the smallest purchase.
 */
export function roundQuantity(book: Pricebook, kind: ProductKind, planType: PlanType, entered: number): number {
  const wanted = Math.max(1, Math.ceil(entered));
  if (kind === 'filestorage' || kind === 'team') {
    const tiers = tiersOf(book, kind, planType);
    return (tiers.find((tier) => tier.credits >= wanted) ?? tiers[tiers.length - 1]).credits;
  }
  if (kind === 'ip' || kind === 'dns') return Math.min(wanted, kind === 'ip' ? 10 : 1);
  const cap = quantityCap(book, kind, planType);
  const range = sliderRange(kind);
  const rounded = (() => {
    if (kind === 'sms' && wanted <= 100) return 100;
    if (kind === 'sms' && wanted <= 500) return 500;
    if (kind === 'email' && wanted <= 600) return 600;
    if (kind === 'email' && wanted <= 1_000) return 1_000;
    if (kind === 'email') return roundUpSignificant(wanted, 2);
    if (!range) return wanted;
    const band = [...range.bands].reverse().find((candidate) => wanted >= candidate.from) ?? range.bands[0];
    return Math.max(range.min, band.from + Math.ceil((wanted - band.from) / band.step) * band.step);
  })();
  return Math.min(rounded, cap);
}

/** Why a price cannot be given; the API maps each to its error code. */
export class PricingError extends Error {
  constructor(
    readonly reason: 'unknownProduct' | 'unknownCurrency' | 'unknownCycle' | 'quantityOutOfRange',
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

export function currencyOf(book: Pricebook, name: string): Currency {
  const currency = book.forex.find((candidate) => candidate.name === name);
  if (!currency) throw new PricingError('unknownCurrency', `unknown currency ${name}`);
  return currency;
}

/** Decimal places of a currency's minor unit (ISO 4217, as Intl and Stripe count them: HKD 2, JPY 0). */
export function minorDigits(currencyName: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: currencyName }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount in minor units, rounded to what the currency charges: cents, or whole units when it allows no decimals (billing §5 "Amount rounding"). */
export function chargeable(minor: number, currency: Currency): number {
  if (currency.allowDecimal) return Math.round(minor);
  const unit = 10 ** minorDigits(currency.name);
  return Math.round(minor / unit) * unit;
}

/**
 * An amount in minor units as a price reads: the currency's symbol and grouped digits, with the
 * decimals only when the currency allows them (billing §5): HK$1,234.50, or ¥1,235.
 */
export function formatMoney(minor: number, currency: Pick<Currency, 'name' | 'symbol' | 'allowDecimal'>): string {
  const digits = minorDigits(currency.name);
  const decimals = currency.allowDecimal ? digits : 0;
  const amount = new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(minor / 10 ** digits);
  return `${currency.symbol}${amount}`;
}

/** Base-currency minor units → the currency's minor units, at its forex rate. */
export function convert(baseMinor: number, book: Pricebook, currency: Currency): number {
  const units = (baseMinor / 10 ** minorDigits(book.baseCurrency)) * currency.rate;
  return chargeable(units * 10 ** minorDigits(currency.name), currency);
}

/** The base-currency price of one period (a month, or the one-off purchase) of `quantity`: volume pricing over the tiers. */
export function basePeriodPrice(book: Pricebook, kind: ProductKind, planType: PlanType, quantity: number): number {
  const tiers = tiersOf(book, kind, planType);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > quantityCap(book, kind, planType)) {
    throw new PricingError('quantityOutOfRange', `${kind} quantity ${quantity} is outside 1–${quantityCap(book, kind, planType)}`);
  }
  // Tiers priced per whole item (file storage and team snap to a row; ip and dns price one each).
  const exact = tiers.find((tier) => tier.credits === quantity);
  if (exact) return exact.price;
  const index = tiers.findIndex((candidate) => quantity <= candidate.checkpoint);
  const tier = tiers[index === -1 ? tiers.length - 1 : index];
  const volumePrice = Math.round((quantity * tier.price) / tier.credits);
  // Never more than a larger row costs: 999 SMS at the first row's rate must not cost more than 1,000 at the second's.
  const larger = tiers.filter((candidate) => candidate.credits > quantity).map((candidate) => candidate.price);
  return Math.min(volumePrice, ...larger);
}

/** The cycle's discount rate for the kind (billing §9 "Discounts": dedicated IP has its own). */
export function cycleDiscount(book: Pricebook, kind: ProductKind, cycle: PaymentCycle): number {
  if (cycle === 'monthly' || cycle === 'oneoff') return 0;
  const ip = kind === 'ip';
  if (cycle === 'quarterly') return ip ? book.discount.quarterly_discount_dedicated_ip : book.discount.quarterly_discount;
  return ip ? book.discount.annually_discount_dedicated_ip : book.discount.annually_discount;
}

export type PricedItem = {
  kind: ProductKind;
  planType: PlanType;
  quantity: number;
  cycle: PaymentCycle;
  /** Before the cycle's discount: the month's price × the cycle's months, or the one-off price. */
  listPrice: number;
  /** What the cycle's discount takes off. */
  rebate: number;
  /** What is charged now for this item: listPrice − rebate. */
  charge: number;
  /** True when the charge repeats each cycle (monthly plans); false for a one-off purchase. */
  recurring: boolean;
};

/** One cart item in the purchase's currency. A monthly plan is paid per cycle; a refill (pay as you go) once. */
export function priceItem(book: Pricebook, item: { kind: ProductKind; planType: PlanType; quantity: number; cycle: PaymentCycle }, currencyName: string): PricedItem {
  const currency = currencyOf(book, currencyName);
  const recurring = item.planType === 'monthly';
  if (recurring === (item.cycle === 'oneoff')) throw new PricingError('unknownCycle', `a ${item.planType} plan cannot be paid ${item.cycle}`);
  const months = item.cycle === 'oneoff' ? 1 : CYCLE_MONTHS[item.cycle];
  // Converted per month first, so a quarter is exactly three of the months the price list shows.
  const listPrice = convert(basePeriodPrice(book, item.kind, item.planType, item.quantity), book, currency) * months;
  const rebate = chargeable(listPrice * cycleDiscount(book, item.kind, item.cycle), currency);
  return { ...item, listPrice, rebate, charge: listPrice - rebate, recurring };
}

export type CartTotals = { subtotal: number; rebate: number; recurringTotal: number; oneTimeTotal: number; payNow: number };

/** The cart's totals (billing §2 "totals"): recurring items charge their first cycle now, one-off items once. */
export function cartTotals(items: readonly PricedItem[]): CartTotals {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const subtotal = sum(items.map((item) => item.listPrice));
  const rebate = sum(items.map((item) => item.rebate));
  const recurringTotal = sum(items.filter((item) => item.recurring).map((item) => item.charge));
  const oneTimeTotal = sum(items.filter((item) => !item.recurring).map((item) => item.charge));
  return { subtotal, rebate, recurringTotal, oneTimeTotal, payNow: recurringTotal + oneTimeTotal };
}

/** Cart items in the order billing §2 lists them: by kind, higher first; the order added within a kind. */
export function sortCartItems<T extends { kind: ProductKind }>(items: readonly T[]): T[] {
  // Array sort is stable: lines of one kind keep their order.
  return [...items].sort((a, b) => CART_ORDER[b.kind] - CART_ORDER[a.kind]);
}
