/**
 * Open WebSocket connections, under the connected user's account (so a user's connections are
 * one Query), each with an index entry in one of a few provider-wide partitions: $disconnect
 * finds a connection by id in one Query there, and a broadcast reads every connection from them.
 */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_INDEX_SHARDS, keys } from './keys.js';
import { listLiveItems, queryPages, table, ttlSeconds } from './table-client.js';

/** API Gateway closes WebSocket connections after two hours at the most. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export type ConnectionRecord = {
  connectionId: string;
  userId: string;
  /** The session whose token opened the connection. */
  sid: string;
  clientId: string;
  connectedAt: string;
  expiresAt: number;
};

export async function putConnection(connection: Omit<ConnectionRecord, 'expiresAt'>, now: Date): Promise<void> {
  const { db, name } = table();
  const item: ConnectionRecord = { ...connection, expiresAt: ttlSeconds(new Date(now.getTime() + CONNECTION_LIFETIME_MS)) };
  await db.send(
    new PutCommand({
      TableName: name,
      Item: { ...keys.connection(connection.userId, connection.connectionId), ...keys.connectionIndex(connection.connectionId), ...item },
    }),
  );
}

// Access pattern: a user's open connections.
export function listConnections(userId: string, now: Date): Promise<ConnectionRecord[]> {
  return listLiveItems<ConnectionRecord>(keys.accountPartition(userId), keys.connectionPrefix, now);
}

// Access pattern: the connection with an id (for $disconnect, which knows only the id).
export async function findConnection(connectionId: string): Promise<ConnectionRecord | null> {
  const { db, name } = table();
  const index = keys.connectionIndex(connectionId);
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: { ':pk': index.GSI1PK, ':sk': index.GSI1SK },
    }),
  );
  return (answer.Items?.[0] as ConnectionRecord | undefined) ?? null;
}

/**
 * Access pattern: every open connection (a broadcast), one page at a time; the index partitions
 * are read side by side and `onPage` may run for several pages at once.
 */
export async function forEachConnectionPage(now: Date, onPage: (connections: ConnectionRecord[]) => Promise<void>): Promise<void> {
  const readPartition = async (shard: number): Promise<void> => {
    for await (const items of queryPages({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'expiresAt > :now',
      ExpressionAttributeValues: { ':pk': keys.connectionIndexPartition(shard), ':now': ttlSeconds(now) },
    })) {
      await onPage(items as ConnectionRecord[]);
    }
  };
  await Promise.all(Array.from({ length: CONNECTION_INDEX_SHARDS }, (_, shard) => readPartition(shard)));
}

export async function deleteConnection(userId: string, connectionId: string): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.connection(userId, connectionId) }));
}
