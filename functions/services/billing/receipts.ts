/**
 * Receipts (billing §2 receipt screen, §7 receipt calls): the PDF of a paid order in the account's
 * language and time zone, previewed as base64 or downloaded as a file, and mailed once to the
 * account's valid invoice recipients when the order is paid (a hard bounce suspends a recipient,
 * functions/services/billing/billing-details.ts).
 */
import { formatMoney } from '../../../shared/domain/pricing.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { getAccount } from '../../data/accounts.js';
import { getBillingInfo } from '../../data/billing-info.js';
import { receiptRecipients } from '../../data/invoice-recipients.js';
import { getOrder, type OrderRecord } from '../../data/orders.js';
import { config } from '../../lib/config.js';
import { HttpAnswer } from '../../lib/http.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { receiptMail } from '../notifications/mail-templates.js';
import { receiptMailTags } from './billing-details.js';
import { publicOrder } from './plans-and-orders.js';
import { renderReceiptPdf } from './receipt-pdf.js';

async function receiptPdf(tuid: string, orderId: string): Promise<Buffer> {
  const [order, account, billingInfo] = await Promise.all([getOrder(tuid, orderId), getAccount(tuid), getBillingInfo(tuid)]);
  // Only a paid order has a receipt; another account's order is as absent as one that never was.
  if (!order || order.state !== 'paid' || !account) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'That order has no receipt.');
  return renderReceiptPdf({ order: publicOrder(order), billingInfo, accountEmail: account.login, language: account.language, timeZone: account.timezone });
}

export async function previewReceipt({ tuid, orderId }: { tuid: string; orderId: string }): Promise<{ file: string }> {
  return { file: (await receiptPdf(tuid, orderId)).toString('base64') };
}

export async function downloadReceipt({ tuid, orderId }: { tuid: string; orderId: string }): Promise<HttpAnswer> {
  const pdf = await receiptPdf(tuid, orderId);
  return new HttpAnswer(200, pdf.toString('base64'), { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="order-receipt-${orderId}.pdf"` }, true);
}

/** One mail per recipient, tagged so that a hard bounce suspends that recipient. */
export async function mailReceipt(order: OrderRecord): Promise<void> {
  const [account, recipients] = await Promise.all([getAccount(order.tuid), receiptRecipients(order.tuid)]);
  if (!account) return;
  const total = formatMoney(order.total, order.currency);
  for (const to of recipients) {
    await enqueueMail({ ...receiptMail({ to, orderId: order.orderId, total, language: account.language, appUrl: config().APP_URL }), tags: receiptMailTags({ tuid: order.tuid, orderId: order.orderId }) });
  }
}
