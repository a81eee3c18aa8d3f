/**
 * email-send: a campaign of EMAIL_SEND_BENCH_RECIPIENTS (default 50,000) contacts, each message
 * personalised and tracked, through the embedded queues and store to the local sink: the real
 * planner and delivery handlers, polled by EMAIL_SEND_BENCH_WORKERS concurrent "Lambdas"
 * (default 16), as the event source mapping would. Contacts are seeded in bulk first (not timed).
 * - messages-per-s: recipients ÷ seconds from the plan message until the campaign is finished;
 * - writes-per-message: store item writes (every put, update, delete, batch and transaction item,
 *   conditional attempts that failed included) in that time ÷ recipients;
 * - store-efficiency: those writes per second ÷ store-ceiling's batch-items-per-s, measured in the
 *   same run just before;
 * - render-transport-per-s: the same messages rendered (MIME included) and handed to the sink
 *   transport with the store bypassed, as many in flight as the workers keep (workers × 10), until
 *   the sink's SES-format events are on their queue;
 * - rate-error: |achieved − configured| ÷ configured for EMAIL_SEND_BENCH_RATE_RECIPIENTS
 *   (default 4,000) recipients at CAMPAIGN_SEND_RATE 200, achieved = messages ÷ (last send − first send);
 * - lost-messages and duplicate-messages with the sink throttling 10% of calls
 *   (EMAIL_SEND_BENCH_THROTTLE_RECIPIENTS, default 5,000): recipients never sent, and sent twice.
 * In process: fauxqs (SQS) shares this Node process, DynamoDB Local is its own JVM.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { campaignMailTransport } from '../../functions/channels/mail.js';
import type { SinkMail } from '../../functions/channels/sink.js';
import { sinkEventsPublished } from '../../functions/channels/sink-events.js';
import { getCampaignRecord } from '../../functions/data/campaigns.js';
import { documentClient } from '../../functions/lib/aws/dynamodb.js';
import { sqsClient } from '../../functions/lib/aws/sqs.js';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { createLimiter } from '../../functions/lib/concurrency.js';
import { campaignMailFor, compileRunMessage } from '../../functions/services/campaign-send/message.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import { SENDS_IN_FLIGHT } from '../../shared/domain/campaign-send.js';
import { lambdaContext } from '../../infra/local/lambda-runtime.js';
import { queueUrlVariables, startEmulators } from '../../infra/local/emulators.js';
import { seedAccount, seedContacts, sendCommand, startedCampaign } from '../integration/campaign-send/support.js';
import { storeCeiling } from './store-ceiling.js';
import type { Benchmark, Figure } from './figures.js';

function sizeFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name} must be a whole number ≥ 100, not '${process.env[name]}'`);
  return value;
}

const RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_RECIPIENTS', 50_000);
const RATE_RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_RATE_RECIPIENTS', 4_000);
const THROTTLE_RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_THROTTLE_RECIPIENTS', 5_000);
const WORKERS = Number(process.env.EMAIL_SEND_BENCH_WORKERS ?? 16);
const RATE = 200;
const SEND_LIMIT_MS = 30 * 60_000;

/** Counts store item writes through the product's own document client. */
function countStoreWrites(): { readonly writes: number } {
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

/** Polls a queue with `concurrency` loops, each invoking the real worker on what it receives, until `done()`. */
async function pollQueue(name: QueueName, concurrency: number, done: () => Promise<boolean>): Promise<void> {
  const queue = QUEUES.find((candidate) => candidate.name === name)!;
  const queueUrl = process.env[`QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`]!;
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
        await new Promise((resolve) => setTimeout(resolve, 20));
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

/** An account of `recipients` contacts, seeded in bulk (not timed, not counted). */
async function seededAccount(recipients: number) {
  const account = await seedAccount({ emailCredits: recipients });
  for (let done = 0; done < recipients; done += 5_000) await seedContacts(account.tuid, Math.min(5_000, recipients - done));
  return account;
}

/** Sends a campaign to every contact of the account; answers the seconds from plan to finish and the campaign id. */
async function sendCampaign(account: Awaited<ReturnType<typeof seededAccount>>): Promise<{ seconds: number; campaignId: string }> {
  const started = performance.now();
  const { campaignId } = await startedCampaign(account, sendCommand(account.login));
  const finished = async () => (await getCampaignRecord(account.tuid, campaignId))?.status === 'finished';
  await Promise.all([pollQueue('campaign-plan', 1, finished), pollQueue('campaign-delivery', WORKERS, finished)]);
  return { seconds: (performance.now() - started) / 1000, campaignId };
}

/** A campaign's mails in the sink, line by line: the sink file of a 50,000-message run is too big to read whole. */
async function sinkMailsOf(sinkDir: string, campaignId: string): Promise<Array<Pick<SinkMail, 'to' | 'createdAt'>>> {
  const mails: Array<Pick<SinkMail, 'to' | 'createdAt'>> = [];
  for await (const line of createInterface({ input: createReadStream(join(sinkDir, 'mail.jsonl')), crlfDelay: Infinity })) {
    if (!line.includes(campaignId)) continue;
    const mail = JSON.parse(line) as SinkMail;
    if (mail.tags?.campaignId === campaignId) mails.push({ to: mail.to, createdAt: mail.createdAt });
  }
  return mails;
}

/**
 * The sink transport alone: render and hand over, no claims, no counters, as many in flight as the
 * delivery workers keep; timed until the sink's events are on their queue too.
 */
async function renderTransportPerS(count: number, senderEmail: string): Promise<number> {
  const message = await compileRunMessage(sendCommand(senderEmail), []);
  const transport = campaignMailTransport();
  const limit = createLimiter(WORKERS * SENDS_IN_FLIGHT);
  const now = Date.now();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, n) => {
      const contact: ContactRecord = { id: n + 1, email: `r${n}@example.com`, mobile: null, emailSubscribe: true, smsSubscribe: true, emailBounce: 'none', smsBounce: 'none', fields: { f1: `Name${n}` }, createTime: now, updateTime: now };
      return limit(() => transport.sendRaw(campaignMailFor(message, { tuid: 'bench', campaignId: 'render-only', contact }, new Date())));
    }),
  );
  await sinkEventsPublished();
  return count / ((performance.now() - started) / 1000);
}

