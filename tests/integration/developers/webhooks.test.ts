/**
 * Webhooks through the real handlers, queue and worker against the emulators, to a test receiver
 * on 127.0.0.1 (reachable over http only through WEBHOOK_LOOPBACK_HOSTS, as the local catcher is):
 * registration and its refusals (nothing written), a delivery the receiver verifies with its own
 * HMAC, an endpoint that fails 5 times then recovers, 24 hours of failures (time driven through
 * the worker's `now`) disabling the endpoint with a notification, resend, a redelivered
 * message that logs nothing twice, and one that queues the retry its first copy could not.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listWebhookEndpoints } from '../../../functions/data/webhooks.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { attemptWebhookDelivery } from '../../../functions/services/webhooks/deliveries.js';
import { emitWebhookEvent } from '../../../functions/services/webhooks/events.js';
import type { TWebhookDeliveryMessage } from '../../../functions/queues/webhook-deliveries.js';
import { WEBHOOK_RETRY_WINDOW_MS } from '../../../shared/domain/webhooks.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TWebhookDelivery, TWebhookEndpoint, TWebhookEndpointCreated } from '../../../shared/schemas/developers.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { drainEvents, enqueueEvent, snsEnvelope } from '../../helpers/delivery-events.js';
import { drainQueue, takeWebhookDeliveryMessages } from '../../helpers/queues.js';
import { sentCampaign } from '../../helpers/seed/campaigns.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

let api: ApiClient;
let receiver: Server;
let origin: string;
const received: Received[] = [];
/** Answers still to fail, by path: the receiver answers 503 while a path has some left. */
const failuresLeft = new Map<string, number>();

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const left = failuresLeft.get(path) ?? 0;
      if (left > 0) failuresLeft.set(path, left - 1);
      response.writeHead(left > 0 ? 503 : 200, { 'content-type': 'text/plain' }).end(left > 0 ? 'busy, try later' : 'ok');
    });
  });
  receiver.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.WEBHOOK_LOOPBACK_HOSTS = new URL(origin).host;
  resetConfigForTests();
}, 30_000);

afterAll(async () => {
  delete process.env.WEBHOOK_LOOPBACK_HOSTS;
  resetConfigForTests();
  await new Promise((resolve) => receiver.close(resolve));
  await api.close();
});

const register = (actor: Actor, body: unknown) => call<TWebhookEndpointCreated>(api, actor, 'POST', '/developers/webhooks', body);
const deliveriesOf = async (actor: Actor, endpointId: string) =>
  (await call<{ data: TWebhookDelivery[] }>(api, actor, 'GET', `/developers/webhooks/${endpointId}/deliveries`)).body.data;
const receivedAt = (path: string) => received.filter((request) => request.path === path);

/** Registers an endpoint at a path of the receiver of its own, for `contact.subscribed`. */
async function endpointAt(actor: Actor, path: string): Promise<TWebhookEndpointCreated> {
  const created = await register(actor, { url: `${origin}${path}`, eventTypes: ['contact.subscribed'] });
  expect(created.status).toBe(201);
  return created.body;
}

/**
 * Emits an event and takes its one queued attempt off the queue (the test makes the attempts);
 * retries earlier cases left on the queue go with it (they would change nothing: their attempts are logged).
 */
async function emitAndTake(actor: Actor, now: Date): Promise<TWebhookDeliveryMessage> {
  await emitWebhookEvent({ tuid: actor.tuid, type: 'contact.subscribed', data: { email: 'ada@example.com' }, now });
  const [message, ...rest] = (await takeWebhookDeliveryMessages()).filter((queued) => queued.tuid === actor.tuid);
  expect(rest).toEqual([]);
  return message!;
}

