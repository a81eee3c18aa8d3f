/**
 * Delivery claims for outbound mail: a message id is claimed before sending and marked sent
 * after, so a redelivered queue message never sends twice. A claim left by a crashed worker is
 * taken over once it is older than the queue's visibility timeout.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { isConditionFailure, table, ttlSeconds } from './table-client.js';

const KEEP_DAYS = 14;

/** Answers 'claimed' when this worker may send, 'sent' when it was sent already, 'busy' when another worker holds it. */
export async function claimMailDelivery(id: string, now: Date, staleAfterMs: number): Promise<'claimed' | 'sent' | 'busy'> {
  const { db, name } = table();
  try {
    await db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.mailDelivery(id), state: 'sending', claimedAt: now.getTime(), expiresAt: ttlSeconds(now) + KEEP_DAYS * 86400 },
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :sending AND claimedAt < :stale)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':sending': 'sending', ':stale': now.getTime() - staleAfterMs },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = (error as { Item?: Record<string, { S?: string }> }).Item;
    return existing?.state?.S === 'sent' ? 'sent' : 'busy';
  }
}

export async function markMailSent(id: string, messageId: string): Promise<void> {
  const { db, name } = table();
  await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.mailDelivery(id),
      UpdateExpression: 'SET #state = :sent, providerMessageId = :mid',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':sent': 'sent', ':mid': messageId },
    }),
  );
}
