/**
 * What the campaign-send benchmarks (email-send, sms-send) share: the embedded emulators set up
 * as the product's environment, a store-write counter on the product's own document client,
 * queue pollers that invoke the real workers as the event source mapping would, accounts of
 * seeded contacts, a campaign run from plan to finish, and the sink read line by line.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import type { SinkKind, SinkRecord } from '../../functions/channels/sink.js';
import { getCampaignRecord } from '../../functions/data/campaigns.js';
import { documentClient } from '../../functions/lib/aws/dynamodb.js';
import { sqsClient } from '../../functions/lib/aws/sqs.js';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import type { CampaignChannel } from '../../shared/domain/campaign-channels.js';
import type { TCampaignCommand } from '../../shared/schemas/campaigns.js';
import { lambdaContext } from '../../infra/local/lambda-runtime.js';
import { queueUrlVariables, startEmulators } from '../../infra/local/emulators.js';
import { seedAccount } from '../helpers/seed/accounts.js';
import { useSink } from '../helpers/sink.js';
import { startedCampaign } from '../helpers/seed/campaigns.js';
import { seedContacts } from '../helpers/seed/contacts.js';
import { bundleDeliveryWorker, deliveriesPerRecipient, seededRandom, sinkLines, startDeliveryWorker } from '../helpers/delivery-worker.js';
import { deliverBatch } from '../../functions/services/campaigns/campaign-send/deliver.js';
import { sendsInFlight } from '../../shared/domain/campaign-send.js';
import { ZCampaignDeliveryMessage, type TCampaignDeliveryMessage } from '../../functions/queues/campaign-delivery.js';
import { sendRateOf } from '../../functions/services/campaigns/campaign-send/run-sender.js';

const SEND_LIMIT_MS = 30 * 60_000;

export function sizeFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name} must be a whole number ≥ 100, not '${process.env[name]}'`);
  return value;
}

/**
 * The emulators as the product's environment (no rate), and a sink folder its provider stand-in
 * (in a process of its own) keeps messages in; `replaceSink` starts another stand-in, on another
 * folder or one that throttles; `stop` removes them all.
 */
export async function startSendEmulators(
  name: string,
): Promise<{ sinkDir: string; replaceSink(dir: string, options?: { throttleFraction?: number }): Promise<void>; stop(): Promise<void> }> {
  const emulators = await startEmulators();
  const sinkDir = await mkdtemp(join(tmpdir(), `${name}-sink-`));
  await Promise.all([emulators.createTable(`bench-${name}`), emulators.createBucket(`bench-${name}-data`)]);
  const queueUrls = await emulators.createQueues(`bench-${name}-`);
  Object.assign(process.env, emulators.env, {
    TABLE_NAME: `bench-${name}`,
    DATA_BUCKET: `bench-${name}-data`,
    JWT_SECRET: randomBytes(36).toString('base64'),
    APP_URL: 'http://127.0.0.1:3000',
    STAGE: 'test',
    CAMPAIGN_SEND_RATE: '0',
    SMS_SEND_RATE: '0',
    ...queueUrlVariables(QUEUES, queueUrls),
  });
  let sink = await useSink(sinkDir, { ownProcess: true });
  return {
    sinkDir,
    async replaceSink(dir, options = {}) {
      await sink.stop();
      sink = await useSink(dir, { ownProcess: true, throttleFraction: options.throttleFraction });
    },
    async stop() {
      await sink.stop();
      await emulators.stop();
      await rm(sinkDir, { recursive: true, force: true });
    },
  };
}

/** Counts store item writes through the product's own document client. */
export function countStoreWrites(): { readonly writes: number } {
  const counter = { writes: 0 };
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TransactItems?: unknown[]; RequestItems?: Record<string, unknown[]> };
      switch (context.commandName) {
        case 'PutItemCommand':
        case 'UpdateItemCommand':
        case 'DeleteItemCommand':
          counter.writes += 1;
          break;
        case 'TransactWriteItemsCommand':
          counter.writes += input.TransactItems?.length ?? 0;
          break;
        case 'BatchWriteItemCommand':
          counter.writes += Object.values(input.RequestItems ?? {}).reduce((sum, requests) => sum + requests.length, 0);
          break;
      }
      return next(args);
    },
    { step: 'initialize', name: 'benchStoreWriteCounter' },
  );
  return counter;
}

