/** Plans & orders (billing §2 /plans-and-orders): the account's plans with their terms, its balances by credit kind, and its orders. */
import { CREDIT_KINDS, type TCreditKind, type TOrder, type TPlan } from '../../../shared/schemas/payments.js';
import { getAccount } from '../../data/accounts.js';
import { listOrders, type OrderRecord } from '../../data/orders.js';
import { listPlans } from '../../data/plans.js';

export function publicOrder(order: OrderRecord): TOrder {
  const { orderId, createTime, state, currency, pricebookVersion, lines, total, recurring, card, paidTime } = order;
  return { orderId, createTime, state, currency, pricebookVersion, lines, total, recurring, card, paidTime };
}

export async function plansAndBalances({ tuid }: { tuid: string }): Promise<{ plans: TPlan[]; balances: Record<TCreditKind, number> }> {
  const [account, plans] = await Promise.all([getAccount(tuid), listPlans(tuid)]);
  const balances = Object.fromEntries(CREDIT_KINDS.map((kind) => [kind, account?.credits[kind] ?? 0])) as Record<TCreditKind, number>;
  return { plans: plans.map(({ paymentMethodId: _card, ...plan }) => plan).sort((a, b) => b.startTime.localeCompare(a.startTime)), balances };
}

/** Orders newest first; an order never charged (its Pay Now failed before Stripe answered) is listed as failed by its state. */
export async function ordersOf({ tuid }: { tuid: string }): Promise<{ orders: TOrder[] }> {
  return { orders: (await listOrders(tuid)).map(publicOrder) };
}
