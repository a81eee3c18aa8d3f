/**
 * Notifications, stored under the addressed user's account, newest first by sort key. The socket
 * only signals; this list is the source of truth.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, ttlSeconds } from './keys.js';
import { table } from './table-client.js';

export type NotificationRecord = {
  id: string;
  userId: string;
  type: string;
  severity: 0 | 1 | 2 | 3;
  message: { type: string; values: Record<string, unknown> };
  createTime: string;
  unread: boolean;
  expiresAt: number;
};

// Access pattern: a user's notifications, newest first, one page (page numbers from 1).
export async function listNotifications(userId: string, page: number, limit: number, now: Date) {
  const { db, name } = table();
  const items: NotificationRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  const wanted = page * limit;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.notificationPrefix, ':now': ttlSeconds(now) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
        Limit: wanted,
      }),
    );
    items.push(...((answer.Items ?? []) as NotificationRecord[]));
    startKey = answer.LastEvaluatedKey;
  } while (startKey && items.length < wanted);
  return items.slice((page - 1) * limit, wanted);
}

// Access pattern: how many of a user's notifications are unread.
export async function countUnreadNotifications(userId: string, now: Date): Promise<number> {
  const { db, name } = table();
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: 'unread = :true AND expiresAt > :now',
        ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.notificationPrefix, ':true': true, ':now': ttlSeconds(now) },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += answer.Count ?? 0;
    startKey = answer.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Deletes every notification of a user, a page at a time; answers how many. */
export async function deleteAllNotifications(userId: string): Promise<number> {
  const { db, name } = table();
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.accountPartition(userId), ':prefix': keys.notificationPrefix },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: startKey,
        Limit: 100,
      }),
    );
    const itemKeys = (page.Items ?? []) as Array<{ PK: string; SK: string }>;
    for (let i = 0; i < itemKeys.length; i += 25) {
      let requests = itemKeys.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: { PK: key.PK, SK: key.SK } } }));
      // BatchWriteItem may leave items unprocessed under load; retry those until none remain.
      while (requests.length > 0) {
        const answer = await db.send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
        requests = (answer.UnprocessedItems?.[name] ?? []) as typeof requests;
      }
    }
    deleted += itemKeys.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return deleted;
}
