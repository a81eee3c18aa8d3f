/**
 * The account's webhook endpoints (settings → developers): register (URL checked, secret shown
 * once), list, turn on or off, delete, and each endpoint's delivery log with "send a test event"
 * and "resend". Bad input changes nothing.
 */
import { isIP } from 'node:net';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_LOG_PAGE, type WebhookEventType } from '../../../shared/domain/webhooks.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TWebhookDelivery, TWebhookEndpoint, TWebhookEndpointCreated } from '../../../shared/schemas/developers.js';
import {
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  putWebhookEndpoint,
  setWebhookEndpointStatus,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '../../data/webhooks.js';
import { config } from '../../lib/config.js';
import { isPublicAddress } from '../../lib/public-only-dispatcher.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { newWebhookSecret } from '../../lib/webhook-signature.js';
import { forgetCachedEndpoints, queueNewDelivery, webhookEventBody } from './events.js';

const refuse = (message: string) => new AppError(ERROR_CODES.INVALID_INPUT, message);
const notFound = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This webhook endpoint does not exist.');

/**
 * The address an endpoint may have: https, no credentials, and not a loopback name or an address
 * literal outside the public internet. A name is judged where it counts, at each delivery, by the
 * public-only dispatcher (DNS can change after registration). The local catcher and test
 * receivers are reachable over http through WEBHOOK_LOOPBACK_HOSTS, which production refuses.
 */
export function checkedEndpointUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw refuse('url: not a valid address');
  }
  if (url.username || url.password) throw refuse('url: an address with a user name or password is not allowed');
  if (config().WEBHOOK_LOOPBACK_HOSTS.includes(url.host)) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url: a webhook URL must start with https://');
    return url.toString();
  }
  if (url.protocol !== 'https:') throw refuse('url: a webhook URL must start with https://');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const privateLiteral = isIP(host) !== 0 && !isPublicAddress(host);
  if (privateLiteral || host === 'localhost' || host.endsWith('.localhost')) throw refuse('url: a webhook URL cannot point at a private or local address');
  return url.toString();
}

function listedEndpoint(record: WebhookEndpointRecord): TWebhookEndpoint {
  const { id, url, description, eventTypes, status, createdAt, disabledAt } = record;
  return { id, url, description, eventTypes, status, createdAt, disabledAt };
}

export function listedDelivery(record: WebhookDeliveryRecord): TWebhookDelivery {
  const { id, eventId, eventType, status, attempts, statusCode, durationMs, response, createdAt, lastAttemptAt, nextAttemptAt } = record;
  return { id, eventId, eventType, status, attempts, statusCode, durationMs, response, createdAt, lastAttemptAt, nextAttemptAt };
}

async function endpointOf(tuid: string, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await getWebhookEndpoint(tuid, id);
  if (!endpoint) throw notFound();
  return endpoint;
}

export async function createWebhookEndpoint(options: { tuid: string; url: string; eventTypes: WebhookEventType[]; description: string; now: Date }): Promise<TWebhookEndpointCreated> {
  const { tuid, eventTypes, description, now } = options;
  const url = checkedEndpointUrl(options.url);
  if ((await listWebhookEndpoints(tuid)).length >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`);
  }
  const record: WebhookEndpointRecord = { tuid, id: timeOrderedId(now), url, description, eventTypes, secret: newWebhookSecret(), status: 'enabled', createdAt: now.toISOString(), disabledAt: null };
  await putWebhookEndpoint(record);
  forgetCachedEndpoints(tuid);
  return { endpoint: listedEndpoint(record), secret: record.secret };
}

export async function listAccountWebhookEndpoints(options: { tuid: string }): Promise<{ data: TWebhookEndpoint[] }> {
  return { data: (await listWebhookEndpoints(options.tuid)).map(listedEndpoint) };
}

/** Turns an endpoint on (after it was disabled for failing) or off. */
export async function changeWebhookEndpointStatus(options: { tuid: string; id: string; status: WebhookEndpointRecord['status']; now: Date }): Promise<TWebhookEndpoint> {
  const changed = await setWebhookEndpointStatus(options.tuid, options.id, options.status, options.now);
  if (!changed) throw notFound();
  forgetCachedEndpoints(options.tuid);
  return listedEndpoint(changed.endpoint);
}

export async function removeWebhookEndpoint(options: { tuid: string; id: string }): Promise<void> {
  if (!(await deleteWebhookEndpoint(options.tuid, options.id))) throw notFound();
  forgetCachedEndpoints(options.tuid);
}

export async function listEndpointDeliveries(options: { tuid: string; id: string }): Promise<{ data: TWebhookDelivery[] }> {
  await endpointOf(options.tuid, options.id);
  return { data: (await listWebhookDeliveries(options.tuid, options.id, WEBHOOK_LOG_PAGE)).map(listedDelivery) };
}

function refuseIfDisabled(endpoint: WebhookEndpointRecord): void {
  if (endpoint.status === 'disabled') throw refuse('This webhook endpoint is disabled: turn it on first.');
}

/** Sends a `webhook.test` event to one endpoint, whatever it subscribed to. */
export async function sendWebhookTest(options: { tuid: string; id: string; now: Date }): Promise<TWebhookDelivery> {
  const endpoint = await endpointOf(options.tuid, options.id);
  refuseIfDisabled(endpoint);
  const eventId = `msg_${timeOrderedId(options.now)}`;
  const body = webhookEventBody({ eventId, type: 'webhook.test', data: { endpointId: endpoint.id }, at: options.now });
  return listedDelivery(await queueNewDelivery({ endpoint, eventId, eventType: 'webhook.test', body, now: options.now }));
}

/** Sends a logged event again, as a new delivery with the same event id and body (receivers dedupe with the id). */
export async function resendWebhookDelivery(options: { tuid: string; id: string; deliveryId: string; now: Date }): Promise<TWebhookDelivery> {
  const endpoint = await endpointOf(options.tuid, options.id);
  const delivery = await getWebhookDelivery(options.tuid, options.id, options.deliveryId);
  if (!delivery) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This delivery is no longer in the log.');
  refuseIfDisabled(endpoint);
  return listedDelivery(await queueNewDelivery({ endpoint, eventId: delivery.eventId, eventType: delivery.eventType, body: delivery.body, now: options.now }));
}
