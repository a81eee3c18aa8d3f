/**
 * Progress of a user's long jobs (import, export, campaign send), one item per job under the
 * user's account, overwritten by each report. Finished jobs expire soon after (filtered on read).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TProgressPayload } from '../../shared/schemas/realtime.js';
import { keys } from './keys.js';
import { isConditionFailure, listLiveItems, table, ttlSeconds } from './table-client.js';

type ProgressRecord = { userId: string; payload: TProgressPayload; reportedAt: string; expiresAt: number };

/**
 * Stores a job's latest progress. A report older than the stored one (a redelivered worker
 * message) is ignored; answers whether this one was stored.
 */
export async function putProgress(report: Omit<ProgressRecord, 'expiresAt'> & { visibleUntil: Date }): Promise<boolean> {
  const { db, name } = table();
  const record: ProgressRecord = { userId: report.userId, payload: report.payload, reportedAt: report.reportedAt, expiresAt: ttlSeconds(report.visibleUntil) };
  try {
    await db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.progress(record.userId, record.payload.id), ...record },
        ConditionExpression: 'attribute_not_exists(PK) OR reportedAt <= :reportedAt',
        ExpressionAttributeValues: { ':reportedAt': record.reportedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Access pattern: a user's current progress items, most recently reported first.
export async function listProgress(userId: string, now: Date): Promise<TProgressPayload[]> {
  const records = await listLiveItems<ProgressRecord>(keys.accountPartition(userId), keys.progressPrefix, now);
  return records.sort((a, b) => b.reportedAt.localeCompare(a.reportedAt)).map((record) => record.payload);
}
