/**
 * store-ceiling: the physical limit of the embedded store on this machine. Raw bulk writes (1 KB
 * items, 4 concurrent clients) and paged Query throughput of DynamoDB Local with the real table
 * definition. Later benchmarks report their rate as a fraction of it, on the same kind of table:
 * in memory (the tests' and the benchmarks' hosts) or on disk (`npm start`). Each kind is written
 * the way the product's bulk writers write to it (emulators' STORE_BULK_WRITES): BatchWriteItem of
 * 25 in memory, transactions of 100 on disk, where DynamoDB Local commits each item of a batch on
 * its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators } from '../../infra/local/emulators.js';
import type { Benchmark, Figure } from './figures.js';

const CLIENTS = 4;
const PARTITIONS_PER_CLIENT = 2;
/** Items each client writes, whatever the call's size. */
const ITEMS_PER_CLIENT = 5_000;
const PAYLOAD = 'x'.repeat(1000);

export type StoreTable = 'memory' | 'disk';
export type StoreCeiling = { writeItemsPerSecond: number; queryItemsPerSecond: number };

/** The ceiling of one kind of table, in emulators of its own. */
export async function measureStoreCeiling(table: StoreTable): Promise<StoreCeiling> {
  const dataDir = table === 'disk' ? await mkdtemp(join(tmpdir(), 'bench-store-')) : undefined;
  const emulators = await startEmulators({ dataDir });
  try {
    await emulators.createTable('bench-store');
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: emulators.env.AWS_ENDPOINT_URL_DYNAMODB,
        region: emulators.env.AWS_REGION,
        credentials: { accessKeyId: emulators.env.AWS_ACCESS_KEY_ID, secretAccessKey: emulators.env.AWS_SECRET_ACCESS_KEY },
      }),
    );
    const transactions = emulators.env.STORE_BULK_WRITES === 'transaction';
    const perCall = transactions ? 100 : 25;
    const item = (client: number, call: number, i: number) => ({ PK: `BENCH#${client}#${call % PARTITIONS_PER_CLIENT}`, SK: `ITEM#${String(call).padStart(5, '0')}#${i}`, payload: PAYLOAD });

    const writeStarted = performance.now();
    const written = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        let items = 0;
        for (let call = 0; call < ITEMS_PER_CLIENT / perCall; call += 1) {
          const puts = Array.from({ length: perCall }, (_, i) => item(client, call, i));
          if (transactions) {
            await db.send(new TransactWriteCommand({ TransactItems: puts.map((Item) => ({ Put: { TableName: 'bench-store', Item } })) }));
            items += puts.length;
            continue;
          }
          let requests = puts.map((Item) => ({ PutRequest: { Item } }));
          // Unprocessed items are retried: the figure counts only what was stored.
          while (requests.length > 0) {
            const answer = await db.send(new BatchWriteCommand({ RequestItems: { 'bench-store': requests } }));
            const unprocessed = answer.UnprocessedItems?.['bench-store'] ?? [];
            items += requests.length - unprocessed.length;
            requests = unprocessed as typeof requests;
          }
        }
        return items;
      }),
    );
    const writeSeconds = (performance.now() - writeStarted) / 1000;

    const readStarted = performance.now();
    const read = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        let items = 0;
        for (let partition = 0; partition < PARTITIONS_PER_CLIENT; partition += 1) {
          let startKey: Record<string, unknown> | undefined;
          do {
            const answer = await db.send(
              new QueryCommand({
                TableName: 'bench-store',
                KeyConditionExpression: 'PK = :pk',
                ExpressionAttributeValues: { ':pk': `BENCH#${client}#${partition}` },
                ExclusiveStartKey: startKey,
              }),
            );
            items += answer.Count ?? 0;
            startKey = answer.LastEvaluatedKey;
          } while (startKey);
        }
        return items;
      }),
    );
    const readSeconds = (performance.now() - readStarted) / 1000;
    db.destroy();
    const sum = (counts: number[]) => counts.reduce((total, n) => total + n, 0);
    return { writeItemsPerSecond: sum(written) / writeSeconds, queryItemsPerSecond: sum(read) / readSeconds };
  } finally {
    await emulators.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** The in-memory table's ceiling, which the other benchmarks compare with; import measures the disk's too. */
export const storeCeiling: Benchmark = {
  name: 'store-ceiling',
  async run(): Promise<Figure[]> {
    const memory = await measureStoreCeiling('memory');
    return [
      { bench: 'store-ceiling', metric: 'batch-items-per-s', value: memory.writeItemsPerSecond, unit: 'items/s' },
      { bench: 'store-ceiling', metric: 'query-items-per-s', value: memory.queryItemsPerSecond, unit: 'items/s' },
    ];
  },
};
