/**
 * webhook-delivery: up to WEBHOOK_BENCH_RATE (default 1,000) events/s for WEBHOOK_BENCH_SECONDS
 * (default 30), emitted through the product's emitWebhookEvent (at most a second's worth under
 * way; the product sends them 10 to a call) to one endpoint of one account, delivered by the real
 * webhook-deliveries worker, invoked as the local host invokes it (infra/local/queue-poller.ts:
 * one long-polling receiver, batches of 10 to up to WEBHOOK_BENCH_WORKERS (16) concurrent
 * invocations, DeleteMessageBatch, the queue's 120 s visibility), to a receiver on 127.0.0.1
 * (allowed through WEBHOOK_LOOPBACK_HOSTS, as the local host allows its catcher). The receiver
 * answers 500 to the first attempt of a seeded WEBHOOK_BENCH_FAIL_FRACTION (0.1) of the events and
 * 200 otherwise, records each answer's arrival time and `webhook-id`, and verifies the signature
 * of every 100th request. A failed event is retried on the product's own schedule (1 s first):
 * failing its retries too would put a few events of every run into the later (30 s, 2 min,
 * 10 min) retries, which a run of minutes cannot wait for.
 * - delivered-per-s: 2xx answers between the first and the last emit ÷ those seconds (the rate
 *   sustained under the load; also emitted-per-s, what the emitter achieved);
 * - p99-ms: event (its `timestamp`) to its first 2xx answer, every event delivered; p99-first-attempt-ms
 *   the same for the events delivered at their first attempt (the others wait ≥ 1 s by design);
 * - queue-ceiling-per-s: messages/s the same queue moves with no work just before, in the run's
 *   shapes: queued at once through the product's enqueueWebhookDeliveries, received and deleted by
 *   the same poller invoking a worker that only counts; queue-efficiency = delivered-per-s ÷ it;
 * - lost: events emitted − distinct ids answered 2xx once the queue has drained (at most
 *   WEBHOOK_BENCH_DRAIN_S, default 60, after the last emit); duplicate-deliveries: 2xx answers
 *   to an id already delivered; signature-failures: sampled requests whose signature did not verify;
 * - store-calls-per-event, queue-calls-per-event: DynamoDB and SQS calls of the run (emit, poll,
 *   worker, retries) ÷ events emitted, which the machine's load does not change.
 * The emitter, the worker, the poller and the receiver share this Node process; fauxqs (SQS) is a
 * Node child, DynamoDB Local a JVM.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { documentClient } from '../../functions/lib/aws/dynamodb.js';
import { sqsClient } from '../../functions/lib/aws/sqs.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { verifyWebhook, type WebhookHeaders } from '../../functions/lib/webhook-signature.js';
import { createWebhookEndpoint } from '../../functions/services/webhooks/endpoints.js';
import { emitWebhookEvent } from '../../functions/services/webhooks/events.js';
import { enqueueWebhookDeliveries, type TWebhookDeliveryMessage } from '../../functions/queues/webhook-deliveries.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import { resolveProductModule, type ResolveModule } from '../../infra/local/lambda-runtime.js';
import { startQueuePoller } from '../../infra/local/queue-poller.js';
import { seedAccount } from '../helpers/seed/accounts.js';
import { seededRandom } from '../helpers/delivery-worker.js';
import { queueUrlOf, startSendEmulators } from './campaign-send-harness.js';
import { handled } from './no-op-worker.js';
import { percentile, type Benchmark, type Figure } from './figures.js';

const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 1_000);
const SECONDS = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 30);
const WORKERS = Number(process.env.WEBHOOK_BENCH_WORKERS ?? 16);
const FAIL_FRACTION = Number(process.env.WEBHOOK_BENCH_FAIL_FRACTION ?? 0.1);
const DRAIN_MS = Number(process.env.WEBHOOK_BENCH_DRAIN_S ?? 60) * 1000;
const CEILING_MESSAGES = Number(process.env.WEBHOOK_BENCH_CEILING_MESSAGES ?? 10_000);
const SIGNATURE_SAMPLE_EVERY = 100;
const TICK_MS = 5;
/** Emits under way at most: a second's worth, so a queue slower than the rate holds the emitter back. */
const EMITS_IN_FLIGHT = Math.max(WORKERS, RATE);
const QUEUE = QUEUES.find((queue) => queue.name === 'webhook-deliveries')!;
/** The worker the ceiling's poller invokes instead of the product's: it only counts. */
const NO_OP_WORKER = fileURLToPath(new URL('./no-op-worker.ts', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the receiver saw: each event's first 2xx arrival (epoch ms) and event time, and the counts. */
type Receipts = {
  deliveredAt: Map<string, { at: number; eventAt: number; firstAttempt: boolean }>;
  failedOnce: Set<string>;
  okAnswers: number[];
  duplicates: number;
  signatureFailures: number;
  requests: number;
};

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The loopback receiver: fails the first attempt of a seeded share of the events. */
async function startReceiver(secretOf: () => string) {
  const random = seededRandom(20_261_202);
  const receipts: Receipts = { deliveredAt: new Map(), failedOnce: new Set(), okAnswers: [], duplicates: 0, signatureFailures: 0, requests: 0 };
  const server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const at = Date.now();
    receipts.requests += 1;
    const id = String(request.headers['webhook-id']);
    if (receipts.requests % SIGNATURE_SAMPLE_EVERY === 0) {
      const headers = request.headers as Partial<WebhookHeaders>;
      if (!verifyWebhook({ secret: secretOf(), headers, body, now: new Date(at) })) receipts.signatureFailures += 1;
    }
    const firstSeen = !receipts.failedOnce.has(id) && !receipts.deliveredAt.has(id);
    if (firstSeen && random() < FAIL_FRACTION) {
      receipts.failedOnce.add(id);
      response.writeHead(500, { 'content-type': 'text/plain' }).end('failing on purpose');
      return;
    }
    receipts.okAnswers.push(at);
    if (receipts.deliveredAt.has(id)) receipts.duplicates += 1;
    else receipts.deliveredAt.set(id, { at, eventAt: Date.parse((JSON.parse(body) as { timestamp: string }).timestamp), firstAttempt: !receipts.failedOnce.has(id) });
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { receipts, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * The webhook queue polled as Lambda's event source mapping polls it (infra/local/queue-poller.ts,
 * as the local host runs it: one long-polling receiver, batches of 10 handed to up to `WORKERS`
 * concurrent invocations, successes deleted with DeleteMessageBatch, the queue's 120 s
 * visibility), invoking the worker `resolveModule` names; stopped once `done()` says so.
 */
async function pollWebhookQueue(resolveModule: ResolveModule, done: () => boolean): Promise<void> {
  const queueUrls = Object.fromEntries(QUEUES.map((queue) => [queue.name, queueUrlOf(queue.name)])) as Record<QueueName, string>;
  const poller = await startQueuePoller({ sqs: sqsClient(), queues: [QUEUE], queueUrls, resolveModule, log: (line) => console.error(line), concurrentBatches: WORKERS });
  while (!done()) await sleep(TICK_MS);
  await poller.stop();
}

/**
 * Messages/s the queue moves with no work, in the shapes the run uses: `count` attempts queued at
 * once through the product's enqueueWebhookDeliveries (10 to a call, 4 calls in flight), received
 * and deleted by the same poller invoking a worker that only counts, until all are deleted.
 */
async function measureQueueCeiling(count: number, sample: TWebhookDeliveryMessage): Promise<number> {
  const started = performance.now();
  const resolveNoOp: ResolveModule = (kind, name) => (kind === 'workers' && name === QUEUE.worker ? NO_OP_WORKER : resolveProductModule(kind, name));
  await Promise.all([
    ...Array.from({ length: count }, () => enqueueWebhookDeliveries([sample], new Date())),
    pollWebhookQueue(resolveNoOp, () => handled.records >= count),
  ]);
  return count / ((performance.now() - started) / 1000);
}

/**
 * Emits up to `RATE` events/s for `SECONDS` through the product's emit, at most EMITS_IN_FLIGHT at
 * once (the product sends them 10 to a call, a few calls at a time). A queue slower than the rate
 * holds the emitter back: emitted-per-s says what was offered.
 */
async function emitEvents(tuid: string): Promise<{ emitted: number; firstAt: number; lastAt: number }> {
  const pending = new Set<Promise<void>>();
  let emitted = 0;
  let lastAt = 0;
  const firstAt = Date.now();
  const stopAt = firstAt + SECONDS * 1000;
  while (Date.now() < stopAt) {
    const due = Math.floor(((Date.now() - firstAt) / 1000) * RATE) + 1;
    while (emitted < due && pending.size < EMITS_IN_FLIGHT) {
      const seq = emitted;
      emitted += 1;
      const call = emitWebhookEvent({ tuid, type: 'contact.subscribed', data: { seq, contactId: `bench-${seq}`, channel: 'email' }, now: new Date() }).finally(() => {
        pending.delete(call);
        lastAt = Date.now();
      });
      pending.add(call);
    }
    await sleep(TICK_MS);
  }
  await Promise.all(pending);
  return { emitted, firstAt, lastAt };
}

export const webhookDelivery: Benchmark = {
  name: 'webhook-delivery',
  async run(): Promise<Figure[]> {
    const { stop } = await startSendEmulators('webhook');
    let secret = '';
    const receiver = await startReceiver(() => secret);
    const figure = (metric: string, value: number, unit: string): Figure => ({ bench: 'webhook-delivery', metric, value, unit });
    try {
      process.env.WEBHOOK_LOOPBACK_HOSTS = receiver.host;
      resetConfigForTests();
      const account = await seedAccount();
      const created = await createWebhookEndpoint({ tuid: account.tuid, url: `http://${receiver.host}/hook`, eventTypes: ['contact.subscribed'], description: 'bench', now: new Date() });
      secret = created.secret;

      // The queue ceiling, on the same queue, with messages of the size the run sends.
      const sample: TWebhookDeliveryMessage = {
        tuid: account.tuid, endpointId: created.endpoint.id, deliveryId: 'x'.repeat(26), eventId: `msg_${'x'.repeat(26)}`, eventType: 'contact.subscribed',
        body: JSON.stringify({ id: 'x'.repeat(30), type: 'contact.subscribed', timestamp: new Date().toISOString(), data: { seq: 0, contactId: 'bench-0', channel: 'email' } }),
        createdAt: new Date().toISOString(), attempt: 1, notBefore: 0,
      };
      const ceiling = await measureQueueCeiling(CEILING_MESSAGES, sample);

      // Calls to the store and the queue from here on (the run, not the ceiling): counts, which the machine's load does not change.
      const calls = { store: 0, queue: 0 };
      documentClient().middlewareStack.add((next) => async (args) => {
        calls.store += 1;
        return next(args);
      }, { step: 'initialize', name: 'benchStoreCallCounter' });
      sqsClient().middlewareStack.add((next) => async (args) => {
        calls.queue += 1;
        return next(args);
      }, { step: 'initialize', name: 'benchQueueCallCounter' });
      let emission: Awaited<ReturnType<typeof emitEvents>> | undefined;
      let drainUntil = Number.POSITIVE_INFINITY;
      const done = () => emission !== undefined && (receiver.receipts.deliveredAt.size >= emission.emitted || Date.now() > drainUntil);
      const polling = pollWebhookQueue(resolveProductModule, done);
      emission = await emitEvents(account.tuid);
      drainUntil = emission.lastAt + DRAIN_MS;
      await polling;

      const { receipts } = receiver;
      const windowSeconds = (emission.lastAt - emission.firstAt) / 1000;
      const okInWindow = receipts.okAnswers.filter((at) => at >= emission!.firstAt && at <= emission!.lastAt).length;
      const delivered = [...receipts.deliveredAt.values()];
      const latencies = delivered.map((entry) => entry.at - entry.eventAt).sort((a, b) => a - b);
      const firstAttemptLatencies = delivered.filter((entry) => entry.firstAttempt).map((entry) => entry.at - entry.eventAt).sort((a, b) => a - b);
      const deliveredPerSecond = okInWindow / windowSeconds;
      return [
        figure('events', emission.emitted, 'events'),
        figure('emitted-per-s', emission.emitted / windowSeconds, 'events/s'),
        figure('failed-first-attempts', receipts.failedOnce.size, 'events'),
        figure('delivered-per-s', deliveredPerSecond, 'events/s'),
        figure('p50-ms', percentile(latencies, 50), 'ms'),
        figure('p99-ms', percentile(latencies, 99), 'ms'),
        figure('p50-first-attempt-ms', percentile(firstAttemptLatencies, 50), 'ms'),
        figure('p99-first-attempt-ms', percentile(firstAttemptLatencies, 99), 'ms'),
        figure('queue-ceiling-per-s', ceiling, 'messages/s'),
        figure('queue-efficiency', deliveredPerSecond / ceiling, 'ratio'),
        figure('lost', emission.emitted - receipts.deliveredAt.size, 'events'),
        figure('duplicate-deliveries', receipts.duplicates, 'requests'),
        figure('store-calls-per-event', calls.store / emission.emitted, 'calls'),
        figure('queue-calls-per-event', calls.queue / emission.emitted, 'calls'),
        figure('signature-failures', receipts.signatureFailures, 'requests'),
      ];
    } finally {
      delete process.env.WEBHOOK_LOOPBACK_HOSTS;
      resetConfigForTests();
      await receiver.close();
      await stop();
    }
  },
};