describe('webhook endpoints', () => {
  let bob: Actor | undefined;

  it('registers an https endpoint, shows its whsec_ secret once and lists it without the secret', async () => {
    // Prepare
    const ada = await signUpAs(api, 'Ada Hooks');

    // Act
    const created = await register(ada, { url: 'https://hooks.example.com/in', eventTypes: ['email.bounced', 'contact.unsubscribed', 'email.bounced'], description: 'CRM sync' });
    const listed = await call<{ data: TWebhookEndpoint[] }>(api, ada, 'GET', '/developers/webhooks');

    // Assess
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(created.body.endpoint).toEqual({
      id: expect.any(String), url: 'https://hooks.example.com/in', description: 'CRM sync', eventTypes: ['email.bounced', 'contact.unsubscribed'], status: 'enabled', createdAt: expect.any(String), disabledAt: null,
    });
    expect(listed.body.data).toEqual([created.body.endpoint]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
  });

  it.each([
    ['plain http', 'http://hooks.example.com/in'],
    ['loopback', 'https://127.0.0.1/in'],
    ['a private address', 'https://10.1.2.3/in'],
    ['instance metadata', 'https://169.254.169.254/latest'],
    ['an IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/in'],
    ['a hex loopback', 'https://0x7f000001/in'],
    ['localhost', 'https://localhost/in'],
    ['credentials', 'https://user:pass@hooks.example.com/in'],
    ['not an address', 'hooks.example.com'],
  ])('refuses %s with VALIDATE_INVALID_INPUT and writes nothing', async (_case, url) => {
    // Prepare: one account for every refusal (each must leave it without endpoints).
    bob ??= await signUpAs(api, 'Bob Refused');

    // Act
    const refused = await register(bob, { url, eventTypes: ['contact.subscribed'] });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await listWebhookEndpoints(bob.tuid)).toEqual([]);
  });
});