export const emailSend: Benchmark = {
  name: 'email-send',
  async run(): Promise<Figure[]> {
    const ceiling = (await storeCeiling.run()).find((figure) => figure.metric === 'batch-items-per-s')!.value;
    const emulators = await startEmulators();
    const sinkDir = await mkdtemp(join(tmpdir(), 'email-send-sink-'));
    const figure = (metric: string, value: number, unit: string): Figure => ({ bench: 'email-send', metric, value, unit });
    try {
      await Promise.all([emulators.createTable('bench-email'), emulators.createBucket('bench-email-data')]);
      const queueUrls = await emulators.createQueues('bench-email-');
      Object.assign(process.env, emulators.env, {
        TABLE_NAME: 'bench-email',
        DATA_BUCKET: 'bench-email-data',
        SINK_DIR: sinkDir,
        JWT_SECRET: randomBytes(36).toString('base64'),
        APP_URL: 'http://127.0.0.1:3000',
        STAGE: 'test',
        MAIL_TRANSPORT: 'sink',
        CAMPAIGN_SEND_RATE: '0',
        SINK_THROTTLE_FRACTION: '0',
        ...queueUrlVariables(QUEUES, queueUrls),
      });
      resetConfigForTests();
      resetClientsForTests();
      const counter = countStoreWrites();

      // Full speed.
      const fullAccount = await seededAccount(RECIPIENTS);
      const writesBefore = counter.writes;
      const full = await sendCampaign(fullAccount);
      const writes = counter.writes - writesBefore;
      const sent = (await sinkMailsOf(sinkDir, full.campaignId)).length;
      const figures = [
        figure('recipients', RECIPIENTS, 'messages'),
        figure('store-ceiling-batch-items-per-s', ceiling, 'items/s'),
        figure('messages-per-s', sent / full.seconds, 'messages/s'),
        figure('writes-per-message', writes / sent, 'writes'),
        figure('store-efficiency', writes / full.seconds / ceiling, 'ratio'),
      ];
      // Into a sink of its own, so the campaign sinks stay small enough to scan.
      process.env.SINK_DIR = await mkdtemp(join(tmpdir(), 'email-send-render-'));
      resetConfigForTests();
      figures.push(figure('render-transport-per-s', await renderTransportPerS(Math.min(RECIPIENTS, 20_000), 'bench@example.com'), 'messages/s'));
      await rm(process.env.SINK_DIR, { recursive: true, force: true });
      process.env.SINK_DIR = sinkDir;

      // At a configured rate.
      process.env.CAMPAIGN_SEND_RATE = String(RATE);
      resetConfigForTests();
      const paced = await sendCampaign(await seededAccount(RATE_RECIPIENTS));
      const times = (await sinkMailsOf(sinkDir, paced.campaignId)).map((mail) => Date.parse(mail.createdAt)).sort((a, b) => a - b);
      const achieved = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
      figures.push(figure('rate-achieved', achieved, 'messages/s'), figure('rate-error', Math.abs(achieved - RATE) / RATE, 'ratio'));

      // With a throttling transport.
      process.env.CAMPAIGN_SEND_RATE = '0';
      process.env.SINK_THROTTLE_FRACTION = '0.1';
      const throttledAccount = await seededAccount(THROTTLE_RECIPIENTS);
      resetConfigForTests();
      const throttled = await sendCampaign(throttledAccount);
      const throttledMails = await sinkMailsOf(sinkDir, throttled.campaignId);
      const unique = new Set(throttledMails.map((mail) => mail.to)).size;
      figures.push(
        figure('throttled-messages-per-s', unique / throttled.seconds, 'messages/s'),
        figure('lost-messages', THROTTLE_RECIPIENTS - unique, 'messages'),
        figure('duplicate-messages', throttledMails.length - unique, 'messages'),
      );
      return figures;
    } finally {
      await emulators.stop();
      await rm(sinkDir, { recursive: true, force: true });
    }
  },
};
