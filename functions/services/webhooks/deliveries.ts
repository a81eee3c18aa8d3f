/**
 * One attempt of a webhook delivery (the webhook-deliveries worker): a signed POST through the
 * public-only dispatcher (the page converter's SSRF guard: the address connected to is checked
 * after DNS), no redirects followed, at most ATTEMPT_TIMEOUT_MS. A failure is retried through the
 * queue with growing delays (shared/domain/webhooks.ts) for 24 hours from the event; then the
 * delivery fails, the endpoint is disabled and the owner notified. Idempotent under redelivery: an
 * attempt already logged is not made again, an attempt is logged only if it is the next one, and
 * only a logged failure queues the next attempt (again from a later copy, see queueRetry).
 */
import { fetch, type Agent, type Response } from 'undici';
import { WEBHOOK_RESPONSE_SNIPPET_CHARS, isWebhookSuccess, nextWebhookAttemptAt } from '../../../shared/domain/webhooks.js';
import { getWebhookDeliveryBatched, recordWebhookAttempt, setWebhookEndpointStatus, type WebhookDeliveryRecord, type WebhookEndpointRecord } from '../../data/webhooks.js';
import { config } from '../../lib/config.js';
import { logger } from '../../lib/logger.js';
import { createPublicOnlyDispatcher, isRefusedAddressError } from '../../lib/public-only-dispatcher.js';
import { webhookHeaders } from '../../lib/webhook-signature.js';
import { enqueueWebhookDeliveries, type TWebhookDeliveryMessage } from '../../queues/webhook-deliveries.js';
import { createNotification } from '../notifications/notifications.js';
import { cachedEndpoint, forgetCachedEndpoints, pendingDelivery } from './events.js';

/** A receiver must answer within this (Svix allows 15 s, Stripe 10 s). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** An attempt queued this close to its time is made now rather than waiting again. */
const EARLY_TOLERANCE_MS = 1_000;

let dispatcher: { hosts: string; agent: Agent } | undefined;

/** The guarded dispatcher, shared by the container's attempts (its connections are reused). */
function guardedDispatcher(): Agent {
  const hosts = config().WEBHOOK_LOOPBACK_HOSTS.join(',');
  if (dispatcher?.hosts !== hosts) dispatcher = { hosts, agent: createPublicOnlyDispatcher({ allowedHosts: config().WEBHOOK_LOOPBACK_HOSTS }) };
  return dispatcher.agent;
}

type AttemptResult = { statusCode: number | null; durationMs: number; response: string };

/** What one attempt adds to the delivery's log entry. */
type WebhookAttemptOutcome = Pick<WebhookDeliveryRecord, 'status' | 'statusCode' | 'durationMs' | 'response' | 'nextAttemptAt'>;

/** Reads the start of an answer and lets the rest go. */
async function snippetOf(body: Response['body']): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Buffer[] = [];
  let length = 0;
  for (let read = await reader.read(); !read.done && length < WEBHOOK_RESPONSE_SNIPPET_CHARS * 4; read = await reader.read()) {
    const chunk = Buffer.from(read.value as Uint8Array);
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return new TextDecoder().decode(Buffer.concat(chunks)).slice(0, WEBHOOK_RESPONSE_SNIPPET_CHARS);
}

