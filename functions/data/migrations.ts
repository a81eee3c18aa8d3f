/**
 * Data migrations' records, one item each: the resume point of one still running (the last key its
 * scan had finished), and when it finished. A migration recorded as done is never run again.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table } from './table-client.js';

export type MigrationRecord = { doneTime: string | null; resumeKey: Record<string, unknown> | null };

// Access pattern: one migration's record (consistent: a restart resumes where the last page ended).
export async function getMigration(name: string): Promise<MigrationRecord> {
  const { db, name: tableName } = table();
  const answer = await db.send(new GetCommand({ TableName: tableName, Key: keys.migration(name), ConsistentRead: true }));
  const item = answer.Item;
  return { doneTime: typeof item?.doneTime === 'string' ? item.doneTime : null, resumeKey: (item?.resumeKey as Record<string, unknown> | undefined) ?? null };
}

/** Records where a running migration resumes: after the page that ended at `resumeKey`. */
export async function saveMigrationResumeKey(name: string, resumeKey: Record<string, unknown>): Promise<void> {
  const { db, name: tableName } = table();
  await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.migration(name), resumeKey } }));
}

export async function markMigrationDone(name: string, now: Date): Promise<void> {
  const { db, name: tableName } = table();
  await db.send(new PutCommand({ TableName: tableName, Item: { ...keys.migration(name), doneTime: now.toISOString() } }));
}
