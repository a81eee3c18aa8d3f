/** The user's past sign-ins, one item each under the user's account, kept for a while by TTL. */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { TLoginAlert } from '../../shared/schemas/session.js';
import { keys } from './keys.js';
import { table } from './table-client.js';

export type SignInRecord = TLoginAlert & { sid: string; expiresAt: number };

export async function putSignIn(loginTuid: string, record: SignInRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.signIn(loginTuid, record.time, record.sid), ...record } }));
}

// Access pattern: a user's latest sign-ins, newest first.
export async function listRecentSignIns(loginTuid: string, limit: number, now: Date): Promise<SignInRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(loginTuid), ':prefix': keys.signInPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  // TTL deletion lags: an expired item may still be read.
  return ((answer.Items ?? []) as SignInRecord[]).filter((item) => item.expiresAt > Math.floor(now.getTime() / 1000));
}
