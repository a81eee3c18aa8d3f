/**
 * The one way an event reaches webhooks: emitWebhookEvent, called where contacts subscribe and
 * unsubscribe, delivery outcomes are recorded, campaigns change state and imports finish. It is
 * cheap where it is called most (the send path): the account's endpoint list is cached in the
 * container for ENDPOINT_CACHE_MS, so an account without endpoints costs one small query per
 * container that often and nothing else; a new endpoint receives events within that time. The
 * delivery worker reads an attempt's endpoint from the same cache.
 */
import { WEBHOOK_LOG_RETENTION_DAYS, type WebhookEventType } from '../../../shared/domain/webhooks.js';
import { listWebhookEndpoints, putWebhookDeliveryIfAbsent, type WebhookDeliveryRecord, type WebhookEndpointRecord } from '../../data/webhooks.js';
import { ttlSeconds } from '../../data/table-client.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { enqueueWebhookDeliveries, type TWebhookDeliveryMessage } from '../../queues/webhook-deliveries.js';

export const ENDPOINT_CACHE_MS = 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The read itself is cached, so the records of a batch that miss together share one query. */
const cachedEndpoints = new Map<string, { readAt: number; endpoints: Promise<WebhookEndpointRecord[]> }>();

function endpointsOf(tuid: string, now: Date): Promise<WebhookEndpointRecord[]> {
  const cached = cachedEndpoints.get(tuid);
  if (cached && now.getTime() - cached.readAt < ENDPOINT_CACHE_MS && now.getTime() >= cached.readAt) return cached.endpoints;
  const entry = { readAt: now.getTime(), endpoints: listWebhookEndpoints(tuid) };
  cachedEndpoints.set(tuid, entry);
  // A failed read is not kept: the next caller reads again.
  entry.endpoints.catch(() => {
    if (cachedEndpoints.get(tuid) === entry) cachedEndpoints.delete(tuid);
  });
  return entry.endpoints;
}

/**
 * One endpoint of the account for a delivery attempt, from the same cache (so a change made in
 * another container reaches attempts within ENDPOINT_CACHE_MS, as it reaches emits); an id the
 * cached list lacks is read again once (an endpoint newer than the cache), and null means deleted.
 */
export async function cachedEndpoint(tuid: string, endpointId: string, now: Date): Promise<WebhookEndpointRecord | null> {
  const find = (endpoints: WebhookEndpointRecord[]) => endpoints.find((endpoint) => endpoint.id === endpointId) ?? null;
  const cached = find(await endpointsOf(tuid, now));
  if (cached) return cached;
  forgetCachedEndpoints(tuid);
  return find(await endpointsOf(tuid, now));
}

/** Drops the account's cached endpoints after this container changed them. */
export function forgetCachedEndpoints(tuid: string): void {
  cachedEndpoints.delete(tuid);
}

/** The JSON body of an event, as every endpoint receives it (Standard Webhooks' `type`, `timestamp`, `data`). */
export function webhookEventBody(options: { eventId: string; type: WebhookEventType; data: Record<string, unknown>; at: Date }): string {
  return JSON.stringify({ id: options.eventId, type: options.type, timestamp: options.at.toISOString(), data: options.data });
}

function firstAttempt(options: { endpoint: WebhookEndpointRecord; deliveryId: string; eventId: string; eventType: WebhookEventType; body: string; now: Date }): TWebhookDeliveryMessage {
  const { endpoint, deliveryId, eventId, eventType, body, now } = options;
  return { tuid: endpoint.tuid, endpointId: endpoint.id, deliveryId, eventId, eventType, body, createdAt: now.toISOString(), attempt: 1, notBefore: 0 };
}

/** A delivery's log entry before its first attempt (the worker writes it, or the settings call that asked for it). */
export function pendingDelivery(message: TWebhookDeliveryMessage): WebhookDeliveryRecord {
  return {
    tuid: message.tuid,
    endpointId: message.endpointId,
    id: message.deliveryId,
    eventId: message.eventId,
    eventType: message.eventType,
    body: message.body,
    status: 'pending',
    attempts: 0,
    statusCode: null,
    durationMs: null,
    response: '',
    createdAt: message.createdAt,
    lastAttemptAt: null,
    nextAttemptAt: message.createdAt,
    expiresAt: ttlSeconds(new Date(Date.parse(message.createdAt) + WEBHOOK_LOG_RETENTION_DAYS * DAY_MS)),
  };
}

/** Logs and queues one delivery asked for in settings (a test event, a resend); answers its log entry. */
export async function queueNewDelivery(options: { endpoint: WebhookEndpointRecord; eventId: string; eventType: WebhookEventType; body: string; now: Date }): Promise<WebhookDeliveryRecord> {
  const message = firstAttempt({ ...options, deliveryId: timeOrderedId(options.now) });
  const record = pendingDelivery(message);
  await putWebhookDeliveryIfAbsent(record);
  await enqueueWebhookDeliveries([message], options.now);
  return record;
}

/**
 * Sends an event to every enabled endpoint of the account that subscribed to its type: one queue
 * message per endpoint, each with a delivery id of its own and the event's id (`webhook-id`).
 * Never fails its caller: the change the event reports is made already, and a failure to queue
 * the event is logged (as a notification's is).
 */
export async function emitWebhookEvent(options: { tuid: string; type: WebhookEventType; data: Record<string, unknown>; now: Date }): Promise<void> {
  try {
    await queueEvent(options);
  } catch (error) {
    logger.error('webhook event not queued', { tuid: options.tuid, type: options.type, error });
  }
}

async function queueEvent(options: { tuid: string; type: WebhookEventType; data: Record<string, unknown>; now: Date }): Promise<void> {
  const { tuid, type, data, now } = options;
  const endpoints = (await endpointsOf(tuid, now)).filter((endpoint) => endpoint.status === 'enabled' && endpoint.eventTypes.includes(type));
  if (endpoints.length === 0) return;
  const eventId = `msg_${timeOrderedId(now)}`;
  const body = webhookEventBody({ eventId, type, data, at: now });
  await enqueueWebhookDeliveries(
    endpoints.map((endpoint) => firstAttempt({ endpoint, deliveryId: timeOrderedId(now), eventId, eventType: type, body, now })),
    now,
  );
}
