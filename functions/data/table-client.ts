import { BatchGetCommand, BatchWriteCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { documentClient } from '../lib/aws/dynamodb.js';
import { createLimiter } from '../lib/concurrency.js';

/** Epoch seconds, the unit of the table's TTL attribute. */
export function ttlSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

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

/** A condition (or any expression) with the placeholder names and values it uses. */
export type ExpressionPart = { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };

/** The fields of an UpdateItem request (or a transaction's Update) that an update and its condition fill. */
export type UpdateRequestParts = {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/**
 * The update that writes `fields`, each a top-level attribute SET to its value. An undefined value
 * leaves its attribute alone, or REMOVEs it with `removeUndefined` (for attributes whose absence
 * means something, such as an index entry). The update's placeholders are numbered (`#f0`, `:v0`),
 * so the condition's own placeholders never collide with them.
 */
export function updateFields(
  fields: Readonly<Record<string, unknown>>,
  options: { removeUndefined?: boolean; condition?: ExpressionPart } = {},
): UpdateRequestParts {
  const names: Record<string, string> = { ...options.condition?.names };
  const values: Record<string, unknown> = { ...options.condition?.values };
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(fields).forEach(([field, value], i) => {
    if (value === undefined && !options.removeUndefined) return;
    names[`#f${i}`] = field;
    if (value === undefined) {
      removes.push(`#f${i}`);
    } else {
      values[`:v${i}`] = value;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  // DynamoDB would refuse an empty expression with a syntax error that names no field.
  if (sets.length === 0 && removes.length === 0) throw new Error('An update needs at least one field to set or remove');
  return {
    UpdateExpression: [sets.length > 0 ? `SET ${sets.join(', ')}` : '', removes.length > 0 ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
    ...(options.condition ? { ConditionExpression: options.condition.expression } : {}),
    ExpressionAttributeNames: names,
    // DynamoDB refuses an empty map of values.
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}

export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/**
 * A conditional write's answer, or undefined when its condition (or a condition in its
 * transaction) refused it: the refusal is an expected outcome, anything else is thrown.
 */
export async function unlessConditionFails<Answer>(write: Promise<Answer>): Promise<Answer | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Whether a conditional write was applied: false when its condition refused it. */
export async function conditionHeld(write: Promise<unknown>): Promise<boolean> {
  return (await unlessConditionFails(write.then(() => true))) ?? false;
}

/** Why each item of a cancelled transaction failed ('None' for the items that were fine). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> })?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

function isTransactionConflict(error: unknown): boolean {
  return (error as { name?: string })?.name === 'TransactionConflictException' || cancellationCodes(error).includes('TransactionConflict');
}

/** TransactWriteItems takes at most this many items. */
export const TRANSACTION_ITEM_LIMIT = 100;

const TRANSACTION_ATTEMPTS = 8;

/**
 * TransactWriteItems, tried again when it only lost a race with another transaction on the same
 * item (many notifications for one user all update that user's counter). Condition failures
 * are the caller's answer and are thrown at once.
 */
export async function transactWrite(items: NonNullable<TransactWriteCommandInput['TransactItems']>): Promise<void> {
  // DynamoDB refuses more; DynamoDB Local does not, so without this check only AWS would tell.
  if (items.length > TRANSACTION_ITEM_LIMIT) throw new Error(`A transaction takes at most ${TRANSACTION_ITEM_LIMIT} items, not ${items.length}`);
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

/** BatchGetItem takes at most this many keys. */
const BATCH_GET_LIMIT = 100;

/**
 * Items by key, 100 keys to a call and `inFlight` calls at once, asking again for what DynamoDB
 * leaves unprocessed under load. Missing items are absent from the answer, which is in no
 * particular order; `attributes` projects (the keys always come back).
 */
export async function batchGet(
  itemKeys: ReadonlyArray<Record<string, unknown>>,
  options: { consistent?: boolean; attributes?: readonly string[]; inFlight?: number } = {},
): Promise<Array<Record<string, unknown>>> {
  const { db, name } = table();
  const names = options.attributes ? ['PK', 'SK', ...options.attributes] : null;
  const projection = names
    ? { ProjectionExpression: names.map((_, n) => `#p${n}`).join(', '), ExpressionAttributeNames: Object.fromEntries(names.map((attribute, n) => [`#p${n}`, attribute])) }
    : {};
  const found: Array<Record<string, unknown>> = [];
  const readChunk = async (chunk: Array<Record<string, unknown>>) => {
    let wanted = chunk;
    while (wanted.length > 0) {
      const answer = await db.send(new BatchGetCommand({ RequestItems: { [name]: { Keys: wanted, ConsistentRead: options.consistent, ...projection } } }));
      found.push(...(answer.Responses?.[name] ?? []));
      wanted = (answer.UnprocessedKeys?.[name]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
  };
  const limit = createLimiter(options.inFlight ?? 1);
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < itemKeys.length; i += BATCH_GET_LIMIT) chunks.push(itemKeys.slice(i, i + BATCH_GET_LIMIT));
  await Promise.all(chunks.map((chunk) => limit(() => readChunk(chunk))));
  return found;
}

/** BatchWriteItem takes at most this many requests. */
const BATCH_WRITE_LIMIT = 25;

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * BatchWriteItem, 25 requests to a call and `inFlight` calls at once, retrying what DynamoDB
 * leaves unprocessed under load with a growing pause, so nothing is dropped when the table
 * throttles.
 */
async function batchWrite(requests: readonly WriteRequest[], inFlight: number): Promise<void> {
  const { db, name } = table();
  const writeChunk = async (chunk: WriteRequest[]) => {
    let pending = chunk;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 25 * 2 ** attempt) * Math.random()));
      const answer = await db.send(new BatchWriteCommand({ RequestItems: { [name]: pending } }));
      pending = (answer.UnprocessedItems?.[name] ?? []) as WriteRequest[];
    }
  };
  const limit = createLimiter(inFlight);
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_LIMIT) chunks.push(requests.slice(i, i + BATCH_WRITE_LIMIT));
  await Promise.all(chunks.map((chunk) => limit(() => writeChunk(chunk))));
}

/** Deletes items by key, 25 to a batch, retrying what DynamoDB leaves unprocessed under load. */
export async function batchDelete(itemKeys: ReadonlyArray<{ PK: string; SK: string }>): Promise<void> {
  await batchWrite(itemKeys.map(({ PK, SK }) => ({ DeleteRequest: { Key: { PK, SK } } })), 1);
}

/** Deletes every item of a partition (keys read a page at a time); answers how many went. */
export async function deletePartition(partition: string): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': partition }, ProjectionExpression: 'PK, SK' })) {
    await batchDelete(page.map((item) => ({ PK: String(item.PK), SK: String(item.SK) })));
    deleted += page.length;
  }
  return deleted;
}

/**
 * Puts whole items with no conditions (the caller owns them), `STORE_WRITES_IN_FLIGHT` requests at
 * once, the way the store writes them fastest (`STORE_BULK_WRITES`): BatchWriteItem, or
 * transactions of 100 where the store commits each item of a batch on its own.
 */
export async function batchPut(items: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  const { STORE_WRITES_IN_FLIGHT: inFlight, STORE_BULK_WRITES: mode } = config();
  if (mode === 'batch') {
    await batchWrite(items.map((Item) => ({ PutRequest: { Item } })), inFlight);
    return;
  }
  const { name } = table();
  const limit = createLimiter(inFlight);
  const chunks: Array<ReadonlyArray<Record<string, unknown>>> = [];
  for (let i = 0; i < items.length; i += TRANSACTION_ITEM_LIMIT) chunks.push(items.slice(i, i + TRANSACTION_ITEM_LIMIT));
  await Promise.all(chunks.map((chunk) => limit(() => transactWrite(chunk.map((Item) => ({ Put: { TableName: name, Item } }))))));
}
