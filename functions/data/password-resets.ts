/**
 * Pending password resets: one item per mailed link, found by the SHA-256 of the link's token
 * (the token itself is never stored). Taking one deletes it in the same write, so a link works once.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table, ttlSeconds, unlessConditionFails } from './table-client.js';

export type PasswordResetRecord = {
  tokenHash: string;
  tuid: string;
  /** A digest of the password hash when the link was mailed: any later change of password voids the link. */
  passwordStamp: string;
  createdAt: string;
  /** Epoch seconds after which the link is void (also the TTL attribute). */
  expiresAt: number;
};

export async function putPasswordReset(record: PasswordResetRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.passwordReset(record.tokenHash), ...record } }));
}

// Access pattern: a pending reset by its token's hash; an expired one reads as absent.
export async function getPasswordReset(tokenHash: string, now: Date): Promise<PasswordResetRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.passwordReset(tokenHash), ConsistentRead: true }));
  const record = answer.Item as PasswordResetRecord | undefined;
  return record && record.expiresAt > ttlSeconds(now) ? record : null;
}

/** Deletes the reset and answers it, if it exists and has not expired; of two concurrent takes one wins. */
export async function takePasswordReset(tokenHash: string, now: Date): Promise<PasswordResetRecord | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new DeleteCommand({
        TableName: name,
        Key: keys.passwordReset(tokenHash),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': ttlSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  return (answer?.Attributes as PasswordResetRecord | undefined) ?? null;
}
