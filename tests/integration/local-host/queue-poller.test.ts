import { randomUUID } from 'node:crypto';
import { GetQueueUrlCommand, ReceiveMessageCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QueueDefinition } from '../../../functions/routes.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';
import { recordedOf } from './fixtures/recorder.js';

// Short visibility and few receives keep redelivery and the DLQ within a couple of seconds.
const QUEUE: QueueDefinition = { name: 'outbound-mail', worker: 'queue-worker', batchSize: 10, visibilityTimeoutSeconds: 1, maxReceiveCount: 2 };

let host: TestHost;
let sqs: SQSClient;

beforeAll(async () => {
  // No scheduled jobs: the campaign scheduler's minute tick would reach the queue fixture and be recorded as a batch.
  host = await startTestHost({ resolveModule: resolveFixtureModule, queues: [QUEUE], schedules: [], log: () => {} });
  sqs = new SQSClient({
    endpoint: host.env.AWS_ENDPOINT_URL_SQS,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  sqs?.destroy();
  await host?.stop();
});

async function send(messages: Array<{ id: string; fail: 'never' | 'once' | 'always' | 'throw' }>): Promise<void> {
  await sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: host.env.QUEUE_URL_OUTBOUND_MAIL,
      Entries: messages.map((message, index) => ({
        Id: String(index),
        MessageBody: JSON.stringify(message),
        MessageAttributes: { kind: { DataType: 'String', StringValue: 'fixture' } },
      })),
    }),
  );
}

/** Every delivery of the message with this fixture id, in order. */
function deliveriesOf(id: string): SQSRecord[] {
  return recordedOf<SQSEvent>('batch')
    .flatMap((event) => event.Records)
    .filter((record) => (JSON.parse(record.body) as { id: string }).id === id);
}

describe('queue poller (Lambda SQS event source mapping)', () => {
  it('delivers messages in batches as a real SQSEvent', async () => {
    // Prepare
    const ids = [randomUUID(), randomUUID(), randomUUID()];

    // Act
    await send(ids.map((id) => ({ id, fail: 'never' })));

    // Assess
    await vi.waitFor(() => expect(ids.map((id) => deliveriesOf(id).length)).toEqual([1, 1, 1]));
    const batch = recordedOf<SQSEvent>('batch').find((event) => event.Records.some((record) => record.body.includes(ids[0])));
    expect(batch?.Records.length).toBe(3);
    expect(batch?.Records[0]).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: expect.stringMatching(/^arn:aws:sqs:us-east-1:\d{12}:campaign-platform-outbound-mail$/),
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'fixture' } },
    });
  });

  it('redelivers only the records a batch reports as failed', async () => {
    // Prepare
    const [succeeds, failsOnce] = [randomUUID(), randomUUID()];

    // Act
    await send([
      { id: succeeds, fail: 'never' },
      { id: failsOnce, fail: 'once' },
    ]);

    // Assess
    await vi.waitFor(() => expect(deliveriesOf(failsOnce).length).toBe(2), { timeout: 5_000 });
    expect(deliveriesOf(failsOnce)[1].attributes.ApproximateReceiveCount).toBe('2');
    expect(deliveriesOf(succeeds).length).toBe(1);
  });

  it('redelivers a whole batch whose worker throws', async () => {
    // Prepare
    const throws = randomUUID();

    // Act
    await send([{ id: throws, fail: 'throw' }]);

    // Assess
    await vi.waitFor(() => expect(deliveriesOf(throws).length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
  });

  it('moves a message that always fails to the dead-letter queue after maxReceiveCount', async () => {
    // Prepare
    const poison = randomUUID();
    const { QueueUrl: dlqUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'campaign-platform-outbound-mail-dlq' }));

    // Act
    await send([{ id: poison, fail: 'always' }]);

    // Assess
    const inDlq = await vi.waitFor(
      async () => {
        const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 10 }));
        const found = Messages?.find((message) => message.Body?.includes(poison));
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 8_000, interval: 250 },
    );
    expect(inDlq?.Body).toContain(poison);
    expect(deliveriesOf(poison).length).toBe(QUEUE.maxReceiveCount);
  });
});
