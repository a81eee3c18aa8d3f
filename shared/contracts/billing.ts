/** Billing info and invoice recipients (billing §7), on the user's own account. */
import {
  ZAddRecipientRequest,
  ZBillingInfoResponse,
  ZDeleteRecipientRequest,
  ZEditBillingInfoRequest,
  ZEditRecipientRequest,
  ZInvoiceRecipientsResponse,
  ZPutBillingInfoRequest,
  ZResetRecipientRequest,
} from '../schemas/billing.js';
import { OWN_ACCOUNT, defineGroup, route } from './route.js';

const BILLING = 'plansAndBillings';
// Billing §9's 50 s is the default client timeout.
const billingCall = { access: OWN_ACCOUNT } as const;

export const billing = defineGroup('billing', {
  getBillingInfo: route({ method: 'GET', path: `${BILLING}/billingInfo`, ...billingCall, answer: ZBillingInfoResponse }),
  putBillingInfo: route({ method: 'PUT', path: `${BILLING}/billingInfo`, ...billingCall, body: ZPutBillingInfoRequest, answer: ZBillingInfoResponse }),
  editBillingInfo: route({ method: 'POST', path: `${BILLING}/billingInfo`, ...billingCall, body: ZEditBillingInfoRequest, answer: ZBillingInfoResponse }),
  listRecipients: route({ method: 'GET', path: `${BILLING}/recipients/email`, ...billingCall, answer: ZInvoiceRecipientsResponse }),
  addRecipient: route({ method: 'POST', path: `${BILLING}/recipients/email`, ...billingCall, body: ZAddRecipientRequest, answer: ZInvoiceRecipientsResponse }),
  editRecipient: route({ method: 'PUT', path: `${BILLING}/recipients/email`, ...billingCall, body: ZEditRecipientRequest, answer: ZInvoiceRecipientsResponse }),
  deleteRecipient: route({ method: 'DELETE', path: `${BILLING}/recipients/email`, ...billingCall, body: ZDeleteRecipientRequest, answer: ZInvoiceRecipientsResponse }),
  resetRecipient: route({ method: 'POST', path: `${BILLING}/recipients/updateNotificationEmailStatus`, ...billingCall, body: ZResetRecipientRequest, answer: ZInvoiceRecipientsResponse }),
});
