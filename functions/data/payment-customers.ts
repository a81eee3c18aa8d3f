/** The account's Stripe customer per currency: made once, then reused for its cards and orders. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { isConditionFailure, table } from './table-client.js';

export async function getPaymentCustomerId(tuid: string, currency: string): Promise<string | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.paymentCustomer(tuid, currency), ConsistentRead: true }));
  return (answer.Item?.customerId as string | undefined) ?? null;
}

/** Records the customer unless another call recorded one first; answers the one that stands. */
export async function savePaymentCustomerId(tuid: string, currency: string, customerId: string, now: Date): Promise<string> {
  const { db, name } = table();
  try {
    await db.send(new PutCommand({ TableName: name, Item: { ...keys.paymentCustomer(tuid, currency), customerId, createTime: now.toISOString() }, ConditionExpression: 'attribute_not_exists(PK)' }));
    return customerId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getPaymentCustomerId(tuid, currency)) ?? customerId;
  }
}
