/**
 * Notifications, stored under the addressed user's account with time-ordered ids (newest first
 * is a reverse key scan), an index entry per kind for the filtered history, and one counter item
 * per user holding the unread count. Every change of a notification's unread state changes the
 * counter in the same transaction, so the badge is one GetItem however many notifications exist.
 * Expired notifications (TTL is late) are filtered on read; the counter notes the earliest expiry
 * it may include and is recounted once that time has passed.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/constants.js';
import type { NotificationType, Severity } from '../../shared/domain/notifications.js';
import { timeOrderedIdPrefix } from '../lib/time-ordered-id.js';
import { keys } from './keys.js';
import { batchDelete, cancellationCodes, conditionHeld, queryPages, table, transactWrite, ttlSeconds } from './table-client.js';

export type NotificationRecord = {
  id: string;
  userId: string;
  type: NotificationType;
  severity: Severity;
  message: { type: string; values: Record<string, unknown> };
  createTime: string;
  unread: boolean;
  expiresAt: number;
};

type CounterRecord = {
  unreadCount: number;
  /** Bumped by every change of the count, so a recount can tell whether it raced with one. */
  version: number;
  /** Expiry (epoch s) of the oldest unread notification the count may include. */
  earliestUnreadExpiry?: number;
};

export type NotificationFilter = { type?: NotificationType; from?: Date; to?: Date };

const RECOUNT_ATTEMPTS = 5;
const DELETE_ATTEMPTS = 3;

/** The counter's part of a notification's transaction: counts a new unread one, or uncounts one. */
function counterChange(userId: string, change: { counted: 'new'; expiresAt: number } | { counted: 'gone' }) {
  const { name } = table();
  const common = { TableName: name, Key: keys.notificationCounter(userId) };
  if (change.counted === 'gone') {
    return { ...common, UpdateExpression: 'ADD unreadCount :minusOne, version :one', ExpressionAttributeValues: { ':minusOne': -1, ':one': 1 } };
  }
  return {
    ...common,
    UpdateExpression: 'ADD unreadCount :one, version :one SET earliestUnreadExpiry = if_not_exists(earliestUnreadExpiry, :expiresAt)',
    ExpressionAttributeValues: { ':one': 1, ':expiresAt': change.expiresAt },
  };
}

/** Notifications are kept this long (spec: old ones expire), then TTL removes them. */
const NOTIFICATION_LIFETIME_MS = 180 * DAY_MS;

/** Stores a new unread notification and counts it, in one transaction. */
export async function createNotificationRecord(record: Omit<NotificationRecord, 'unread' | 'expiresAt'>): Promise<NotificationRecord> {
  const { name } = table();
  const expiresAt = ttlSeconds(new Date(Date.parse(record.createTime) + NOTIFICATION_LIFETIME_MS));
  const item: NotificationRecord = { ...record, unread: true, expiresAt };
  await transactWrite([
    {
      Put: {
        TableName: name,
        Item: { ...keys.notification(record.userId, record.id), ...keys.notificationByType(record.userId, record.type, record.id), ...item },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Update: counterChange(record.userId, { counted: 'new', expiresAt }) },
  ]);
  return item;
}

// Access pattern: one notification of a user by id; an expired one reads as absent.
export async function getNotification(userId: string, id: string, now: Date): Promise<NotificationRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.notification(userId, id), ConsistentRead: true }));
  const record = answer.Item as NotificationRecord | undefined;
  return record && record.expiresAt > ttlSeconds(now) ? record : null;
}

/**
 * Access pattern: a user's notifications newest first, optionally of one kind (its index
 * partition, so other kinds are never read) and created within [from, to]; `offset` rows skipped.
 */
export async function listNotifications(options: {
  userId: string;
  filter: NotificationFilter;
  offset: number;
  limit: number;
  now: Date;
}): Promise<{ notifications: NotificationRecord[]; hasMore: boolean }> {
  const { db, name } = table();
  const { userId, filter, offset, limit, now } = options;
  // Ids begin with their creation time, so the date filter is a key range ('~' sorts after every id character).
  const lower = filter.from ? timeOrderedIdPrefix(filter.from) : '0';
  const upper = `${filter.to ? timeOrderedIdPrefix(filter.to) : ''}~`;
  const range: Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'> = filter.type
    ? {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :lower AND :upper',
        ExpressionAttributeValues: { ':pk': keys.notificationTypePartition(userId, filter.type), ':lower': lower, ':upper': upper },
      }
    : {
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lower AND :upper',
        ExpressionAttributeValues: {
          ':pk': keys.accountPartition(userId),
          ':lower': `${keys.notificationPrefix}${lower}`,
          ':upper': `${keys.notificationPrefix}${upper}`,
        },
      };
  // One row past the page tells whether there is a next page.
  const wanted = offset + limit + 1;
  const found: NotificationRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: name,
        ...range,
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ...range.ExpressionAttributeValues, ':now': ttlSeconds(now) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
        Limit: wanted - found.length,
      }),
    );
    found.push(...((answer.Items ?? []) as NotificationRecord[]));
    startKey = answer.LastEvaluatedKey;
  } while (startKey && found.length < wanted);
  return { notifications: found.slice(offset, offset + limit), hasMore: found.length > offset + limit };
}

async function readCounter(userId: string): Promise<CounterRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.notificationCounter(userId), ConsistentRead: true }));
  return (answer.Item as CounterRecord | undefined) ?? null;
}

