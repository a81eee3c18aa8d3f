/**
 * The delivery-events queue carries two kinds of message: provider events as SNS delivers them (an
 * SNS Notification whose Message is an SES event, or an End User Messaging SMS/MMS event), and the
 * tracking events our public links enqueue. functions/workers/delivery-events.ts records both.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sendQueueMessage, sendQueueMessages } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';
import { ZSnsEnvelope } from '../lib/sns-envelope.js';

/** What the public tracking links enqueue. `id` stays the same across redeliveries, which is what makes a repeat harmless. */
export const ZTrackingEventMessage = z.strictObject({
  source: z.literal('tracking'),
  id: z.string().min(1).max(64),
  type: z.enum(['open', 'click', 'unsubscribe']),
  tuid: z.string().min(1),
  campaignId: z.string().min(1),
  contactId: z.number().int().min(1),
  /** click: the link's number in the message. */
  link: z.number().int().min(0).optional(),
  time: z.iso.datetime(),
  userAgent: z.string().max(500).optional(),
  /** open: loaded by a mail-privacy proxy or image prefetcher (shared/domain/user-agent.ts isMachineOpen). */
  machine: z.boolean().optional(),
});
export type TTrackingEventMessage = z.infer<typeof ZTrackingEventMessage>;

export const ZDeliveryEventMessage = z.union([ZTrackingEventMessage, ZSnsEnvelope]);
export type TDeliveryEventMessage = z.infer<typeof ZDeliveryEventMessage>;

/** Queues what a public tracking link saw, under a new id. */
export async function enqueueTrackingEvent(event: Omit<TTrackingEventMessage, 'source' | 'id'>): Promise<void> {
  const message = ZTrackingEventMessage.parse({ source: 'tracking', id: randomUUID(), ...event });
  await sendQueueMessage(config().QUEUE_URL_DELIVERY_EVENTS, JSON.stringify(message));
}

/**
 * Queues provider events as SNS would put them there (the local sink stands in for SNS): each body
 * is an SNS envelope, sent as it is, checked against the envelope the worker reads.
 */
export async function enqueueProviderNotifications(envelopes: readonly string[]): Promise<void> {
  for (const envelope of envelopes) ZSnsEnvelope.parse(JSON.parse(envelope));
  await sendQueueMessages(config().QUEUE_URL_DELIVERY_EVENTS, envelopes.map((body) => ({ body })));
}
