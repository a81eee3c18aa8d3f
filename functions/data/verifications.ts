/**
 * Pending verification codes, one per account and purpose (the login email, or a new login
 * email). Only a hash of the code is stored. The resend cooldown and the guess limit are
 * conditions on the writes, so concurrent sends or guesses cannot both pass them.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { conditionHeld, table, ttlSeconds, unlessConditionFails } from './table-client.js';

export type VerificationPurpose = 'login' | 'change-email';

export type VerificationRecord = {
  tuid: string;
  purpose: VerificationPurpose;
  email: string;
  codeHash: string;
  /** When the first code of this round was sent. */
  createTime: string;
  lastSendTime: string;
  /** Epoch ms of lastSendTime, for the cooldown condition. */
  lastSendAt: number;
  attempts: number;
  expiresAt: number;
  /** Why the last code to `email` bounced, as the mail server said it; absent until one does. */
  bounceMessage?: string;
  bounceDetails?: string;
};

export class CooldownError extends Error {
  constructor(readonly lastSendAt: number) {
    super('verification code sent too recently');
  }
}

export async function getVerification(tuid: string, purpose: VerificationPurpose, now: Date): Promise<VerificationRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.verification(tuid, purpose), ConsistentRead: true }));
  const record = answer.Item as VerificationRecord | undefined;
  return record && record.expiresAt > ttlSeconds(now) ? record : null;
}

/** Stores a new code unless one was sent to any address within the cooldown; throws CooldownError. */
export async function putVerification(record: VerificationRecord, cooldownMs: number): Promise<void> {
  const { db, name } = table();
  const stored = await conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.verification(record.tuid, record.purpose), ...record },
        ConditionExpression: 'attribute_not_exists(PK) OR lastSendAt <= :cutoff',
        ExpressionAttributeValues: { ':cutoff': record.lastSendAt - cooldownMs },
      }),
    ),
  );
  if (stored) return;
  const current = await getVerification(record.tuid, record.purpose, new Date(record.lastSendAt));
  throw new CooldownError(current?.lastSendAt ?? record.lastSendAt);
}

/**
 * Counts one guess at the code before it is compared: an atomic increment that holds only while
 * the code is unexpired and has guesses left. Answers the record as counted, or null when no
 * guess is left (or there is no code).
 */
export async function claimGuess(tuid: string, purpose: VerificationPurpose, maxAttempts: number, now: Date): Promise<VerificationRecord | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.verification(tuid, purpose),
        ConditionExpression: 'attribute_exists(PK) AND attempts < :max AND expiresAt > :now',
        UpdateExpression: 'ADD attempts :one',
        ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts, ':now': ttlSeconds(now) },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!answer) return null;
  return answer.Attributes as VerificationRecord;
}

export async function deleteVerification(tuid: string, purpose: VerificationPurpose): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.verification(tuid, purpose) }));
}


/**
 * Notes that the code sent at `lastSendAt` bounced; a code sent since (a resend, another
 * address) is left alone. Answers the record as updated, or null when no longer current.
 */
export async function recordVerificationBounce(options: {
  tuid: string;
  purpose: VerificationPurpose;
  lastSendAt: number;
  bounceMessage: string;
  bounceDetails: string;
}): Promise<VerificationRecord | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.verification(options.tuid, options.purpose),
        ConditionExpression: 'attribute_exists(PK) AND lastSendAt = :sent',
        UpdateExpression: 'SET bounceMessage = :message, bounceDetails = :details',
        ExpressionAttributeValues: { ':sent': options.lastSendAt, ':message': options.bounceMessage, ':details': options.bounceDetails },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!answer) return null;
  return answer.Attributes as VerificationRecord;
}
