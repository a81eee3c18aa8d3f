/**
 * Billing info and invoice recipients (billing §3, §5, §7): the billed-to block of a receipt, and
 * the addresses besides the login email that receipts are mailed to. The login email's row is
 * made here from the account, never stored: it is listed first and cannot be changed. A receipt
 * mail that hard-bounces suspends its recipient (noteReceiptBounce, from the delivery-events worker).
 */
import { normalizeEmail } from '../../../shared/domain/email.js';
import { BILLING_LIMITS, editedBillingInfo, SELF_RECIPIENT_ID, type BillingInfo } from '../../../shared/domain/billing-details.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TInvoiceRecipient } from '../../../shared/schemas/billing.js';
import { getAccount } from '../../data/accounts.js';
import { getBillingInfo, saveBillingInfo } from '../../data/billing-info.js';
import {
  addInvoiceRecipient,
  changeInvoiceRecipient,
  deleteInvoiceRecipient,
  getInvoiceRecipient,
  listInvoiceRecipients,
  setInvoiceRecipientStatus,
  suspendInvoiceRecipient,
  type InvoiceRecipientRecord,
  type RecipientWrite,
} from '../../data/invoice-recipients.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';

type Account = { tuid: string };

export async function readBillingInfo({ tuid }: Account): Promise<{ data: BillingInfo | null }> {
  return { data: await getBillingInfo(tuid) };
}

/** PUT billingInfo: all three fields, whether the account had billing info or not. */
export async function putBillingInfo({ tuid, info, now }: Account & { info: BillingInfo; now: Date }): Promise<{ data: BillingInfo }> {
  await saveBillingInfo(tuid, info, now);
  return { data: info };
}

/** POST billingInfo (the edit): fields left out keep their value; an edit that changes nothing writes nothing. */
export async function editBillingInfo({ tuid, edit, now }: Account & { edit: Partial<BillingInfo>; now: Date }): Promise<{ data: BillingInfo }> {
  const current = await getBillingInfo(tuid);
  if (!current) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The account has no billing info to edit yet; add it first.');
  const next = editedBillingInfo(current, edit);
  if (next) await saveBillingInfo(tuid, next, now);
  return { data: next ?? current };
}

function recipientOf(record: InvoiceRecipientRecord): TInvoiceRecipient {
  return { id: record.id, name: record.name, email: record.email, status: record.status, isSelf: false };
}

/** The list of billing §7: the login email's row first, then the recipients in the order they were added. */
export async function listRecipients({ tuid }: Account): Promise<{ data: TInvoiceRecipient[] }> {
  const [account, recipients] = await Promise.all([getAccount(tuid), listInvoiceRecipients(tuid)]);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The account no longer exists.');
  const self: TInvoiceRecipient = { id: SELF_RECIPIENT_ID, name: account.fullname, email: account.login, status: 'valid', isSelf: true };
  return { data: [self, ...recipients.map(recipientOf)] };
}

const emailTaken = () => new AppError(ERROR_CODES.RECIPIENT_EMAIL_USED, 'This email already gets the receipts.');
const recipientGone = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This recipient no longer exists.');

/** The login email gets every receipt already: it is never a recipient of its own. */
async function refuseLoginEmail(tuid: string, email: string): Promise<void> {
  const account = await getAccount(tuid);
  if (account?.login === email) throw emailTaken();
}

async function existingRecipient(tuid: string, id: string): Promise<InvoiceRecipientRecord> {
  if (id === SELF_RECIPIENT_ID) throw new AppError(ERROR_CODES.INVALID_INPUT, 'id: the login email gets every receipt and cannot be changed here.');
  const recipient = await getInvoiceRecipient(tuid, id);
  if (!recipient) throw recipientGone();
  return recipient;
}

function settle(outcome: RecipientWrite): void {
  if (outcome === 'emailTaken') throw emailTaken();
  if (outcome === 'notFound') throw recipientGone();
}

export async function addRecipient({ tuid, name, email, now }: Account & { name: string; email: string; now: Date }): Promise<{ data: TInvoiceRecipient[] }> {
  const recipients = await listInvoiceRecipients(tuid);
  if (recipients.length >= BILLING_LIMITS.recipients) throw new AppError(ERROR_CODES.LIMIT_REACHED, `An account has at most ${BILLING_LIMITS.recipients} invoice recipients.`);
  await refuseLoginEmail(tuid, email);
  settle(await addInvoiceRecipient(tuid, { id: timeOrderedId(now), name, email, status: 'valid', createTime: now.toISOString() }));
  return listRecipients({ tuid });
}

/** PUT recipients/email: the email is required; a name left out keeps its value. */
export async function editRecipient({ tuid, id, name, email }: Account & { id: string; name?: string; email: string }): Promise<{ data: TInvoiceRecipient[] }> {
  const current = await existingRecipient(tuid, id);
  if (email !== current.email) await refuseLoginEmail(tuid, email);
  const next = { name: name ?? current.name, email };
  if (next.name !== current.name || next.email !== current.email) settle(await changeInvoiceRecipient(tuid, current, next));
  return listRecipients({ tuid });
}

export async function deleteRecipient({ tuid, id }: Account & { id: string }): Promise<{ data: TInvoiceRecipient[] }> {
  const current = await existingRecipient(tuid, id);
  if (!(await deleteInvoiceRecipient(tuid, current))) throw recipientGone();
  return listRecipients({ tuid });
}

/** POST recipients/updateNotificationEmailStatus: a suspended recipient gets receipts again (a valid one stays valid). */
export async function resetRecipient({ tuid, id, email }: Account & { id: string; email: string }): Promise<{ data: TInvoiceRecipient[] }> {
  const current = await existingRecipient(tuid, id);
  if (current.email !== email || !(await setInvoiceRecipientStatus(tuid, id, email, 'valid'))) throw recipientGone();
  return listRecipients({ tuid });
}

/**
 * The SES message tags of a receipt mail: whoever sends one passes them to enqueueMail, and a
 * bounce of it comes back to noteReceiptBounce through the delivery-events worker.
 */
export function receiptMailTags({ tuid, orderId }: { tuid: string; orderId: string }): Record<string, string> {
  return { receipt: orderId, tuid };
}

/** A receipt mail bounced: a hard bounce suspends the recipients it names; a soft one may deliver next time. */
export async function noteReceiptBounce(options: { tags: Readonly<Record<string, string | undefined>>; bounceType: string; addresses: readonly string[] }): Promise<void> {
  const { tuid, receipt: orderId } = options.tags;
  if (!tuid || !orderId || options.bounceType !== 'Permanent') return;
  for (const address of options.addresses) {
    const suspended = await suspendInvoiceRecipient(tuid, normalizeEmail(address));
    if (suspended) logger.info('Invoice recipient suspended after a hard bounce', { tuid, orderId });
  }
}
