/**
 * Drives the delivery-events path in tests: SES events inside SNS's envelope put on the queue,
 * campaign SMS sent through the provider stand-in with their tags, recipients' signed tracking tokens, the
 * worker run until the queue is empty, and what it counted.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { campaignSmsTransport, type CampaignSms } from '../../functions/channels/sms.js';
import { sinkEventsPublished } from '../../functions/channels/sink-events.js';
import { getCampaignCounters } from '../../functions/data/campaign-counters.js';
import { getEngagement } from '../../functions/data/campaign-engagement.js';
import { sendQueueMessage } from '../../functions/lib/aws/sqs.js';
import { config } from '../../functions/lib/config.js';
import { trackingSigner, type TrackingPurpose } from '../../functions/lib/tracking-links.js';
import type { ApiClient } from './api.js';
import { runQueueOnce } from './queues.js';
import type { Actor } from './seed/accounts.js';

/** A recipient's signed token for one purpose. */
export async function tokenFor(purpose: TrackingPurpose, actor: Actor, campaignId: string, contactId: number): Promise<string> {
  return (await trackingSigner())(purpose, { tuid: actor.tuid, campaignId, contactId });
}

/**
 * Runs the delivery-events worker until its queue is empty; no record may fail. Events the local
 * sink publishes in the background (gathered for a moment into batches) are waited for first.
 */
export async function drainEvents(): Promise<number> {
  await sinkEventsPublished();
  let processed = 0;
  for (;;) {
    const round = await runQueueOnce('delivery-events');
    expect(round.failed).toBe(0);
    if (round.processed === 0) return processed;
    processed += round.processed;
  }
}

export type SesEventInput = {
  eventType: 'Send' | 'Delivery' | 'Bounce' | 'Complaint' | 'Open' | 'Click' | 'Reject' | 'DeliveryDelay';
  actor: Actor;
  campaignId: string;
  contactId: number;
  email: string;
  detail?: Record<string, unknown>;
};

/** An SES event publishing record inside SNS's Notification envelope, as the queue receives it. */
export function snsEnvelope(input: SesEventInput): string {
  const time = new Date().toISOString();
  const ses = {
    eventType: input.eventType,
    mail: {
      timestamp: time,
      messageId: randomUUID(),
      source: 'shop@example.com',
      destination: [input.email],
      tags: { tuid: [input.actor.tuid], campaignId: [input.campaignId], contactId: [String(input.contactId)] },
    },
    ...input.detail,
  };
  return JSON.stringify({ Type: 'Notification', MessageId: randomUUID(), TopicArn: 'arn:aws:sns:us-east-1:000000000000:ses-events', Message: JSON.stringify(ses), Timestamp: time });
}

/** Puts a message body on the delivery-events queue (twice to stand for SQS redelivering it). */
export async function enqueueEvent(body: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await sendQueueMessage(config().QUEUE_URL_DELIVERY_EVENTS, body);
}

/** A campaign SMS (or MMS, with media) to one contact, through the End User Messaging adapter and the stand-in; waits until its receipts are on the queue. */
export async function sendCampaignSms(actor: Actor, campaignId: string, contactId: number, to: string, changes: Partial<CampaignSms> = {}): Promise<{ messageId: string }> {
  const sent = await campaignSmsTransport().send({
    to,
    originationIdentity: 'SHOP',
    text: 'Spring sale: 20% off today. Reply STOP to opt out',
    media: [],
    tags: { tuid: actor.tuid, campaignId, contactId: String(contactId) },
    ...changes,
  });
  await sinkEventsPublished();
  return sent;
}

export const counters = (actor: Actor, campaignId: string) => getCampaignCounters(actor.tuid, campaignId);

export async function engagementOf(actor: Actor, campaignId: string, contactId: number) {
  return (await getEngagement(actor.tuid, campaignId, contactId))?.engagement ?? null;
}

/** GET without following redirects, for the click tracker. */
export async function rawGet(api: ApiClient, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${api.url}${path}`, { redirect: 'manual', headers });
}
