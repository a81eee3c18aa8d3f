/**
 * Runs a queue's worker over what is waiting in the queue, once, the way the event source
 * mapping would: a real ReceiveMessage, a real SQSEvent, deletes for the records that succeeded.
 */
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsClient } from '../../functions/lib/aws/sqs.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import { lambdaContext } from '../../infra/local/lambda-runtime.js';
import { queueUrlEnvName } from '../../infra/local/emulators.js';

export async function runQueueOnce(name: QueueName): Promise<{ processed: number; failed: number }> {
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
  const answer = await worker.handler(event, lambdaContext(queue.worker, queue.visibilityTimeoutSeconds * 1000));
  const failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
  for (const message of messages) {
    if (!failed.has(message.MessageId ?? '')) {
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
  return { processed: messages.length - failed.size, failed: failed.size };
}
