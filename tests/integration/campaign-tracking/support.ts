/**
 * Shared steps of the tracking and report tests: a sent campaign written straight to the store
 * (record, command, tracked links), contacts, signed links, SES events as SNS delivers them, and
 * the delivery-events worker run over its queue. Nothing here needs the send pipeline.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { getCampaignCounters, putTrackedLinks } from '../../../functions/data/campaign-counters.js';
import { insertCampaignRecord, writeCampaignCommand, type CampaignRecord } from '../../../functions/data/campaigns.js';
import { getContact } from '../../../functions/data/contacts.js';
import { sendQueueMessage } from '../../../functions/lib/aws/sqs.js';
import { config } from '../../../functions/lib/config.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { trackingSigner, type TrackingPurpose } from '../../../functions/lib/tracking-links.js';
import { newCampaignRecord } from '../../../functions/services/campaigns.js';
import { createContact } from '../../../functions/services/contacts.js';
import { compileTemplate } from '../../../shared/domain/personalization.js';
import type { ApiClient } from '../../helpers/api.js';
import { runQueueOnce } from '../../helpers/queues.js';
import type { Actor } from '../templates/support.js';

export { signUpAs, type Actor } from '../templates/support.js';

export const HTML =
  '<html><body><p>Hello {{ field:f1 | there }}</p><a href="https://shop.example.com/offer?a=1&amp;b=2">Offer</a> <a href="https://shop.example.com/help">Help</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>';

export type SentCampaign = { id: string; name: string; links: string[] };

let campaigns = 0;

/** A campaign that was sent (status finished, a run with its command), with its tracked links stored. */
export async function sentCampaign(actor: Actor, changes: Partial<CampaignRecord> = {}, html = HTML): Promise<SentCampaign> {
  campaigns += 1;
  const now = new Date();
  const id = timeOrderedId(now);
  const name = `Spring sale ${campaigns}`;
  const commandKey = await writeCampaignCommand(actor.tuid, id, { name, subject: 'Spring', content: { kind: 'email', editor: 'code', html, project: null } }, now);
  const user = { loginTuid: actor.loginTuid, name: 'Tester' };
  const record: CampaignRecord = {
    ...newCampaignRecord({ id, name, type: 'Email', user, now }),
    status: 'finished',
    commandKey,
    run: { runId: 'run1', startTime: now.toISOString(), startedBy: user, recipients: 3, estimatedEndTime: now.toISOString(), finishTime: null, commandKey },
    ...changes,
  };
  await insertCampaignRecord(actor.tuid, record);
  const links = compileTemplate(html, { fields: [], escape: 'html', trackLink: (url) => url }).trackedLinks.map((link) => link.url);
  await putTrackedLinks(actor.tuid, id, 'run1', links);
  return { id, name, links };
}

export async function newContact(actor: Actor, email: string): Promise<number> {
  const contact = await createContact({ tuid: actor.tuid, input: { email, fields: { f1: 'Ada' } }, now: new Date() });
  return Number(contact.id);
}

export async function contactOf(actor: Actor, contactId: number) {
  const contact = await getContact(actor.tuid, contactId);
  expect(contact).not.toBeNull();
  return contact!;
}

/** A recipient's signed token for one purpose. */
export async function tokenFor(purpose: TrackingPurpose, actor: Actor, campaignId: string, contactId: number): Promise<string> {
  return (await trackingSigner())(purpose, { tuid: actor.tuid, campaignId, contactId });
}

/** Runs the delivery-events worker until its queue is empty. */
export async function drainEvents(): Promise<number> {
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

export const counters = (actor: Actor, campaignId: string) => getCampaignCounters(actor.tuid, campaignId);

/** GET without following redirects, for the click tracker. */
export async function rawGet(api: ApiClient, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${api.url}${path}`, { redirect: 'manual', headers });
}
