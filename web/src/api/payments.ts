import { payments } from '../../../shared/contracts/payments.js';
import type { TCard, TOrder, TPlan } from '../../../shared/schemas/payments.js';
import { callRoute, useRoute } from './routes.js';

export type { TCard, TOrder, TPlan };

/** Balances and orders change outside this page (a send spends credits, a webhook pays an order): read them again on every visit. */
const FRESH_ON_MOUNT = { dedupingInterval: 0 } as const;

/** The account's plans and balances by credit kind (plans & orders; refetched when an order is paid). */
export function usePlans() {
  const { data, error, isLoading, mutate } = useRoute(payments.routes.plans, {}, FRESH_ON_MOUNT);
  return { plans: data?.plans, balances: data?.balances, error, isLoading, refetch: () => mutate() };
}

export function useOrders() {
  const { data, error, isLoading, mutate } = useRoute(payments.routes.orders, {}, FRESH_ON_MOUNT);
  return { orders: data?.orders, error, isLoading, refetch: () => mutate() };
}

/** The saved cards of the account's customer in `currency` (billing §2 card list). */
export function useCards(currency: string | null) {
  const { data, error, isLoading, mutate } = useRoute(payments.routes.cards, currency ? { params: { currencyName: currency } } : null);
  return { cards: data?.validCardsList, error, isLoading, refetch: () => mutate() };
}

export function startAddCard(currencyName: string) {
  return callRoute(payments.routes.addCard, { body: { currencyName } });
}

export function startChangeCard(currencyName: string, paymentMethod: string) {
  return callRoute(payments.routes.updateCard, { body: { currencyName, paymentMethod } });
}

export function deleteCard(currencyName: string, card: TCard) {
  return callRoute(payments.routes.deleteCard, { body: { currencyName, paymentMethodId: card.id, cardId: card.id } });
}

export function createOrder(body: { billingInterval: 'monthly' | 'quarterly' | 'annually' | 'oneoff'; rate: number; name: string; cardId: string; paymentMethodId: string }) {
  return callRoute(payments.routes.createOrder, { body });
}

export function confirmOrder(orderId: string) {
  return callRoute(payments.routes.confirmOrder, { body: { orderId } });
}
