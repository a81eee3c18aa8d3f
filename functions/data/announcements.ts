/**
 * Announcements are provider-wide, in one partition under time-ordered ids (newest last); each
 * user's marks (read, hidden) are items under the user's account, one per announcement, plus the
 * time of the user's last "mark all read".
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { batchGet, conditionHeld, queryPages, table, unlessConditionFails, updateFields } from './table-client.js';

export type AnnouncementRecord = {
  id: string;
  title: string;
  preview: string;
  /** Sanitised HTML. */
  content: string;
  published_time: string;
  pop_up: boolean;
  valid_date: string | null;
  important: boolean;
};

export type AnnouncementHead = Pick<AnnouncementRecord, 'id' | 'published_time'>;

export type AnnouncementMarks = {
  readIds: Set<string>;
  hiddenIds: Set<string>;
  /** Everything published up to this time counts as read. */
  readAllAt: string | null;
};

/** BatchGetItem reads at most this many keys per call. */

export async function createAnnouncementRecord(record: AnnouncementRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.announcement(record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** Replaces what support wrote on an existing announcement; null if there is none. */
export async function updateAnnouncementRecord(
  id: string,
  changes: Omit<AnnouncementRecord, 'id' | 'published_time'>,
): Promise<AnnouncementRecord | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.announcement(id),
        ...updateFields(changes, { condition: { expression: 'attribute_exists(PK)' } }),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (!answer) return null;
  return answer.Attributes as AnnouncementRecord;
}

/** Deletes an announcement; false if there was none. Users' marks on it are left to be ignored. */
export async function deleteAnnouncementRecord(id: string): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(new DeleteCommand({ TableName: name, Key: keys.announcement(id), ConditionExpression: 'attribute_exists(PK)' })),
  );
}

// Access pattern: one announcement by id.
export async function getAnnouncement(id: string): Promise<AnnouncementRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.announcement(id) }));
  return (answer.Item as AnnouncementRecord | undefined) ?? null;
}

// Access pattern: the id and time of every announcement, newest first (the list is provider-wide and short).
export async function listAnnouncementHeads(): Promise<AnnouncementHead[]> {
  const heads: AnnouncementHead[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.announcementPartition, ':prefix': keys.announcementPrefix },
    ProjectionExpression: 'id, published_time',
    ScanIndexForward: false,
  })) {
    heads.push(...(items as AnnouncementHead[]));
  }
  return heads;
}

// Access pattern: whole announcements by id, in the order asked (missing ones left out).
export async function getAnnouncements(ids: readonly string[]): Promise<AnnouncementRecord[]> {
  const found = new Map<string, AnnouncementRecord>();
  for (const item of (await batchGet(ids.map((id) => keys.announcement(id)))) as AnnouncementRecord[]) found.set(item.id, item);
  return ids.flatMap((id) => found.get(id) ?? []);
}

// Access pattern: a user's marks on every announcement.
export async function getAnnouncementMarks(userId: string): Promise<AnnouncementMarks> {
  const { db, name } = table();
  const readMarkItems = async (): Promise<Array<Record<string, unknown>>> => {
    const items: Array<Record<string, unknown>> = [];
    for await (const page of queryPages({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.announcementMarkPrefix },
    })) {
      items.push(...page);
    }
    return items;
  };
  const [readAll, markItems] = await Promise.all([db.send(new GetCommand({ TableName: name, Key: keys.announcementsReadAll(userId) })), readMarkItems()]);
  return {
    readIds: new Set(markItems.filter((item) => item.readAt).map((item) => String(item.id))),
    hiddenIds: new Set(markItems.filter((item) => item.hiddenAt).map((item) => String(item.id))),
    readAllAt: (readAll.Item?.at as string | undefined) ?? null,
  };
}

/** Sets a mark (read or hidden) on one announcement for one user. */
export async function markAnnouncement(userId: string, id: string, mark: 'readAt' | 'hiddenAt', at: string): Promise<void> {
  const { db, name } = table();
  await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.announcementMark(userId, id),
      UpdateExpression: 'SET id = :id, #mark = :at',
      ExpressionAttributeNames: { '#mark': mark },
      ExpressionAttributeValues: { ':id': id, ':at': at },
    }),
  );
}

/** Marks every announcement published up to `at` read for the user. */
export async function markAllAnnouncementsRead(userId: string, at: string): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.announcementsReadAll(userId), at } }));
}
