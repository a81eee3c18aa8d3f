/**
 * Progress of a user's long jobs (import, export, campaign send), one item per job under the
 * user's account, overwritten by each report. Finished jobs expire soon after (filtered on read).
 * A running job's item is also in the index of running progress by its last report, so
 * housekeeping finds jobs no worker reports on any more; a job's own final report ends its item
 * for good, so a slower worker's late "still running" cannot bring it back.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TProgressPayload } from '../../shared/schemas/realtime.js';
import { keys } from './keys.js';
import { conditionHeld, listLiveItems, queryPages, table, ttlSeconds } from './table-client.js';

type ProgressRecord = { userId: string; payload: TProgressPayload; reportedAt: string; expiresAt: number; ended?: boolean };

/**
 * Stores a job's latest progress: `running` puts it in the index of running progress, `ended`
 * (the job's final report) makes it final. A report older than the stored one (a redelivered
 * worker message), or any report after a final one, is ignored; answers whether it was stored.
 */
export async function putProgress(report: Omit<ProgressRecord, 'expiresAt'> & { visibleUntil: Date; running: boolean }): Promise<boolean> {
  const { db, name } = table();
  const record: ProgressRecord = { userId: report.userId, payload: report.payload, reportedAt: report.reportedAt, expiresAt: ttlSeconds(report.visibleUntil), ...(report.ended ? { ended: true } : {}) };
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        Item: { ...keys.progress(record.userId, record.payload.id), ...record, ...(report.running ? keys.runningProgress(record.reportedAt, record.userId, record.payload.id) : {}) },
        ConditionExpression: 'attribute_not_exists(PK) OR (reportedAt <= :reportedAt AND attribute_not_exists(ended))',
        ExpressionAttributeValues: { ':reportedAt': record.reportedAt },
      }),
    ),
  );
}

// Access pattern: a user's current progress items, most recently reported first.
export async function listProgress(userId: string, now: Date): Promise<TProgressPayload[]> {
  const records = await listLiveItems<ProgressRecord>(keys.accountPartition(userId), keys.progressPrefix, now);
  return records.sort((a, b) => b.reportedAt.localeCompare(a.reportedAt)).map((record) => record.payload);
}

export type RunningProgress = { userId: string; payload: TProgressPayload; reportedAt: string };

// Access pattern: running jobs' progress last reported before an instant, oldest first, a page at a time.
export async function* listRunningProgressBefore(before: string): AsyncGenerator<RunningProgress[]> {
  for await (const page of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK < :before',
    ExpressionAttributeValues: { ':pk': keys.runningProgressPartition, ':before': before },
    Limit: 100,
  })) {
    yield page.map((item) => ({ userId: String(item.userId), payload: item.payload as TProgressPayload, reportedAt: String(item.reportedAt) }));
  }
}

/** Closes a running job's progress as aborted, unless the job reported since `reportedAt` (then it is alive after all). */
export async function closeStaleProgress(options: { item: RunningProgress; now: Date; visibleUntil: Date }): Promise<boolean> {
  const { item, now } = options;
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new PutCommand({
        TableName: name,
        // Not `ended`: a job that was only slow may still report and take its item back.
        Item: { ...keys.progress(item.userId, item.payload.id), userId: item.userId, payload: { ...item.payload, status: 'aborted' }, reportedAt: now.toISOString(), expiresAt: ttlSeconds(options.visibleUntil) },
        ConditionExpression: 'reportedAt = :reportedAt AND attribute_not_exists(ended)',
        ExpressionAttributeValues: { ':reportedAt': item.reportedAt },
      }),
    ),
  );
}
