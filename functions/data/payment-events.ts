/** Stripe events already handled, kept a month (Stripe retries an event for three days). */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table, ttlSeconds } from './table-client.js';

const KEEP_MS = 30 * 86_400_000;

export async function wasEventHandled(eventId: string): Promise<boolean> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.paymentEvent(eventId), ConsistentRead: true }));
  return answer.Item !== undefined;
}

export async function markEventHandled(eventId: string, type: string, now: Date): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.paymentEvent(eventId), type, handledTime: now.toISOString(), expiresAt: ttlSeconds(new Date(now.getTime() + KEEP_MS)) } }));
}