async function post(endpoint: WebhookEndpointRecord, message: TWebhookDeliveryMessage, now: Date): Promise<AttemptResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(endpoint.url, {
      method: 'POST',
      body: message.body,
      headers: { 'content-type': 'application/json', 'user-agent': 'CampaignPlatform-Webhooks/1', ...webhookHeaders({ secret: endpoint.secret, id: message.eventId, at: now, body: message.body }) },
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      dispatcher: guardedDispatcher(),
    });
    return { statusCode: response.status, durationMs: durationMs(), response: await snippetOf(response.body) };
  } catch (error) {
    const reason = isRefusedAddressError(error)
      ? 'Refused: the address is not on the public internet.'
      : error instanceof Error && error.name === 'TimeoutError'
        ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s.`
        : `Could not connect: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`;
    return { statusCode: null, durationMs: durationMs(), response: reason.slice(0, WEBHOOK_RESPONSE_SNIPPET_CHARS) };
  }
}

/** Disables an endpoint whose delivery failed for 24 hours and tells the owner, once. */
async function disableFailingEndpoint(endpoint: WebhookEndpointRecord, now: Date): Promise<void> {
  const changed = await setWebhookEndpointStatus(endpoint.tuid, endpoint.id, 'disabled', now);
  forgetCachedEndpoints(endpoint.tuid);
  if (!changed?.changed) return;
  await createNotification({ userId: endpoint.tuid, type: 'webhook', messageType: 'disabled', severity: 3, values: { url: endpoint.url }, now });
}

/**
 * Makes one attempt of a delivery; answers the attempt queued after it (a retry), or null when
 * none is (delivered, failed for good, already made by an earlier copy of the message, or the
 * endpoint is gone). Two store requests: the log read that spots a redelivered copy (one call for
 * the worker's whole batch), and the one conditional write of the attempt with its outcome; the
 * endpoint comes from the emit side's cache.
 */
export async function attemptWebhookDelivery(message: TWebhookDeliveryMessage, now: Date): Promise<TWebhookDeliveryMessage | null> {
  if (message.notBefore - now.getTime() > EARLY_TOLERANCE_MS) {
    // SQS delays at most 15 minutes: a longer wait is made of several.
    await enqueueWebhookDeliveries([message], now);
    return message;
  }
  const [endpoint, logged] = await Promise.all([
    cachedEndpoint(message.tuid, message.endpointId, now),
    getWebhookDeliveryBatched(message.tuid, message.endpointId, message.deliveryId),
  ]);
  // A deleted endpoint's log went with it.
  if (!endpoint) return null;
  // A copy of a message whose attempt is logged posts nothing again (a crash between the post and the log can still repeat one).
  if (logged && logged.attempts > message.attempt) return null;
  if (logged && logged.attempts === message.attempt) return logged.status === 'retrying' && logged.nextAttemptAt ? queueRetry(message, new Date(logged.nextAttemptAt), now) : null;
  const attempt = (outcome: WebhookAttemptOutcome): WebhookDeliveryRecord => ({ ...pendingDelivery(message), attempts: message.attempt, lastAttemptAt: now.toISOString(), ...outcome });
  if (endpoint.status === 'disabled') {
    await recordWebhookAttempt(attempt({ status: 'failed', statusCode: null, durationMs: null, response: 'Not sent: the endpoint is disabled.', nextAttemptAt: null }));
    return null;
  }
  const result = await post(endpoint, message, now);
  const delivered = result.statusCode !== null && isWebhookSuccess(result.statusCode);
  const nextAt = delivered ? null : nextWebhookAttemptAt({ eventAt: new Date(message.createdAt), failedAttempt: message.attempt, now });
  const recorded = await recordWebhookAttempt(attempt({ status: delivered ? 'delivered' : nextAt ? 'retrying' : 'failed', ...result, nextAttemptAt: nextAt?.toISOString() ?? null }));
  if (!recorded) {
    logger.info('webhook attempt already made', { endpointId: message.endpointId, deliveryId: message.deliveryId, attempt: message.attempt });
    return null;
  }
  if (delivered) return null;
  if (!nextAt) {
    await disableFailingEndpoint(endpoint, now);
    return null;
  }
  return queueRetry(message, nextAt, now);
}

/**
 * Queues the attempt after a failed one. The copy that logged the failure queues it, and so does
 * any later copy of the same message that finds the failure logged and the delivery still retrying:
 * the first may have stopped between its log write and this call, and a retry queued twice is
 * made once (its log write is conditional).
 */
async function queueRetry(message: TWebhookDeliveryMessage, at: Date, now: Date): Promise<TWebhookDeliveryMessage> {
  const retry: TWebhookDeliveryMessage = { ...message, attempt: message.attempt + 1, notBefore: at.getTime() };
  await enqueueWebhookDeliveries([retry], now);
  return retry;
}