// Access pattern: how many of a user's notifications are unread (the badge).
export async function countUnreadNotifications(userId: string, now: Date): Promise<number> {
  const counter = await readCounter(userId);
  if (!counter) return 0;
  if (counter.earliestUnreadExpiry !== undefined && counter.earliestUnreadExpiry <= ttlSeconds(now)) return recountUnreadNotifications(userId, now);
  return Math.max(0, counter.unreadCount);
}

/**
 * Counts the unread, unexpired notifications and stores the count, unless a create, read or
 * delete changed the counter meanwhile (its version moved): then it counts again.
 */
async function recountUnreadNotifications(userId: string, now: Date): Promise<number> {
  const { db, name } = table();
  let count = 0;
  for (let attempt = 1; attempt <= RECOUNT_ATTEMPTS; attempt += 1) {
    const counter = await readCounter(userId);
    count = 0;
    let earliestExpiry: number | undefined;
    for await (const items of queryPages({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: 'unread = :true AND expiresAt > :now',
      ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.notificationPrefix, ':true': true, ':now': ttlSeconds(now) },
      ProjectionExpression: 'expiresAt',
      ConsistentRead: true,
    })) {
      for (const item of items) {
        count += 1;
        earliestExpiry = Math.min(earliestExpiry ?? Number.POSITIVE_INFINITY, Number(item.expiresAt));
      }
    }
    const stored = await conditionHeld(
      db.send(
        new UpdateCommand({
          TableName: name,
          Key: keys.notificationCounter(userId),
          // The recount moves the version too, so the counter it may create has one for the next recount to pin.
          UpdateExpression: `${earliestExpiry === undefined ? 'SET unreadCount = :count REMOVE earliestUnreadExpiry' : 'SET unreadCount = :count, earliestUnreadExpiry = :expiry'} ADD version :one`,
          ConditionExpression: counter?.version === undefined ? 'attribute_not_exists(version)' : 'version = :version',
          ExpressionAttributeValues: {
            ':count': count,
            ':one': 1,
            ...(earliestExpiry === undefined ? {} : { ':expiry': earliestExpiry }),
            ...(counter?.version === undefined ? {} : { ':version': counter.version }),
          },
        }),
      ),
    );
    if (stored) return count;
  }
  // The counter kept changing under us: answer the count as of the last look, store nothing.
  return count;
}

/** Marks a notification read and uncounts it; answers what it found. */
export async function markNotificationRecordRead(userId: string, id: string, now: Date): Promise<'read' | 'alreadyRead' | 'missing'> {
  const { name } = table();
  try {
    await transactWrite([
      {
        Update: {
          TableName: name,
          Key: keys.notification(userId, id),
          UpdateExpression: 'SET unread = :false',
          ConditionExpression: 'unread = :true AND expiresAt > :now',
          ExpressionAttributeValues: { ':true': true, ':false': false, ':now': ttlSeconds(now) },
        },
      },
      { Update: counterChange(userId, { counted: 'gone' }) },
    ]);
    return 'read';
  } catch (error) {
    if (cancellationCodes(error)[0] !== 'ConditionalCheckFailed') throw error;
    return (await getNotification(userId, id, now)) ? 'alreadyRead' : 'missing';
  }
}

/** Deletes one notification, uncounting it if it was unread; false if there was none. */
export async function deleteNotificationRecord(userId: string, id: string, now: Date): Promise<boolean> {
  const { db, name } = table();
  for (let attempt = 1; attempt <= DELETE_ATTEMPTS; attempt += 1) {
    const existing = await getNotification(userId, id, now);
    if (!existing) return false;
    // The condition pins the unread state we saw: if another tab reads it meanwhile, look again.
    const remove = {
      TableName: name,
      Key: keys.notification(userId, id),
      ConditionExpression: 'unread = :unread AND expiresAt > :now',
      ExpressionAttributeValues: { ':unread': existing.unread, ':now': ttlSeconds(now) },
    };
    const deleted = await conditionHeld(
      existing.unread ? transactWrite([{ Delete: remove }, { Update: counterChange(userId, { counted: 'gone' }) }]) : db.send(new DeleteCommand(remove)),
    );
    if (deleted) return true;
  }
  return false;
}

/**
 * Deletes every notification of a user, a page at a time, then recounts (notifications created
 * while it ran survive and are counted); answers how many visible ones it deleted.
 */
export async function deleteAllNotificationRecords(userId: string, now: Date): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.notificationPrefix },
    ProjectionExpression: 'PK, SK, expiresAt',
    Limit: 100,
  })) {
    const items = page as Array<{ PK: string; SK: string; expiresAt: number }>;
    await batchDelete(items);
    deleted += items.filter((item) => item.expiresAt > ttlSeconds(now)).length;
  }
  await recountUnreadNotifications(userId, now);
  return deleted;
}

// Access pattern: the kinds of notification a user also gets by email (null: never chosen).
export async function getNotificationEmailTypes(userId: string): Promise<NotificationType[] | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.notificationSettings(userId) }));
  return (answer.Item?.emailTypes as NotificationType[] | undefined) ?? null;
}

export async function putNotificationEmailTypes(userId: string, emailTypes: readonly NotificationType[]): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.notificationSettings(userId), emailTypes: [...emailTypes] } }));
}
