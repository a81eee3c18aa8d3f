import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import Stripe from 'stripe';
import { afterAll, expect, it, vi } from 'vitest';
import type { QueueDefinition } from '../../../functions/routes.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';
import { recordedOf } from './fixtures/recorder.js';

// A long visibility timeout keeps a failed message in flight when the host stops.
const QUEUE: QueueDefinition = { name: 'outbound-mail', worker: 'queue-worker', batchSize: 10, visibilityTimeoutSeconds: 60, maxReceiveCount: 5 };
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

const dataDir = await mkdtemp(join(tmpdir(), 'restart-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function clients(host: TestHost) {
  const common = { region: 'us-east-1', credentials };
  return {
    table: DynamoDBDocumentClient.from(new DynamoDBClient({ ...common, endpoint: host.env.AWS_ENDPOINT_URL_DYNAMODB })),
    s3: new S3Client({ ...common, endpoint: host.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
    sqs: new SQSClient({ ...common, endpoint: host.env.AWS_ENDPOINT_URL_SQS }),
  };
}

/** A Stripe client of the host's stand-in, as the host configures the product's (functions/lib/stripe.ts). */
function stripeOf(host: TestHost): Stripe {
  const api = new URL(host.env.STRIPE_API_URL);
  return new Stripe(host.env.STRIPE_SECRET_KEY, { host: api.hostname, port: Number(api.port), protocol: 'http' });
}

function deliveriesOf(id: string): number {
  return recordedOf<SQSEvent>('batch')
    .flatMap((event) => event.Records)
    .filter((record) => record.body.includes(id)).length;
}

// Two whole hosts start here, each with its DynamoDB Local: more than the default 30 s on a busy machine.
it('keeps table items, bucket objects, queued messages, Stripe objects and secrets across a restart', { timeout: 90_000 }, async () => {
  // Prepare
  // No product schedules: campaign-scheduler's minutely run would reach the queue fixture as a batch without records.
  const options = { dataDir, resolveModule: resolveFixtureModule, queues: [QUEUE], schedules: [], log: () => {} };
  const messageId = randomUUID();
  const first = await startTestHost(options);
  const before = clients(first);
  await before.table.send(new PutCommand({ TableName: first.env.TABLE_NAME, Item: { PK: 'T#1', SK: 'KEEP', value: 'kept' } }));
  await before.s3.send(new PutObjectCommand({ Bucket: first.env.DATA_BUCKET, Key: 'exports/a b.csv', Body: 'a,b', ContentType: 'text/csv' }));
  await before.sqs.send(new SendMessageCommand({ QueueUrl: first.env.QUEUE_URL_OUTBOUND_MAIL, MessageBody: JSON.stringify({ id: messageId, fail: 'always' }) }));
  // Failed once, the message is in flight (hidden for 60 s) when the host stops.
  await vi.waitFor(() => expect(deliveriesOf(messageId)).toBe(1));
  const customer = await stripeOf(first).customers.create({ email: 'kept@example.com' });
  before.table.destroy();
  before.s3.destroy();
  before.sqs.destroy();

  // Act
  await first.stop();
  const second = await startTestHost(options);

  // Assess
  const after = clients(second);
  try {
    const item = await after.table.send(new GetCommand({ TableName: second.env.TABLE_NAME, Key: { PK: 'T#1', SK: 'KEEP' } }));
    const object = await after.s3.send(new GetObjectCommand({ Bucket: second.env.DATA_BUCKET, Key: 'exports/a b.csv' }));
    expect(item.Item?.value).toBe('kept');
    expect([await object.Body?.transformToString(), object.ContentType]).toEqual(['a,b', 'text/csv']);
    await vi.waitFor(() => expect(deliveriesOf(messageId)).toBe(2));
    expect(second.env.JWT_SECRET).toBe(first.env.JWT_SECRET);
    expect(await stripeOf(second).customers.retrieve(customer.id)).toMatchObject({ email: 'kept@example.com' });
    expect(second.demo).toEqual(first.demo);
    expect(recordedOf('seed')).toEqual([
      { ...first.demo, fullname: 'Demo User' },
      { ...first.demo, fullname: 'Demo User' },
    ]);
  } finally {
    after.table.destroy();
    after.s3.destroy();
    after.sqs.destroy();
    await second.stop();
  }
});
