/**
 * The receipt of an order as a PDF (billing §2 "Receipt screen", issue 20 "Receipts"): A4, in the
 * account's language and time zone, set in one embedded CJK font that pdfkit subsets to the glyphs
 * used, so a receipt stays a few tens of KB. Labels come from shared/locales/<lng>/receipt.json.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/constants.js';
import type { BillingInfo } from '../../../shared/domain/billing-details.js';
import { interpolate } from '../../../shared/domain/notifications.js';
import { formatMoney } from '../../../shared/domain/pricing.js';
import en from '../../../shared/locales/en/receipt.json' with { type: 'json' };
import zhCN from '../../../shared/locales/zh-CN/receipt.json' with { type: 'json' };
import zhHK from '../../../shared/locales/zh-HK/receipt.json' with { type: 'json' };
import zhTW from '../../../shared/locales/zh-TW/receipt.json' with { type: 'json' };
import type { TOrder, TOrderLine } from '../../../shared/schemas/payments.js';
import { RECEIPT_FONT_BUNDLED, RECEIPT_FONT_MODULE } from './receipt-font.js';

export type ReceiptDocument = {
  order: TOrder;
  billingInfo: BillingInfo | null;
  accountEmail: string;
  language: Language;
  /** The account's time zone (IANA): the dates print as the account reads them. */
  timeZone: string;
};

type Labels = typeof en;
const LABELS: Record<Language, Labels> = { en, 'zh-CN': zhCN, 'zh-HK': zhHK, 'zh-TW': zhTW };

let fontPath: string | undefined;

/** The font file: beside the bundle in a Lambda, in node_modules elsewhere. */
function receiptFontPath(): string {
  if (!fontPath) {
    const bundled = fileURLToPath(new URL(RECEIPT_FONT_BUNDLED, import.meta.url));
    fontPath = existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(RECEIPT_FONT_MODULE);
  }
  return fontPath;
}

const PAGE = { size: 'A4', margin: 50 } as const;
const INK = '#1a202c';
const MUTED = '#718096';
const RULE = '#cbd5e0';
/** Column edges of the lines table, in points from the left margin; the amount is right-aligned to the margin. */
const COLUMNS = { item: 0, plan: 170, cycle: 260, quantity: 350, amount: 445 } as const;

export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const { order, language, timeZone } = receipt;
  const labels = LABELS[language];
  const money = (minor: number) => formatMoney(minor, order.currency);
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone });
  const count = new Intl.NumberFormat(language);

  // The embedded font is also the document's first font, so pdfkit never loads its built-in
  // Helvetica metrics (files a Lambda bundle does not carry).
  const doc = new PDFDocument({ ...PAGE, font: receiptFontPath(), info: { Title: `${labels.title} ${order.orderId}`, Author: labels.product }, lang: language });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // Heading: the product, then "Receipt".
  doc.fillColor(INK).fontSize(20).text(labels.product, left, PAGE.margin, { width });
  doc.fontSize(14).fillColor(MUTED).text(labels.title, { width });
  doc.moveDown(1);

  // The order's facts, label beside value.
  const facts: Array<[string, string]> = [
    [labels.orderId, order.orderId],
    [labels.date, dateTime.format(new Date(order.createTime))],
    ...(order.paidTime ? [[labels.paidTime, dateTime.format(new Date(order.paidTime))] as [string, string]] : []),
    ...(order.card ? [[labels.card, interpolate(labels.cardNumber, { brand: brandName(order.card.brand), last4: order.card.last4 })] as [string, string]] : []),
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.fillColor(MUTED).text(label, left, y, { width: 110 });
    doc.fillColor(INK).text(value, left + 120, y, { width: width - 120 });
  }
  doc.moveDown(1);

  // Billed to: the billing info when the account gave it, and the account's email.
  doc.fillColor(MUTED).text(labels.billedTo, left, doc.y, { width });
  const billedTo = receipt.billingInfo ? [receipt.billingInfo.name, receipt.billingInfo.company, receipt.billingInfo.addressOne] : [];
  doc.fillColor(INK).text([...billedTo, receipt.accountEmail].join('\n'), left, doc.y, { width });
  doc.moveDown(1.5);

  // The lines.
  const header: Record<keyof typeof COLUMNS, string> = {
    item: labels['column.item'],
    plan: labels['column.plan'],
    cycle: labels['column.cycle'],
    quantity: labels['column.quantity'],
    amount: labels['column.amount'],
  };
  row(doc, header, MUTED);
  rule(doc);
  for (const line of order.lines) {
    row(doc, {
      item: labels[`item.${line.itemType}`],
      plan: labels[`plan.${line.planType}`],
      cycle: labels[`cycle.${line.paymentCycle}`],
      quantity: interpolate(labels[`unit.${line.itemType}`], { count: count.format(line.quantity) }),
      amount: money(line.price),
    }, INK);
  }
  rule(doc);

  // Totals.
  const subtotal = order.lines.reduce((sum: number, line: TOrderLine) => sum + line.price, 0);
  total(doc, labels.subtotal, money(subtotal), 10);
  total(doc, labels.total, money(order.total), 12);
  doc.moveDown(1);

  if (order.recurring) {
    const recurring = interpolate(labels.recurring, { amount: money(order.recurring.price), date: date.format(new Date(order.recurring.nextPaymentDate)) });
    doc.fontSize(10).fillColor(INK).text(recurring, left, doc.y, { width });
    doc.moveDown(1);
  }
  doc.fontSize(10).fillColor(MUTED).text(labels.thanks, left, doc.y, { width });

  doc.end();
  return finished;
}

/** One row of the lines table, every cell at the row's top; the row is as tall as its tallest cell. */
function row(doc: PDFKit.PDFDocument, cells: Record<keyof typeof COLUMNS, string>, color: string): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const top = doc.y;
  let bottom = top;
  doc.fontSize(10).fillColor(color);
  const edges = Object.entries(COLUMNS) as Array<[keyof typeof COLUMNS, number]>;
  edges.forEach(([column, x], index) => {
    const next = edges[index + 1]?.[1] ?? width;
    const isAmount = column === 'amount';
    doc.text(cells[column], left + x, top, { width: next - x - 8 + (isAmount ? 8 : 0), align: isAmount ? 'right' : 'left' });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = left;
  doc.y = bottom + 4;
}

function rule(doc: PDFKit.PDFDocument): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.y += 6;
}

function total(doc: PDFKit.PDFDocument, label: string, amount: string, size: number): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const top = doc.y;
  doc.fontSize(size).fillColor(INK).text(label, left + COLUMNS.quantity, top, { width: COLUMNS.amount - COLUMNS.quantity });
  doc.text(amount, left + COLUMNS.amount, top, { width: width - COLUMNS.amount, align: 'right' });
  doc.x = left;
  doc.y = Math.max(doc.y, top) + 2;
}

/** Card brands as Stripe names them (visa, mastercard, amex, …) as they print. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

function brandName(brand: string): string {
  return BRAND_NAMES[brand] ?? brand;
}
