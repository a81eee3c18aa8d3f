/**
 * Announcements are provider-wide, newest first in one partition; each user's read marks are
 * items under the user's account.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { table } from './table-client.js';

export type AnnouncementRecord = {
  id: string;
  title: string;
  preview: string;
  content: string;
  published_time: string;
  pop_up: boolean;
  valid_date: string | null;
  important: boolean;
};

// Access pattern: the newest published announcements, one page (page numbers from 1).
export async function listAnnouncements(page: number, limit: number): Promise<AnnouncementRecord[]> {
  const { db, name } = table();
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.announcementPartition },
      ScanIndexForward: false,
      Limit: page * limit,
    }),
  );
  return ((answer.Items ?? []) as AnnouncementRecord[]).slice((page - 1) * limit);
}

// Access pattern: which of these announcements a user has read.
export async function readAnnouncementIds(userId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { db, name } = table();
  const answer = await db.send(
    new BatchGetCommand({ RequestItems: { [name]: { Keys: ids.map((id) => keys.announcementRead(userId, id)), ProjectionExpression: 'SK' } } }),
  );
  const prefix = keys.announcementRead(userId, '').SK;
  return new Set((answer.Responses?.[name] ?? []).map((item) => String(item.SK).slice(prefix.length)));
}
