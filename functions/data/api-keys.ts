/**
 * API keys: one item per key under the account that made it. Only the SHA-256 of the key's
 * secret is stored (the secret is 256 random bits, so a fast hash is enough); revoking deletes it.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TPermissions } from '../../shared/domain/permissions.js';
import { keys } from './keys.js';
import { conditionHeld, queryPages, table } from './table-client.js';

export type ApiKeyRecord = {
  tuid: string;
  id: string;
  name: string;
  scopes: TPermissions;
  /** Hex SHA-256 of the key's secret part. */
  secretHash: string;
  lastFour: string;
  createdAt: string;
  lastUsedAt: string | null;
};

export async function putApiKey(record: ApiKeyRecord): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.apiKey(record.tuid, record.id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

// Access pattern: one key by account and id (every call made with it).
export async function getApiKey(tuid: string, id: string): Promise<ApiKeyRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.apiKey(tuid, id), ConsistentRead: true }));
  return (answer.Item as ApiKeyRecord | undefined) ?? null;
}

// Access pattern: the account's keys, oldest first.
export async function listApiKeys(tuid: string): Promise<ApiKeyRecord[]> {
  const records: ApiKeyRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.apiKeyPrefix },
    ConsistentRead: true,
  })) {
    records.push(...(page as ApiKeyRecord[]));
  }
  return records;
}

/** Deletes a key; answers false when the account has no such key. */
export async function deleteApiKey(tuid: string, id: string): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(new DeleteCommand({ TableName: name, Key: keys.apiKey(tuid, id), ConditionExpression: 'attribute_exists(PK)' })),
  );
}

/** Records a use; a key revoked meanwhile is not written back. */
export async function markApiKeyUsed(tuid: string, id: string, at: Date): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.apiKey(tuid, id),
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET lastUsedAt = :at',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}
