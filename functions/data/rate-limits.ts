/**
 * Fixed-window attempt counters (login, sign-up, code sending). One atomic ADD per attempt;
 * the window item expires by TTL, and reads only ever look at the current window.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table } from './table-client.js';

/** Counts one attempt in the current window and answers the count so far and when the window ends. */
export async function countAttempt(scope: string, subject: string, windowSeconds: number, now: Date) {
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
  return { attempts: Number(answer.Attributes?.attempts ?? 1), retryAfterSeconds: windowEnd - nowSeconds };
}
