/**
 * Attempt counters: fixed windows (sign-up, code sending, sign-in failures per source), one
 * atomic ADD per attempt, and failure backoffs (sign-in per account and source), one guarded
 * write per attempt. Items expire by TTL; reads only ever look at what is still current.
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { conditionHeld, table } from './table-client.js';

export type AttemptCount = { attempts: number; retryAfterSeconds: number; windowStart: number };

/** Counts one attempt in the current window and answers the count so far and when the window ends. */
export async function countAttempt(scope: string, subject: string, windowSeconds: number, now: Date): Promise<AttemptCount> {
  const { db, name } = table();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windowStart = nowSeconds - (nowSeconds % windowSeconds);
  const windowEnd = windowStart + windowSeconds;
  const answer = await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.rateWindow(scope, subject, windowStart),
      UpdateExpression: 'ADD attempts :one SET expiresAt = :expires',
      ExpressionAttributeValues: { ':one': 1, ':expires': windowEnd + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { attempts: Number(answer.Attributes?.attempts ?? 1), retryAfterSeconds: windowEnd - nowSeconds, windowStart };
}

/** Takes back an attempt counted in the window starting at `windowStart` (it turned out not to count). */
export async function uncountAttempt(scope: string, subject: string, windowStart: number): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.rateWindow(scope, subject, windowStart),
        ConditionExpression: 'attempts > :zero',
        UpdateExpression: 'ADD attempts :minusOne',
        ExpressionAttributeValues: { ':zero': 0, ':minusOne': -1 },
      }),
    ),
  );
}

export type Backoff = {
  /** Failures in a row (a try in progress counts as one until it succeeds). */
  failures: number;
  /** Epoch ms before which no further try is allowed. */
  nextTryAt: number;
  /** Epoch seconds after which the failures are forgotten (also the TTL attribute). */
  expiresAt: number;
};

// Access pattern: the failure backoff of one subject; a forgotten one reads as absent.
export async function getBackoff(scope: string, subject: string, now: Date): Promise<Backoff | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.rateBackoff(scope, subject), ConsistentRead: true }));
  const item = answer.Item as Backoff | undefined;
  return item && item.expiresAt > Math.floor(now.getTime() / 1000) ? item : null;
}

/**
 * Stores the backoff after one more failure, only if no other try was counted since `seen` was
 * read (so concurrent tries cannot share one count); answers false when another one was.
 */
export async function putBackoff(scope: string, subject: string, seen: Backoff | null, next: Backoff, now: Date): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.rateBackoff(scope, subject),
        ConditionExpression: 'attribute_not_exists(PK) OR failures = :seen OR expiresAt <= :now',
        UpdateExpression: 'SET failures = :failures, nextTryAt = :nextTryAt, expiresAt = :expiresAt',
        ExpressionAttributeValues: {
          ':seen': seen?.failures ?? 0,
          ':now': Math.floor(now.getTime() / 1000),
          ':failures': next.failures,
          ':nextTryAt': next.nextTryAt,
          ':expiresAt': next.expiresAt,
        },
      }),
    ),
  );
}

export async function deleteBackoff(scope: string, subject: string): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.rateBackoff(scope, subject) }));
}
