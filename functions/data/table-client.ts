import { BatchWriteCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { ttlSeconds } from './keys.js';
import { documentClient } from '../lib/aws/dynamodb.js';

/** The document client and table name every repository uses. */
export function table() {
  return { db: documentClient(), name: config().TABLE_NAME };
}

/** Every page of a Query, following LastEvaluatedKey; a caller that has enough breaks out. */
export async function* queryPages(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): AsyncGenerator<Array<Record<string, unknown>>> {
  const { db, name } = table();
  let startKey: Record<string, unknown> | undefined;
  do {
    const answer = await db.send(new QueryCommand({ ...input, TableName: name, ExclusiveStartKey: startKey }));
    yield answer.Items ?? [];
    startKey = answer.LastEvaluatedKey;
  } while (startKey);
}

/** Access pattern shared by per-user lists: a user's unexpired items under one sort-key prefix, all pages. */
export async function listLiveItems<T>(partition: string, prefix: string, now: Date): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    // TTL deletes late: an expired item still in the table is left out here.
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix, ':now': ttlSeconds(now) },
  })) {
    items.push(...(page as T[]));
  }
  return items;
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Why each item of a cancelled transaction failed ('None' for the items that were fine). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> })?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

function isTransactionConflict(error: unknown): boolean {
  return (error as { name?: string })?.name === 'TransactionConflictException' || cancellationCodes(error).includes('TransactionConflict');
}

const TRANSACTION_ATTEMPTS = 8;

/**
 * TransactWriteItems, tried again when it only lost a race with another transaction on the same
 * item (many notifications for one user all update that user's counter). Condition failures
 * are the caller's answer and are thrown at once.
 */
export async function transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  const { db } = table();
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
      // Jittered back-off, so the racing writers do not collide again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** BatchWriteItem takes at most this many requests. */
const BATCH_WRITE_LIMIT = 25;

/** Deletes items by key, 25 to a batch, retrying what DynamoDB leaves unprocessed under load. */
export async function batchDelete(itemKeys: ReadonlyArray<{ PK: string; SK: string }>): Promise<void> {
  const { db, name } = table();
  for (let i = 0; i < itemKeys.length; i += BATCH_WRITE_LIMIT) {
    let requests = itemKeys.slice(i, i + BATCH_WRITE_LIMIT).map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } }));
    while (requests.length > 0) {
      const answer = await db.send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
      requests = (answer.UnprocessedItems?.[name] ?? []) as typeof requests;
    }
  }
}
