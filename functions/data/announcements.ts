/**
 * Announcements are provider-wide, newest first in one partition; each user's read marks are
 * items under the user's account.
 */
import { BatchGetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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

/**
 * Access pattern: a user's read state for some announcements: the ids read one by one, and the
 * time of the last "mark all read" (everything published before it counts as read).
 */
export async function readAnnouncementState(userId: string, ids: string[]): Promise<{ readIds: Set<string>; readAllAt: string | null }> {
  const { db, name } = table();
  const readAllKey = keys.announcementsReadAll(userId);
  const answer = await db.send(
    new BatchGetCommand({
      RequestItems: { [name]: { Keys: [readAllKey, ...ids.map((id) => keys.announcementRead(userId, id))], ProjectionExpression: 'SK, #at', ExpressionAttributeNames: { '#at': 'at' } } },
    }),
  );
  const items = answer.Responses?.[name] ?? [];
  const prefix = keys.announcementRead(userId, '').SK;
  return {
    readIds: new Set(items.filter((item) => String(item.SK).startsWith(prefix)).map((item) => String(item.SK).slice(prefix.length))),
    readAllAt: (items.find((item) => item.SK === readAllKey.SK)?.at as string | undefined) ?? null,
  };
}

/** Marks every announcement published up to `at` read for the user. */
export async function markAllAnnouncementsRead(userId: string, at: string): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.announcementsReadAll(userId), at } }));
}
