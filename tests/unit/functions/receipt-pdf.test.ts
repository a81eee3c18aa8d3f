/**
 * The receipt PDF (issue 20 "Receipts"): a parseable A4 document whose embedded font is a subset
 * covering the labels of the receipt's language (its ToUnicode CMap maps the glyphs back to their
 * code points), small enough to mail and preview.
 */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderReceiptPdf, type ReceiptDocument } from '../../../functions/services/billing/receipt-pdf.js';
import { formatMoney } from '../../../shared/domain/pricing.js';
import zhHK from '../../../shared/locales/zh-HK/receipt.json' with { type: 'json' };
import type { TOrder } from '../../../shared/schemas/payments.js';

const ORDER: TOrder = {
  orderId: '01JF3Z8Q4W5X6Y7Z8A9B0C1D2E',
  createTime: '2026-12-01T10:15:00.000Z',
  state: 'paid',
  currency: { name: 'HKD', symbol: 'HK$', allowDecimal: true },
  pricebookVersion: '2026-11',
  lines: [
    { itemType: 'sms', planType: 'refill', quantity: 500, paymentCycle: 'oneoff', price: 39_000 },
    { itemType: 'email', planType: 'monthly', quantity: 20_000, paymentCycle: 'monthly', price: 123_450 },
  ],
  total: 162_450,
  recurring: { price: 123_450, nextPaymentDate: '2027-01-01T10:15:00.000Z' },
  card: { brand: 'visa', last4: '4242' },
  paidTime: '2026-12-01T10:15:05.000Z',
};

const RECEIPT: ReceiptDocument = {
  order: ORDER,
  billingInfo: { name: '陳大文', company: '大文貿易有限公司', addressOne: '香港中環皇后大道中 1 號' },
  accountEmail: 'tai-man@example.com',
  language: 'zh-HK',
  timeZone: 'Asia/Hong_Kong',
};

/** Every stream of the file, inflated where it is compressed. */
function streams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const found: string[] = [];
  for (const match of text.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    found.push(match[1].includes('/FlateDecode') ? inflateSync(raw).toString('latin1') : raw.toString('latin1'));
  }
  return found;
}

/** The code points the ToUnicode CMaps of the embedded fonts map glyphs to (pdfkit writes one bfrange whose destinations are an array). */
function mappedCodePoints(pdf: Buffer): Set<number> {
  const mapped = new Set<number>();
  for (const cmap of streams(pdf).filter((content) => content.includes('begincmap'))) {
    for (const [, destinations] of cmap.matchAll(/\[([^\]]*)\]/g)) {
      // Each destination is UTF-16BE.
      for (const [, hex] of destinations.matchAll(/<([0-9a-fA-F]+)>/g)) mapped.add(Buffer.from(hex, 'hex').swap16().toString('utf16le').codePointAt(0) ?? 0);
    }
  }
  return mapped;
}

describe('renderReceiptPdf', () => {
  it('renders a zh-HK receipt with its labels in an embedded, subsetted CJK font, small', async () => {
    // Act
    const started = performance.now();
    const pdf = await renderReceiptPdf(RECEIPT);
    const elapsed = performance.now() - started;

    // Assess
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    // One embedded font file, a subset (its name carries pdfkit's six-letter subset tag).
    expect(text).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    const mapped = mappedCodePoints(pdf);
    for (const label of [zhHK.title, zhHK.orderId, zhHK.billedTo, zhHK['item.sms'], zhHK['item.email'], zhHK.total, RECEIPT.billingInfo?.company ?? '']) {
      const missing = [...label].filter((char) => char.trim() && !mapped.has(char.codePointAt(0) ?? 0));
      expect(missing, label).toEqual([]);
    }
    // A character the receipt does not print is not in the subset.
    expect(mapped.has('龍'.codePointAt(0) ?? 0)).toBe(false);
    expect(pdf.length).toBeLessThan(300 * 1024);
    console.info(`zh-HK receipt: ${pdf.length} bytes in ${elapsed.toFixed(0)} ms`);
  });

  it('renders an English receipt without billing info, with its amounts and card', async () => {
    // Act
    const pdf = await renderReceiptPdf({ ...RECEIPT, billingInfo: null, language: 'en', timeZone: 'UTC', order: { ...ORDER, recurring: null } });

    // Assess
    expect(pdf.toString('latin1').startsWith('%PDF-')).toBe(true);
    const mapped = mappedCodePoints(pdf);
    for (const text of ['Receipt', 'Billed to', 'SMS credits', 'Total paid', formatMoney(ORDER.total, ORDER.currency), 'Visa ending in 4242', 'tai-man@example.com']) {
      expect([...text].filter((char) => char.trim() && !mapped.has(char.codePointAt(0) ?? 0)), text).toEqual([]);
    }
    expect(pdf.length).toBeLessThan(300 * 1024);
  });
});

describe('formatMoney', () => {
  it('prints the symbol and the decimals the currency allows', () => {
    expect(formatMoney(162_450, { name: 'HKD', symbol: 'HK$', allowDecimal: true })).toBe('HK$1,624.50');
    expect(formatMoney(162_450, { name: 'HKD', symbol: 'HK$', allowDecimal: false })).toBe('HK$1,625');
    expect(formatMoney(1_235, { name: 'JPY', symbol: '¥', allowDecimal: true })).toBe('¥1,235');
  });
});
