import { z } from 'zod';
import { BILLING_LIMITS, RECIPIENT_STATUSES } from '../domain/billing-details.js';
import { isSingleLineText } from '../domain/text.js';
import { ZEmail } from './common.js';

/** A required text field: trimmed, 1 to `max` characters. */
const ZRequiredText = (max: number) => z.string().trim().min(1).max(max);

/** Billing §3 "Billing info". */
export const ZBillingInfo = z.object({ name: z.string(), company: z.string(), addressOne: z.string() });
export type TBillingInfo = z.infer<typeof ZBillingInfo>;
/** GET billingInfo: null until the account has given it. */
export const ZBillingInfoResponse = z.object({ data: ZBillingInfo.nullable() });

const ZBillingName = ZRequiredText(BILLING_LIMITS.name).refine(isSingleLineText, { message: 'one line of text' });
const ZBillingCompany = ZRequiredText(BILLING_LIMITS.company).refine(isSingleLineText, { message: 'one line of text' });
/** An address may run over several lines. */
const ZBillingAddress = ZRequiredText(BILLING_LIMITS.addressOne);

/** PUT billingInfo (billing §7): the account's billing info, all three fields. */
export const ZPutBillingInfoRequest = z.strictObject({ name: ZBillingName, company: ZBillingCompany, addressOne: ZBillingAddress });
/** POST billingInfo (billing §7, the edit): the address is `address1` here; a field left out keeps its value (billing §5). */
export const ZEditBillingInfoRequest = z.strictObject({ name: ZBillingName.optional(), company: ZBillingCompany.optional(), address1: ZBillingAddress.optional() });

/** Billing §3 "Invoice recipient"; `isSelf` is the account's login email, always first. */
export const ZInvoiceRecipient = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  isSelf: z.boolean(),
});
export type TInvoiceRecipient = z.infer<typeof ZInvoiceRecipient>;
export const ZInvoiceRecipientsResponse = z.object({ data: z.array(ZInvoiceRecipient) });

const ZRecipientName = ZRequiredText(BILLING_LIMITS.recipientName).refine(isSingleLineText, { message: 'one line of text' });
const ZRecipientId = z.string().min(1).max(64);

/** POST recipients/email: name required (billing §5). */
export const ZAddRecipientRequest = z.strictObject({ name: ZRecipientName, email: ZEmail });
/** PUT recipients/email: the email is required and valid on edit too; a name left out keeps its value. */
export const ZEditRecipientRequest = z.strictObject({ id: ZRecipientId, name: ZRecipientName.optional(), email: ZEmail });
/** DELETE recipients/email. */
export const ZDeleteRecipientRequest = z.strictObject({ id: ZRecipientId });
/** POST recipients/updateNotificationEmailStatus: the email must still be the recipient's, so a stale dialog resets nothing. */
export const ZResetRecipientRequest = z.strictObject({ id: ZRecipientId, email: ZEmail });
