/**
 * Drives the queues in tests: a worker run over what is waiting, once or until the queue is empty,
 * the way the event source mapping would (a real ReceiveMessage, a real SQSEvent, deletes for the
 * records that succeeded); or the messages taken off a queue for a test that runs the step itself.
 */
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsClient } from '../../functions/lib/aws/sqs.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import { ZCampaignDeliveryMessage, type TCampaignDeliveryMessage } from '../../functions/queues/campaign-delivery.js';
import { ZCampaignPlanMessage, type TCampaignPlanMessage } from '../../functions/queues/campaign-plan.js';
import { ZWebhookDeliveryMessage, type TWebhookDeliveryMessage } from '../../functions/queues/webhook-deliveries.js';
import { lambdaContext } from '../../infra/local/lambda-runtime.js';
import { queueUrlEnvName } from '../../infra/local/emulators.js';

/** Runs a queue's worker once over what is waiting (up to one batch), with the queue's time limit or `timeoutMs`. */
export async function runQueueOnce(name: QueueName, options: { timeoutMs?: number } = {}): Promise<{ processed: number; failed: number }> {
  const queue = QUEUES.find((q) => q.name === name);
  const queueUrl = process.env[queueUrlEnvName(name)];
  if (!queue || !queueUrl) throw new Error(`unknown queue ${name}`);
  const worker = (await import(`../../functions/workers/${queue.worker}.ts`)) as {
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
  };
  const received = await sqsClient().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: queue.batchSize, WaitTimeSeconds: 0, MessageSystemAttributeNames: ['All'] }),
  );
  const messages = received.Messages ?? [];
  if (messages.length === 0) return { processed: 0, failed: 0 };
  const event: SQSEvent = {
    Records: messages.map((message) => ({
      messageId: message.MessageId ?? '',
      receiptHandle: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: {
        ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
        SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${name}`,
      awsRegion: 'us-east-1',
    })),
  };
  const answer = await worker.handler(event, lambdaContext(queue.worker, options.timeoutMs ?? queue.visibilityTimeoutSeconds * 1000));
  const failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
  for (const message of messages) {
    if (!failed.has(message.MessageId ?? '')) {
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
  return { processed: messages.length - failed.size, failed: failed.size };
}

/** Runs a queue's worker until the queue is empty (the local host's poller, without waiting); answers how many records succeeded. */
export async function drainQueue(name: QueueName): Promise<number> {
  let processed = 0;
  for (;;) {
    const round = await runQueueOnce(name);
    if (round.processed + round.failed === 0) return processed;
    processed += round.processed;
  }
}

/** Every message waiting on a queue, taken off it. */
async function takeMessages(name: QueueName): Promise<unknown[]> {
  const queueUrl = process.env[queueUrlEnvName(name)];
  if (!queueUrl) throw new Error(`unknown queue ${name}`);
  const bodies: unknown[] = [];
  for (;;) {
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }));
    if (!received.Messages?.length) return bodies;
    for (const message of received.Messages) {
      bodies.push(JSON.parse(message.Body ?? ''));
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
}

/** Takes every delivery batch off its queue (for tests that run deliverBatch themselves), in batch order. */
export async function takeDeliveryMessages(): Promise<TCampaignDeliveryMessage[]> {
  return (await takeMessages('campaign-delivery')).map((body) => ZCampaignDeliveryMessage.parse(body)).sort((a, b) => a.seq - b.seq);
}

/** Takes the provider events (SES's, End User Messaging's) off the delivery-events queue, out of their SNS envelopes. */
export async function takeProviderEvents<E = unknown>(): Promise<E[]> {
  return (await takeMessages('delivery-events')).map((body) => JSON.parse((body as { Message: string }).Message) as E);
}

/** Takes the planner's messages off its queue (for tests that run planCampaignRun themselves, or check what was planned). */
export async function takePlanMessages(): Promise<TCampaignPlanMessage[]> {
  return (await takeMessages('campaign-plan')).map((body) => ZCampaignPlanMessage.parse(body));
}

/**
 * Runs planned from now on are cut in batches of `size` (CAMPAIGN_BATCH_SIZE): tests of what
 * happens between batches take batches of 50 rather than seed thousands of contacts.
 */
export function setDeliveryBatchSize(size: number): void {
  process.env.CAMPAIGN_BATCH_SIZE = String(size);
  resetConfigForTests();
}

/** Takes every webhook attempt waiting on its queue (for tests that make the attempts themselves, at times of their choosing). */
export async function takeWebhookDeliveryMessages(): Promise<TWebhookDeliveryMessage[]> {
  return (await takeMessages('webhook-deliveries')).map((body) => ZWebhookDeliveryMessage.parse(body));
}
