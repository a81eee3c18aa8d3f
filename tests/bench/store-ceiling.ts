/**
 * store-ceiling: the physical limit of the embedded store on this machine. Raw BatchWriteItem
 * (25 items of 1 KB per call) and paged Query throughput of DynamoDB Local with the real table
 * definition, 4 concurrent clients each. Later benchmarks report their rate as a fraction of it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startEmulators } from '../../infra/local/emulators.js';
import type { Benchmark, Figure } from './figures.js';

const CLIENTS = 4;
const PARTITIONS_PER_CLIENT = 2;
const BATCHES_PER_CLIENT = 200;
const PAYLOAD = 'x'.repeat(1000);

export const storeCeiling: Benchmark = {
  name: 'store-ceiling',
  async run(): Promise<Figure[]> {
    const emulators = await startEmulators();
    try {
      await emulators.createTable('bench-store');
      const db = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          endpoint: emulators.env.AWS_ENDPOINT_URL_DYNAMODB,
          region: emulators.env.AWS_REGION,
          credentials: { accessKeyId: emulators.env.AWS_ACCESS_KEY_ID, secretAccessKey: emulators.env.AWS_SECRET_ACCESS_KEY },
        }),
      );

      const writeStarted = performance.now();
      const written = await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          let items = 0;
          for (let batch = 0; batch < BATCHES_PER_CLIENT; batch += 1) {
            let requests = Array.from({ length: 25 }, (_, i) => ({
              PutRequest: {
                Item: { PK: `BENCH#${client}#${batch % PARTITIONS_PER_CLIENT}`, SK: `ITEM#${String(batch).padStart(5, '0')}#${i}`, payload: PAYLOAD },
              },
            }));
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
      const itemsWritten = written.reduce((sum, n) => sum + n, 0);

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
      const itemsRead = read.reduce((sum, n) => sum + n, 0);
      db.destroy();
      return [
        { bench: 'store-ceiling', metric: 'batch-items-per-s', value: itemsWritten / writeSeconds, unit: 'items/s' },
        { bench: 'store-ceiling', metric: 'query-items-per-s', value: itemsRead / readSeconds, unit: 'items/s' },
      ];
    } finally {
      await emulators.stop();
    }
  },
};
