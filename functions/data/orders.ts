/**
 * Orders (billing §3 "Order"), their payment intents and the account's checkout lock. An order is
 * written `pending` before Stripe is asked to charge, so a charge always has its order; it is
 * settled (`paid`, with its credits, ledger entries and plans) in one transaction whose condition
 * makes a second settlement change nothing, whichever of the browser's confirmation and Stripe's
 * webhook comes first.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TOrder } from '../../shared/schemas/payments.js';
import { entryPut, type PurchaseEntry } from './credit-ledger.js';
import { keys } from './keys.js';
import { planPut, type PlanRecord } from './plans.js';
import { cancellationCodes, table, transactWrite, ttlSeconds, unlessConditionFails } from './table-client.js';

export type OrderRecord = TOrder & {
  tuid: string;
  customerId: string;
  paymentMethodId: string;
  paymentIntentId: string | null;
  /** The cart lines the order pays for: removed from the cart when it is paid. */
  cartLineIds: string[];
  failure: { code: string; message: string } | null;
};

/** How long an unfinished Pay Now blocks the next one (a 3-D Secure page left open). */
export const CHECKOUT_LOCK_MS = 15 * 60_000;

export type CheckoutLock = { orderId: string; expiresAt: number };

export async function getCheckoutLock(tuid: string, now: Date): Promise<CheckoutLock | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.checkoutLock(tuid), ConsistentRead: true }));
  if (!answer.Item || (answer.Item.expiresAt as number) <= ttlSeconds(now)) return null;
  return { orderId: answer.Item.orderId as string, expiresAt: answer.Item.expiresAt as number };
}

/** Writes the pending order and takes the account's checkout lock, both or neither: false when another Pay Now holds it. */
export async function startOrder(order: OrderRecord, now: Date): Promise<boolean> {
  const { name } = table();
  try {
    await transactWrite([
      {
        Put: {
          TableName: name,
          Item: { ...keys.checkoutLock(order.tuid), orderId: order.orderId, expiresAt: ttlSeconds(new Date(now.getTime() + CHECKOUT_LOCK_MS)) },
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
          ExpressionAttributeValues: { ':now': ttlSeconds(now) },
        },
      },
      { Put: { TableName: name, Item: { ...keys.order(order.tuid, order.orderId), ...order }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Releases the lock if this order still holds it (a later order may hold it once it expired). */
export async function releaseCheckoutLock(tuid: string, orderId: string): Promise<void> {
  const { db, name } = table();
  await unlessConditionFails(db.send(new DeleteCommand({ TableName: name, Key: keys.checkoutLock(tuid), ConditionExpression: 'orderId = :order', ExpressionAttributeValues: { ':order': orderId } })));
}

/** Records the payment intent that charges the order, and indexes it for Stripe's webhooks. */
export async function attachPaymentIntent(tuid: string, orderId: string, paymentIntentId: string): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.paymentIntentOrder(paymentIntentId), tuid, orderId } }));
  await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.order(tuid, orderId),
      UpdateExpression: 'SET paymentIntentId = :pi',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':pi': paymentIntentId },
    }),
  );
}

/** An order waiting for the buyer's authentication (3-D Secure); a settled or failed order stays as it is. */
export async function markRequiresAction(tuid: string, orderId: string): Promise<void> {
  const { db, name } = table();
  await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.order(tuid, orderId),
        UpdateExpression: 'SET #state = :action',
        ConditionExpression: '#state = :pending',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':action': 'requiresAction', ':pending': 'pending' },
      }),
    ),
  );
}

/** A payment that failed: the order says why and the lock is released. A paid order is never marked failed. */
export async function failOrder(tuid: string, orderId: string, failure: { code: string; message: string }): Promise<void> {
  const { db, name } = table();
  await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.order(tuid, orderId),
        UpdateExpression: 'SET #state = :failed, failure = :failure',
        ConditionExpression: 'attribute_exists(PK) AND #state <> :paid',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':failed': 'failed', ':paid': 'paid', ':failure': failure },
      }),
    ),
  );
  await releaseCheckoutLock(tuid, orderId);
}

export type Settlement = {
  paidTime: string;
  card: TOrder['card'];
  plans: PlanRecord[];
  entries: PurchaseEntry[];
  /** Credits added per account credit field. */
  credits: Partial<Record<PurchaseEntry['kind'], number>>;
};

/**
 * Settles a paid order: its state, its credits with their ledger entries, its plans and its cart
 * lines, in one transaction. 'already' when it was settled before (nothing changes).
 */
export async function settleOrder(order: OrderRecord, settlement: Settlement): Promise<'settled' | 'already'> {
  const { name } = table();
  const fields = Object.entries(settlement.credits).filter(([, count]) => (count ?? 0) > 0);
  const accountChange = fields.length
    ? [
        {
          Update: {
            TableName: name,
            Key: keys.account(order.tuid),
            UpdateExpression: `SET ${fields.map((_, i) => `#credits.#k${i} = if_not_exists(#credits.#k${i}, :zero) + :n${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#credits': 'credits', ...Object.fromEntries(fields.map(([field], i) => [`#k${i}`, field])) },
            ExpressionAttributeValues: { ':zero': 0, ...Object.fromEntries(fields.map(([, count], i) => [`:n${i}`, count])) },
          },
        },
      ]
    : [];
  try {
    await transactWrite([
      {
        Update: {
          TableName: name,
          Key: keys.order(order.tuid, order.orderId),
          UpdateExpression: 'SET #state = :paid, paidTime = :time, card = :card, failure = :none',
          ConditionExpression: 'attribute_exists(PK) AND #state <> :paid',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':paid': 'paid', ':time': settlement.paidTime, ':card': settlement.card, ':none': null },
        },
      },
      ...settlement.entries.map((entry) => entryPut(order.tuid, entry)),
      ...accountChange,
      ...settlement.plans.map((plan) => planPut(order.tuid, plan)),
      ...order.cartLineIds.map((id) => ({ Delete: { TableName: name, Key: keys.cartItem(order.tuid, id) } })),
    ]);
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return 'already';
    throw error;
  }
  await releaseCheckoutLock(order.tuid, order.orderId);
  return 'settled';
}

function orderOf(item: Record<string, unknown>): OrderRecord {
  const { PK: _pk, SK: _sk, ...order } = item;
  return order as OrderRecord;
}

export async function getOrder(tuid: string, orderId: string): Promise<OrderRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.order(tuid, orderId), ConsistentRead: true }));
  return answer.Item ? orderOf(answer.Item) : null;
}

// Access pattern: the order a Stripe payment intent pays (webhooks).
export async function findOrderByPaymentIntent(paymentIntentId: string): Promise<OrderRecord | null> {
  const { db, name } = table();
  const index = await db.send(new GetCommand({ TableName: name, Key: keys.paymentIntentOrder(paymentIntentId), ConsistentRead: true }));
  if (!index.Item) return null;
  return getOrder(index.Item.tuid as string, index.Item.orderId as string);
}

// Access pattern: an account's orders, newest first.
export async function listOrders(tuid: string, limit = 100): Promise<OrderRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.orderPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (answer.Items ?? []).map(orderOf);
}
