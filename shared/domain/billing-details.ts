/**
 * Billing info and invoice recipients (billing §3, §5): the limits and the edit rules the API and
 * the dialogs share. Pure: no I/O.
 */

/** Field lengths of billing info and of a recipient; long enough for a company's full legal name and a postal address. */
export const BILLING_LIMITS = {
  name: 100,
  company: 200,
  addressOne: 500,
  recipientName: 100,
  /** Recipients besides the login email's row: a receipt is one mail per address. */
  recipients: 20,
} as const;

export type BillingInfo = { name: string; company: string; addressOne: string };

/**
 * The billing info an edit leaves (billing §5: unchanged fields keep their old value), or null
 * when it changes nothing and so is no change at all.
 */
export function editedBillingInfo(current: BillingInfo, edit: Partial<BillingInfo>): BillingInfo | null {
  const next: BillingInfo = { name: edit.name ?? current.name, company: edit.company ?? current.company, addressOne: edit.addressOne ?? current.addressOne };
  const changed = next.name !== current.name || next.company !== current.company || next.addressOne !== current.addressOne;
  return changed ? next : null;
}

export const RECIPIENT_STATUSES = ['valid', 'suspended'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The id of the row that stands for the account's login email: listed first, never edited, deleted or reset. */
export const SELF_RECIPIENT_ID = 'self';