type Handler = (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }>;

/** The URL of one of the product's queues, as the emulators' environment names it. */
export function queueUrlOf(name: QueueName): string {
  return process.env[`QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`]!;
}

/**
 * Polls a queue with `concurrency` loops, each invoking the real worker on what it receives, until
 * `done()`; a loop that finds the queue empty waits `emptyPauseMs` (a queue fed slowly wants a
 * longer pause: every loop polling an empty queue each 20 ms takes the machine from the work).
 */
export async function pollQueue(name: QueueName, concurrency: number, done: () => Promise<boolean>, emptyPauseMs = 20): Promise<void> {
  const queue = QUEUES.find((candidate) => candidate.name === name)!;
  const queueUrl = queueUrlOf(name);
  const { handler } = (await import(`../../functions/workers/${queue.worker}.ts`)) as { handler: Handler };
  let finished = false;
  const started = Date.now();
  const loop = async () => {
    while (!finished) {
      // Short polls with a brief pause: the emulator's long poll does not wake when a message arrives, SQS's does.
      const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: queue.batchSize, WaitTimeSeconds: 0, VisibilityTimeout: 5 }));
      const messages = received.Messages ?? [];
      if (messages.length === 0) {
        if (await done()) finished = true;
        if (Date.now() - started > SEND_LIMIT_MS) throw new Error(`${name} did not finish in time`);
        await new Promise((resolve) => setTimeout(resolve, emptyPauseMs));
        continue;
      }
      const event: SQSEvent = {
        Records: messages.map((message) => ({
          messageId: message.MessageId!,
          receiptHandle: message.ReceiptHandle!,
          body: message.Body!,
          attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'bench', ApproximateFirstReceiveTimestamp: String(Date.now()) },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${name}`,
          awsRegion: 'us-east-1',
        })),
      };
      const answer = await handler(event, lambdaContext(queue.worker, queue.visibilityTimeoutSeconds * 1000));
      const failed = new Set(answer.batchItemFailures.map((failure) => failure.itemIdentifier));
      // A failed batch reappears after the short visibility the bench receives with (5 s, not 120 s).
      for (const message of messages) if (!failed.has(message.MessageId!)) await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
}

/**
 * An account of `recipients` contacts, seeded in bulk (not timed, not counted): with emails, or
 * with Hong Kong mobile numbers and no email.
 */
export async function seededAccount(recipients: number, channel: 'email' | 'sms' = 'email') {
  const account = await seedAccount({ emailCredits: recipients, smsCredits: recipients * 10 });
  for (let done = 0; done < recipients; done += 5_000) {
    const offset = done;
    const mobiles = channel === 'sms' ? { emailOf: () => null, mobileOf: (n: number) => `+8529${String(1_000_000 + offset + n).padStart(7, '0')}` } : {};
    await seedContacts(account.tuid, Math.min(5_000, recipients - done), mobiles);
  }
  return account;
}

/** Sends a campaign to every contact of the account with `workers` delivery "Lambdas"; answers the seconds from plan to finish and the campaign id. */
export async function sendCampaign(account: Awaited<ReturnType<typeof seededAccount>>, command: TCampaignCommand, channel: CampaignChannel, workers: number): Promise<{ seconds: number; campaignId: string }> {
  const started = performance.now();
  const { campaignId } = await startedCampaign(account, command, channel);
  const finished = async () => (await getCampaignRecord(account.tuid, campaignId))?.status === 'finished';
  await Promise.all([pollQueue('campaign-plan', 1, finished), pollQueue('campaign-delivery', workers, finished)]);
  return { seconds: (performance.now() - started) / 1000, campaignId };
}

/** A campaign's messages in the sink, line by line: the sink file of a 50,000-message run is too big to read whole. */
export async function sinkRecordsOf(sinkDir: string, kind: SinkKind, campaignId: string): Promise<Array<{ to: string; createdAt: string }>> {
  const records: Array<{ to: string; createdAt: string }> = [];
  for await (const line of createInterface({ input: createReadStream(join(sinkDir, `${kind}.jsonl`)), crlfDelay: Infinity })) {
    if (!line.includes(campaignId)) continue;
    const record = JSON.parse(line) as SinkRecord;
    if (record.tags?.campaignId === campaignId) records.push({ to: record.to, createdAt: record.createdAt });
  }
  return records;
}

/** Messages per second between the first and the last of them. */
export function achievedRate(records: ReadonlyArray<{ createdAt: string }>): number {
  const times = records.map((record) => Date.parse(record.createdAt)).sort((a, b) => a - b);
  return (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
}

/** Every message waiting on a queue, taken off it. */
async function takeQueue(name: QueueName): Promise<string[]> {
  const queueUrl = queueUrlOf(name);
  const bodies: string[] = [];
  for (;;) {
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 600 }));
    const messages = received.Messages ?? [];
    if (messages.length === 0) return bodies;
    for (const message of messages) {
      bodies.push(message.Body!);
      await sqsClient().send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
    }
  }
}

/**
 * duplicates-after-crash: `runs` campaigns of `recipients`, each planned, its batches handed to one
 * delivery process that is SIGKILLed once a random share of the messages is in the sink (seeded),
 * then delivered again as SQS would after the visibility timeout. Answers the most recipients
 * mailed twice in a run, the most messages that run allowed in flight (every batch's window, all
 * batches in the one process at once), and their ratio.
 */
export async function duplicatesAfterCrash(options: { channel: CampaignChannel; command: (account: Awaited<ReturnType<typeof seededAccount>>) => TCampaignCommand; recipients: number; runs: number }): Promise<{ duplicates: number; inFlightLimit: number }> {
  const { channel, recipients, runs } = options;
  const kind: SinkKind = channel === 'email' ? 'mail' : 'sms';
  const workDir = await mkdtemp(join(tmpdir(), 'send-crash-'));
  const sinkBefore = { SINK_DIR: process.env.SINK_DIR, AWS_ENDPOINT_URL_SESV2: process.env.AWS_ENDPOINT_URL_SESV2 };
  const random = seededRandom(20_261_127);
  let duplicates = 0;
  let inFlightLimit = 0;
  try {
    const bundle = await bundleDeliveryWorker(workDir);
    for (let run = 0; run < runs; run += 1) {
      const account = await seededAccount(recipients, channel === 'email' ? 'email' : 'sms');
      const { campaignId } = await startedCampaign(account, options.command(account), channel);
      await pollQueue('campaign-plan', 1, async () => true);
      const batches: TCampaignDeliveryMessage[] = (await takeQueue('campaign-delivery')).map((body) => ZCampaignDeliveryMessage.parse(JSON.parse(body)));
      const sinkDir = await mkdtemp(join(workDir, 'sink-'));
      const sink = await useSink(sinkDir);
      const killAfter = Math.floor(random() * recipients);
      const worker = startDeliveryWorker(bundle, batches);
      let exited = false;
      void worker.exited.then(() => (exited = true));
      const started = Date.now();
      while (!exited && (await sinkLines(sinkDir, kind)) < killAfter) {
        if (Date.now() - started > SEND_LIMIT_MS) throw new Error('the delivery process made no progress');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      worker.child.kill('SIGKILL');
      await worker.exited;
      // SQS brings every batch back after its visibility timeout.
      const visibility = QUEUES.find((queue) => queue.name === 'campaign-delivery')!.visibilityTimeoutSeconds * 1000;
      await Promise.all(batches.map((message) => deliverBatch({ message, staleAfterMs: visibility, now: () => Date.now() + visibility + 1_000 })));
      if ((await getCampaignRecord(account.tuid, campaignId))?.status !== 'finished') throw new Error(`crash run ${run} did not finish`);
      const twice = [...(await deliveriesPerRecipient(sinkDir, kind)).values()].filter((n) => n > 1).length;
      duplicates = Math.max(duplicates, twice);
      await sink.stop();
      inFlightLimit = Math.max(inFlightLimit, batches.length * sendsInFlight(sendRateOf(channel)));
    }
    return { duplicates, inFlightLimit };
  } finally {
    Object.assign(process.env, sinkBefore);
    resetConfigForTests();
    resetClientsForTests();
    await rm(workDir, { recursive: true, force: true });
  }
}