describe('webhook deliveries', () => {
  it('delivers a signed event that the receiver verifies with its own HMAC of id.timestamp.body', async () => {
    // Prepare
    const cleo = await signUpAs(api, 'Cleo Signed');
    const { endpoint, secret } = await endpointAt(cleo, '/signed');

    // Act
    await emitWebhookEvent({ tuid: cleo.tuid, type: 'contact.subscribed', data: { email: 'new@example.com' }, now: new Date() });
    await emitWebhookEvent({ tuid: cleo.tuid, type: 'email.opened', data: {}, now: new Date() });
    await drainQueue('webhook-deliveries');

    // Assess: only the subscribed type came, signed the Standard Webhooks way.
    const [request, ...others] = receivedAt('/signed');
    expect(others).toEqual([]);
    const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = request!.headers as Record<string, string>;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${request!.body}`).digest();
    const given = Buffer.from(signature!.replace(/^v1,/, ''), 'base64');
    expect(given.length).toBe(expected.length);
    expect(timingSafeEqual(given, expected)).toBe(true);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(request!.body)).toEqual({ id, type: 'contact.subscribed', timestamp: expect.any(String), data: { email: 'new@example.com' } });
    const [logged] = await deliveriesOf(cleo, endpoint.id);
    expect(logged).toMatchObject({ eventId: id, eventType: 'contact.subscribed', status: 'delivered', attempts: 1, statusCode: 200, response: 'ok' });
  });

  it('retries an endpoint that fails 5 times with growing delays, then delivers on the 6th attempt', async () => {
    // Prepare
    const dan = await signUpAs(api, 'Dan Flaky');
    const { endpoint } = await endpointAt(dan, '/flaky');
    failuresLeft.set('/flaky', 5);
    const start = new Date();
    let message: TWebhookDeliveryMessage | null = await emitAndTake(dan, start);

    // Act: each attempt at the time the previous one asked for.
    const waits: number[] = [];
    let now = start;
    while (message) {
      now = new Date(Math.max(now.getTime(), message.notBefore));
      const next: TWebhookDeliveryMessage | null = await attemptWebhookDelivery(message, now);
      if (next) waits.push(next.notBefore - now.getTime());
      message = next;
    }

    // Assess
    const attempts = receivedAt('/flaky');
    expect(attempts).toHaveLength(6);
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits[0]).toBeLessThan(waits[4]!);
    const [logged] = await deliveriesOf(dan, endpoint.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 6, statusCode: 200, nextAttemptAt: null });
  });

  it('fails a delivery after 24 hours of failures, disables the endpoint and notifies the owner once', async () => {
    // Prepare
    const eve = await signUpAs(api, 'Eve Down');
    const { endpoint } = await endpointAt(eve, '/down');
    failuresLeft.set('/down', 1_000);
    const start = new Date();
    let message: TWebhookDeliveryMessage | null = await emitAndTake(eve, start);

    // Act
    let now = start;
    while (message) {
      now = new Date(Math.max(now.getTime(), message.notBefore));
      message = await attemptWebhookDelivery(message, now);
    }
    await emitWebhookEvent({ tuid: eve.tuid, type: 'contact.subscribed', data: {}, now: new Date(now.getTime() + 60_000) });

    // Assess
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(now.getTime() - start.getTime()).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 2 * 60 * 60_000);
    const [logged] = await deliveriesOf(eve, endpoint.id);
    expect(logged).toMatchObject({ status: 'failed', statusCode: 503, response: 'busy, try later', nextAttemptAt: null });
    expect(logged!.attempts).toBe(receivedAt('/down').length);
    const [listed] = (await call<{ data: TWebhookEndpoint[] }>(api, eve, 'GET', '/developers/webhooks')).body.data;
    expect(listed).toMatchObject({ status: 'disabled', disabledAt: now.toISOString() });
    const notices = await call<{ result: Array<{ type: string; severity: number }> }>(api, eve, 'GET', '/notification/pop-up');
    expect(notices.body.result.filter((notice) => notice.type === 'webhook')).toEqual([expect.objectContaining({ severity: 3 })]);
    // A disabled endpoint receives no new events (retries of older ones may still be queued: they end at the worker).
    expect((await takeWebhookDeliveryMessages()).filter((queued) => queued.tuid === eve.tuid && Date.parse(queued.createdAt) > now.getTime())).toEqual([]);
  });

  it('resends a logged delivery with the same event id, and a redelivered message logs and posts nothing twice', async () => {
    // Prepare
    const fay = await signUpAs(api, 'Fay Resend');
    const { endpoint } = await endpointAt(fay, '/resend');
    const message = await emitAndTake(fay, new Date());
    await attemptWebhookDelivery(message, new Date());

    // Act
    const redelivered = await attemptWebhookDelivery(message, new Date());
    const [first] = await deliveriesOf(fay, endpoint.id);
    const resent = await call<TWebhookDelivery>(api, fay, 'POST', `/developers/webhooks/${endpoint.id}/deliveries/${first!.id}/resend`);
    await drainQueue('webhook-deliveries');

    // Assess
    expect(redelivered).toBeNull();
    expect(resent.status).toBe(201);
    expect(resent.body).toMatchObject({ eventId: first!.eventId, status: 'pending', attempts: 0 });
    const log = await deliveriesOf(fay, endpoint.id);
    expect(log.map((delivery) => [delivery.id, delivery.status, delivery.attempts])).toEqual([
      [resent.body.id, 'delivered', 1],
      [first!.id, 'delivered', 1],
    ]);
    const posts = receivedAt('/resend');
    expect(posts).toHaveLength(2);
    expect(posts.map((request) => request.headers['webhook-id'])).toEqual([first!.eventId, first!.eventId]);
  });

  it('queues the retry from a redelivered copy when the copy that logged the failure could not queue it', async () => {
    // Prepare: the first copy posts, logs its failed attempt, then finds no queue to put the retry on.
    const joe = await signUpAs(api, 'Joe Requeue');
    const { endpoint } = await endpointAt(joe, '/requeue');
    failuresLeft.set('/requeue', 1);
    const message = await emitAndTake(joe, new Date());
    const queueUrl = process.env.QUEUE_URL_WEBHOOK_DELIVERIES!;
    process.env.QUEUE_URL_WEBHOOK_DELIVERIES = `${queueUrl}-gone`;
    resetConfigForTests();
    const firstCopy = await attemptWebhookDelivery(message, new Date()).catch((error: unknown) => error);
    process.env.QUEUE_URL_WEBHOOK_DELIVERIES = queueUrl;
    resetConfigForTests();

    // Act: SQS delivers the message again.
    const secondCopy = await attemptWebhookDelivery(message, new Date());

    // Assess
    expect(firstCopy).toBeInstanceOf(Error);
    expect(secondCopy).toMatchObject({ deliveryId: message.deliveryId, attempt: 2 });
    // The retry is hidden for its 1 s back-off: taken off the queue once it shows.
    const queued: TWebhookDeliveryMessage[] = [];
    await vi.waitFor(
      async () => {
        queued.push(...(await takeWebhookDeliveryMessages()).filter((candidate) => candidate.tuid === joe.tuid));
        expect(queued).not.toEqual([]);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(queued).toEqual([secondCopy]);
    expect(receivedAt('/requeue')).toHaveLength(1);
    expect((await deliveriesOf(joe, endpoint.id))[0]).toMatchObject({ status: 'retrying', attempts: 1, statusCode: 503 });
  });

  it('sends a test event to an endpoint whatever it subscribed to', async () => {
    // Prepare
    const gus = await signUpAs(api, 'Gus Test');
    const { endpoint } = await endpointAt(gus, '/test-event');

    // Act
    const queued = await call<TWebhookDelivery>(api, gus, 'POST', `/developers/webhooks/${endpoint.id}/test`);
    await drainQueue('webhook-deliveries');

    // Assess
    expect(queued.status).toBe(201);
    expect(JSON.parse(receivedAt('/test-event')[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect((await deliveriesOf(gus, endpoint.id))[0]).toMatchObject({ id: queued.body.id, eventType: 'webhook.test', status: 'delivered' });
  });

  it('tells an endpoint of recorded email outcomes once each, though SQS delivers each provider event twice', async () => {
    // Prepare
    const hal = await signUpAs(api, 'Hal Outcomes');
    const created = await register(hal, { url: `${origin}/outcomes`, eventTypes: ['email.delivered', 'email.bounced'] });
    const campaign = await sentCampaign(hal);
    const base = { actor: hal, campaignId: campaign.id, contactId: 7, email: 'gone@example.com' };
    const bounce = { bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] } };

    // Act
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Send' }));
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Delivery', detail: { delivery: { timestamp: new Date().toISOString() } } }), 2);
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Bounce', detail: bounce }), 2);
    await drainEvents();
    await drainQueue('webhook-deliveries');

    // Assess
    const bodies = receivedAt('/outcomes').map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((body) => body.type).sort()).toEqual(['email.bounced', 'email.delivered']);
    expect(bodies.find((body) => body.type === 'email.bounced')?.data).toMatchObject({ campaignId: campaign.id, contactId: 7, address: 'gone@example.com', bounceType: 'hard' });
    expect(await deliveriesOf(hal, created.body.endpoint.id)).toHaveLength(2);
  });

  it('tells an endpoint when a contact made and edited by hand is subscribed and unsubscribed', async () => {
    // Prepare
    const ivy = await signUpAs(api, 'Ivy Contacts');
    await register(ivy, { url: `${origin}/contacts`, eventTypes: ['contact.subscribed', 'contact.unsubscribed'] });

    // Act
    const created = await call<{ contact: { id: string } }>(api, ivy, 'POST', '/contacts', { email: 'sub@example.com' });
    const id = created.body.contact.id;
    await call(api, ivy, 'PUT', `/contacts/${id}`, { emailSubscribe: false });
    await call(api, ivy, 'PUT', `/contacts/${id}`, { emailSubscribe: false });
    await drainQueue('webhook-deliveries');

    // Assess
    const bodies = receivedAt('/contacts').map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> });
    // Deliveries run in parallel, so they may arrive in either order (receivers order by timestamp).
    expect(bodies.map((body) => [body.type, body.data.channel, body.data.address]).sort()).toEqual([
      ['contact.subscribed', 'email', 'sub@example.com'],
      ['contact.unsubscribed', 'email', 'sub@example.com'],
    ]);
  });
});
