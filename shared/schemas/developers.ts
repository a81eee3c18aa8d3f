import { z } from 'zod';
import { grantsAnything } from '../domain/api-keys.js';
import { SUBSCRIBABLE_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../domain/webhooks.js';
import { ZName, ZTimeOrderedId } from './common.js';
import { ZPermissions } from './permissions.js';

/** A new API key: its name and its scopes, the section flags of spec §6 it may use. */
export const ZApiKeyRequest = z.object({
  name: ZName(100),
  scopes: ZPermissions.refine(grantsAnything, { message: 'choose at least one scope' }),
});
export type TApiKeyRequest = z.infer<typeof ZApiKeyRequest>;

/** A key as listed: never its secret, only its last four characters to tell keys apart. */
export const ZApiKey = z.object({
  id: ZTimeOrderedId,
  name: z.string(),
  scopes: ZPermissions,
  lastFour: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyList = z.object({ data: z.array(ZApiKey) });

/** The answer of a creation: the key itself, shown this once. */
export const ZApiKeyCreated = z.object({ apiKey: ZApiKey, key: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

export const ZApiKeyParams = z.object({ id: ZTimeOrderedId });

/** A new webhook endpoint: where to POST (https; checked again against private addresses at delivery) and what to send it. */
export const ZWebhookEndpointRequest = z.object({
  url: z.string().trim().min(1).max(2000),
  eventTypes: z.array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENT_TYPES)).min(1, { message: 'choose at least one event' }).transform((types) => [...new Set(types)]),
  description: z.string().trim().max(200).optional().default(''),
});
export type TWebhookEndpointRequest = z.input<typeof ZWebhookEndpointRequest>;

/** An endpoint as listed: never its signing secret. */
export const ZWebhookEndpoint = z.object({
  id: ZTimeOrderedId,
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** `disabled` after a delivery failed for 24 hours; turning it on again starts afresh. */
  status: z.enum(['enabled', 'disabled']),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export const ZWebhookEndpointList = z.object({ data: z.array(ZWebhookEndpoint) });

/** The answer of a creation: the signing secret (`whsec_…`), shown this once. */
export const ZWebhookEndpointCreated = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointCreated = z.infer<typeof ZWebhookEndpointCreated>;

export const ZWebhookEndpointParams = z.object({ id: ZTimeOrderedId });
export const ZWebhookDeliveryParams = z.object({ id: ZTimeOrderedId, deliveryId: ZTimeOrderedId });
export const ZWebhookEndpointStatusRequest = z.object({ status: z.enum(['enabled', 'disabled']) });

/** One delivery in an endpoint's log: the event and its latest attempt. */
export const ZWebhookDelivery = z.object({
  id: ZTimeOrderedId,
  /** The event's id, sent as `webhook-id`: the same on every retry and resend, for receivers to dedupe with. */
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
  attempts: z.number().int().nonnegative(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The start of the receiver's answer, or why no answer came (timeout, refused address). */
  response: z.string(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryList = z.object({ data: z.array(ZWebhookDelivery) });
