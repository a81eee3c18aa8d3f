/** Billing info and invoice recipients (billing §7): read with swr, and each change answers the new state, put straight into the cache. */
import { mutate } from 'swr';
import { billing } from '../../../shared/contracts/billing.js';
import type { BillingInfo } from '../../../shared/domain/billing-details.js';
import type { TInvoiceRecipient } from '../../../shared/schemas/billing.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TInvoiceRecipient } from '../../../shared/schemas/billing.js';

const BILLING_INFO_KEY = routeKey(billing.routes.getBillingInfo, {});
const RECIPIENTS_KEY = routeKey(billing.routes.listRecipients, {});

export function useBillingInfo() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(billing.routes.getBillingInfo, {});
  return { billingInfo: data?.data, error, isLoading, refetch: () => revalidate() };
}

/**
 * Saves the billing info: the first time with PUT (all three fields), after that with POST's edit,
 * which sends only the fields that changed (billing §5).
 */
export async function saveBillingInfo(current: BillingInfo | null, next: BillingInfo): Promise<void> {
  const answer = current
    ? await callRoute(billing.routes.editBillingInfo, {
        body: {
          name: next.name !== current.name ? next.name : undefined,
          company: next.company !== current.company ? next.company : undefined,
          address1: next.addressOne !== current.addressOne ? next.addressOne : undefined,
        },
      })
    : await callRoute(billing.routes.putBillingInfo, { body: next });
  await mutate(BILLING_INFO_KEY, answer, { revalidate: false });
}

export function useInvoiceRecipients() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(billing.routes.listRecipients, {});
  return { recipients: data?.data, error, isLoading, refetch: () => revalidate() };
}

async function changeRecipients(change: Promise<{ data: TInvoiceRecipient[] }>): Promise<void> {
  await mutate(RECIPIENTS_KEY, await change, { revalidate: false });
}

export function addInvoiceRecipient(recipient: { name: string; email: string }): Promise<void> {
  return changeRecipients(callRoute(billing.routes.addRecipient, { body: recipient }));
}

/** The email is always sent (billing §5: required on edit); the name only when it changed. */
export function editInvoiceRecipient(recipient: { id: string; name?: string; email: string }): Promise<void> {
  return changeRecipients(callRoute(billing.routes.editRecipient, { body: recipient }));
}

export function deleteInvoiceRecipient(id: string): Promise<void> {
  return changeRecipients(callRoute(billing.routes.deleteRecipient, { body: { id } }));
}

/** Re-enables a suspended recipient; its email tells the server which address the user saw. */
export function resetInvoiceRecipient(recipient: Pick<TInvoiceRecipient, 'id' | 'email'>): Promise<void> {
  return changeRecipients(callRoute(billing.routes.resetRecipient, { body: { id: recipient.id, email: recipient.email } }));
}
