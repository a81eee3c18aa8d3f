/**
 * Lambda's SQS event source mapping, locally: long-polls each queue, hands batches to the queue's
 * worker as a real SQSEvent, deletes what succeeded and honours `batchItemFailures` (the mapping
 * is assumed to have ReportBatchItemFailures, as our CDK sets). A failed record stays in the queue,
 * reappears after the visibility timeout, and SQS's redrive moves it to the DLQ after
 * maxReceiveCount receives (fauxqs implements the redrive).
 */
import {
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  type Message,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import type { QueueDefinition, QueueName } from '../../functions/routes.js';
import { LOCAL_REGION } from './dynamodb-local.js';
import { lambdaContext, loadHandler, type ResolveModule } from './lambda-runtime.js';
import { errorText, type Log } from './log.js';

/** Lambda's long-poll wait. */
const WAIT_TIME_SECONDS = 20;
/** Batches of one queue processed at once (Lambda scales further; one laptop should not). */
const DEFAULT_CONCURRENT_BATCHES = 2;

export type QueuePoller = { stop(): Promise<void> };

export async function startQueuePoller(options: {
  sqs: SQSClient;
  queues: readonly QueueDefinition[];
  queueUrls: Record<QueueName, string>;
  resolveModule: ResolveModule;
  log: Log;
  concurrentBatches?: number;
}): Promise<QueuePoller> {
  const { sqs, log } = options;
  const abort = new AbortController();
  const batches = new Set<Promise<void>>();

  const processBatch = async (definition: QueueDefinition, queueUrl: string, messages: Message[], queueArn: string): Promise<void> => {
    const event: SQSEvent = { Records: messages.map((message) => toRecord(message, queueArn)) };
    const functionName = `worker-${definition.worker}`;
    const timeoutMs = definition.visibilityTimeoutSeconds * 1000;
    let failed: ReadonlySet<string> | 'all';
    try {
      const handler = await loadHandler<SQSEvent, SQSBatchResponse | void>(options.resolveModule, 'workers', definition.worker);
      // Lambda kills a worker at its time limit; locally it runs on, but its batch counts as failed.
      const result = await withTimeout(Promise.resolve(handler(event, lambdaContext(functionName, timeoutMs))), timeoutMs);
      failed = failedMessageIds(result, event);
    } catch (error) {
      log(`${functionName} failed on a batch of ${messages.length}; it will be redelivered: ${errorText(error)}`);
      failed = 'all';
    }
    if (failed === 'all') return;
    const succeeded = event.Records.filter((record) => !failed.has(record.messageId));
    for (let i = 0; i < succeeded.length; i += 10) {
      const chunk = succeeded.slice(i, i + 10);
      await sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: chunk.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle })),
        }),
      );
    }
  };

  const pollQueue = async (definition: QueueDefinition): Promise<void> => {
    const queueUrl = options.queueUrls[definition.name];
    const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
    const queueArn = Attributes?.QueueArn ?? '';
    const slots = createSemaphore(options.concurrentBatches ?? DEFAULT_CONCURRENT_BATCHES);
    while (!abort.signal.aborted) {
      await slots.acquire();
      let messages: Message[] = [];
      try {
        const received = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: definition.batchSize,
            WaitTimeSeconds: WAIT_TIME_SECONDS,
            VisibilityTimeout: definition.visibilityTimeoutSeconds,
            MessageSystemAttributeNames: ['All'],
            MessageAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        messages = received.Messages ?? [];
      } catch (error) {
        if (!abort.signal.aborted) {
          log(`Polling ${definition.name} failed, retrying in 1 s: ${String(error)}`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
      if (messages.length === 0) {
        slots.release();
        continue;
      }
      const batch = processBatch(definition, queueUrl, messages, queueArn)
        .catch((error: unknown) => log(`Deleting processed messages of ${definition.name} failed: ${String(error)}`))
        .finally(() => {
          slots.release();
          batches.delete(batch);
        });
      batches.add(batch);
    }
  };

  const loops = options.queues.map((definition) =>
    pollQueue(definition).catch((error: unknown) => log(`Poller of ${definition.name} stopped: ${String(error)}`)),
  );

  return {
    async stop() {
      abort.abort();
      await Promise.all(loops);
      // Batches already handed to workers finish (and delete) before the emulators stop.
      await Promise.allSettled([...batches]);
    },
  };
}

/**
 * Which records failed, by Lambda's rules for ReportBatchItemFailures: no answer or an empty list
 * means all succeeded; an identifier that is empty or not in the batch fails the whole batch.
 */
function failedMessageIds(result: SQSBatchResponse | void, event: SQSEvent): ReadonlySet<string> | 'all' {
  const failures = result?.batchItemFailures ?? [];
  const ids = new Set(event.Records.map((record) => record.messageId));
  if (failures.some((failure) => !failure.itemIdentifier || !ids.has(failure.itemIdentifier))) return 'all';
  return new Set(failures.map((failure) => failure.itemIdentifier));
}

/** An SQS message as the record of a Lambda event, as the event source mapping delivers it. */
export function toRecord(message: Message, queueArn: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.MessageAttributes ?? {})) {
    messageAttributes[name] = {
      dataType: value.DataType ?? 'String',
      stringListValues: [],
      binaryListValues: [],
      ...(value.StringValue !== undefined ? { stringValue: value.StringValue } : {}),
      ...(value.BinaryValue !== undefined ? { binaryValue: Buffer.from(value.BinaryValue).toString('base64') } : {}),
    };
  }
  return {
    messageId: message.MessageId ?? '',
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
      SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
      SenderId: attributes.SenderId ?? '000000000000',
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes,
    md5OfBody: message.MD5OfBody ?? '',
    ...(message.MD5OfMessageAttributes ? { md5OfMessageAttributes: message.MD5OfMessageAttributes } : {}),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: LOCAL_REGION,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function createSemaphore(size: number): { acquire(): Promise<void>; release(): void } {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    acquire: () => {
      if (free > 0) {
        free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
