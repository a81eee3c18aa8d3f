/**
 * Delivery and tracking events into the campaign report (docs/api-contract.md "Tracking and
 * reports"). The delivery-events queue (functions/queues/delivery-events.ts) carries two kinds of
 * message: provider events as SNS delivers them (an SNS Notification whose Message is an SES
 * event, or an End User Messaging SMS/MMS event, tagged with the recipient by the delivery
 * worker), and the tracking events our public links enqueue. All become one EngagementEvent,
 * applied to the recipient's engagement once: the suppression first (idempotent, so a crash
 * between the two steps loses nothing), then the report's writes in one transaction.
 */
import { z } from 'zod';
import {
  applyEngagementEvent,
  bounceKindOf,
  channelOfAddress,
  smsFailureKindOf,
  suppressionOf,
  type EngagementEvent,
  type UnsentOutcome,
} from '../../../shared/domain/campaign-engagement.js';
import { isGuardCheckpoint } from '../../../shared/domain/deliverability-guard.js';
import { webhookTypeOfEngagement } from '../../../shared/domain/webhooks.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import { createLimiter } from '../../lib/concurrency.js';
import { getTrackedLinks } from '../../data/campaign-counters.js';
import { getEngagement, recordEngagementChange } from '../../data/campaign-engagement.js';
import { getAccount } from '../../data/accounts.js';
import { getCampaignRecord } from '../../data/campaigns.js';
import { getContact } from '../../data/contacts.js';
import type { TSnsEnvelope } from '../../lib/sns-envelope.js';
import type { TrackedRecipient } from '../../lib/tracking-links.js';
import type { TDeliveryEventMessage, TTrackingEventMessage } from '../../queues/delivery-events.js';
import { noteReceiptBounce } from '../billing/billing-details.js';
import { suppressEmail, suppressMobile } from '../contacts/contacts.js';
import { noteVerificationBounce } from '../session/verification.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { guardCampaignRun } from './deliverability-guard.js';

const ZTimestamp = z.string().optional();

/** The parts of an SES event publishing record the report uses; SES adds fields freely, so unknown keys pass. */
const ZSesEvent = z.object({
  eventType: z.string(),
  mail: z.object({
    messageId: z.string(),
    timestamp: z.string(),
    destination: z.array(z.string()).default([]),
    /** Message tags, set by the delivery worker: tuid, campaignId, contactId. */
    tags: z.record(z.string(), z.array(z.string())).default({}),
  }),
  delivery: z.object({ timestamp: ZTimestamp }).optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      timestamp: ZTimestamp,
      bouncedRecipients: z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() })).default([]),
    })
    .optional(),
  complaint: z.object({ timestamp: ZTimestamp, complainedRecipients: z.array(z.object({ emailAddress: z.string() })).default([]) }).optional(),
  open: z.object({ timestamp: ZTimestamp }).optional(),
  click: z.object({ timestamp: ZTimestamp, link: z.string() }).optional(),
});

/**
 * The parts of an End User Messaging SMS/MMS event record the report uses (TEXT_* and MEDIA_*
 * event types); `context` carries the delivery worker's tags.
 */
const ZSmsEvent = z.object({
  eventType: z.string().regex(/^(TEXT|MEDIA)_/),
  eventTimestamp: z.number(),
  messageId: z.string(),
  destinationPhoneNumber: z.string(),
  messageStatus: z.string(),
  messageStatusDescription: z.string().optional(),
  context: z.record(z.string(), z.string()).default({}),
});

/** `channel`: the one the event's message went on; null when the event does not say (a tracking link). */
export type RecipientEvent = { recipient: TrackedRecipient; channel: 'email' | 'sms' | null; event: EngagementEvent };

const isoTime = (text: string | undefined, fallback: string) => {
  const parsed = Date.parse(text ?? fallback);
  return new Date(Number.isNaN(parsed) ? Date.parse(fallback) : parsed).toISOString();
};

/** The recipient the delivery worker tagged the message with; null for a message that is not a campaign's. */
function taggedRecipient(tag: (name: string) => string | undefined): TrackedRecipient | null {
  const [tuid, campaignId, contactText] = [tag('tuid'), tag('campaignId'), tag('contactId')];
  const contactId = Number(contactText);
  if (!tuid || !campaignId || !Number.isSafeInteger(contactId) || contactId < 1) return null;
  return { tuid, campaignId, contactId };
}

async function fromNotification(envelope: TSnsEnvelope): Promise<RecipientEvent | null> {
  if (envelope.Type !== 'Notification') return null;
  const message: unknown = JSON.parse(envelope.Message);
  const sms = ZSmsEvent.safeParse(message);
  if (sms.success) return fromSms(envelope.MessageId, sms.data);
  const ses = ZSesEvent.parse(message);
  // A verification code mail or a receipt, not a campaign's: its bounce goes to what sent it.
  if (ses.mail.tags.verification || ses.mail.tags.receipt) {
    if (ses.eventType === 'Bounce' && ses.bounce) await noteSystemMailBounce(ses.mail.tags, ses.bounce, ses.mail.destination);
    return null;
  }
  return fromSes(envelope.MessageId, ses);
}

async function noteSystemMailBounce(
  mailTags: Record<string, string[]>,
  bounce: NonNullable<z.infer<typeof ZSesEvent>['bounce']>,
  destination: readonly string[],
): Promise<void> {
  const tags = Object.fromEntries(Object.entries(mailTags).map(([name, values]) => [name, values[0]]));
  if (tags.verification) {
    await noteVerificationBounce({ tags, bounceType: bounce.bounceType, diagnosticCode: bounce.bouncedRecipients[0]?.diagnosticCode ?? '' });
    return;
  }
  const bounced = bounce.bouncedRecipients.map((recipient) => recipient.emailAddress);
  await noteReceiptBounce({ tags, bounceType: bounce.bounceType, addresses: bounced.length > 0 ? bounced : destination });
}

/**
 * An SMS/MMS receipt: delivered (or accepted by the carrier where carriers send no receipt) is a
 * delivery; a failure fails the recipient with its status as the code, permanent or not by the
 * status. Queued, pending and sent say nothing the report shows.
 */
function fromSms(id: string, sms: z.infer<typeof ZSmsEvent>): RecipientEvent | null {
  const recipient = taggedRecipient((name) => sms.context[name]);
  if (!recipient) return null;
  const base = { id, address: sms.destinationPhoneNumber, time: new Date(sms.eventTimestamp).toISOString() };
  const status = sms.messageStatus;
  if (status === 'DELIVERED' || status === 'SUCCESSFUL') return { recipient, channel: 'sms', event: { ...base, kind: 'delivered' } };
  const failure = smsFailureKindOf(status);
  if (!failure) return null;
  return { recipient, channel: 'sms', event: { ...base, kind: 'failed', reason: status, permanent: failure === 'hard' } };
}

async function fromSes(id: string, ses: z.infer<typeof ZSesEvent>): Promise<RecipientEvent | null> {
  const recipient = taggedRecipient((name) => ses.mail.tags[name]?.[0]);
  if (!recipient) return null;
  const base = { id, address: ses.mail.destination[0] ?? null };
  const at = (timestamp: string | undefined) => isoTime(timestamp, ses.mail.timestamp);
  let event: EngagementEvent | null = null;
  switch (ses.eventType) {
    case 'Send':
      event = { ...base, kind: 'sent', time: at(undefined) };
      break;
    case 'Delivery':
      event = { ...base, kind: 'delivered', time: at(ses.delivery?.timestamp) };
      break;
    case 'Reject':
      // SES found a virus in it and sent nothing; the address is not at fault.
      event = { ...base, kind: 'failed', reason: 'REJECTED', permanent: false, time: at(undefined) };
      break;
    case 'Bounce': {
      if (!ses.bounce) return null;
      const [bounced] = ses.bounce.bouncedRecipients;
      const code = [ses.bounce.bounceType, ses.bounce.bounceSubType ?? 'General'].join('/');
      const reason = bounced?.diagnosticCode ?? '';
      event = { ...base, address: bounced?.emailAddress ?? base.address, kind: 'bounced', bounceType: bounceKindOf(ses.bounce.bounceType), reason: reason.slice(0, 1000), code: code.slice(0, 100), time: at(ses.bounce.timestamp) };
      break;
    }
    case 'Complaint':
      event = { ...base, address: ses.complaint?.complainedRecipients[0]?.emailAddress ?? base.address, kind: 'complained', time: at(ses.complaint?.timestamp) };
      break;
    case 'Open':
      event = { ...base, kind: 'opened', time: at(ses.open?.timestamp) };
      break;
    case 'Click': {
      if (!ses.click) return null;
      const links = await getTrackedLinks(recipient.tuid, recipient.campaignId);
      const index = links.indexOf(ses.click.link);
      event = { ...base, kind: 'clicked', link: index === -1 ? null : index, time: at(ses.click.timestamp) };
      break;
    }
    default:
      // DeliveryDelay, Rendering Failure, Subscription: nothing the report shows.
      return null;
  }
  return { recipient, channel: 'email', event };
}

function fromTracking(message: TTrackingEventMessage): RecipientEvent {
  const recipient = { tuid: message.tuid, campaignId: message.campaignId, contactId: message.contactId };
  const base = { id: message.id, time: message.time, address: null };
  switch (message.type) {
    case 'open':
      return { recipient, channel: null, event: { ...base, kind: 'opened', machine: message.machine ?? false } };
    case 'click':
      return { recipient, channel: null, event: { ...base, kind: 'clicked', link: message.link ?? null } };
    case 'unsubscribe':
      return { recipient, channel: null, event: { ...base, kind: 'unsubscribed' } };
  }
}

/** Campaigns known to exist, per container: most events of a batch are the same campaign's. */
const knownCampaigns = new Set<string>();
const KNOWN_CAMPAIGNS_LIMIT = 1000;

async function campaignExists(tuid: string, campaignId: string): Promise<boolean> {
  const key = `${tuid}/${campaignId}`;
  if (knownCampaigns.has(key)) return true;
  if (!(await getCampaignRecord(tuid, campaignId))) return false;
  if (knownCampaigns.size >= KNOWN_CAMPAIGNS_LIMIT) knownCampaigns.clear();
  knownCampaigns.add(key);
  return true;
}

/** Tries of one event against concurrent events of the same recipient before SQS retries it. */
const RECORD_ATTEMPTS = 5;

/** Applies one event to the recipient's engagement and the report. */
export async function recordEngagementEvent({ recipient, channel, event }: RecipientEvent, now: Date): Promise<void> {
  const { tuid, campaignId, contactId } = recipient;
  const hasReport = await campaignExists(tuid, campaignId);
  const suppression = suppressionOf(event);
  // A deleted campaign has no report to update, but its bounces and unsubscribes still hold while the account exists.
  if (!hasReport && (!suppression || !(await getAccount(tuid)))) return;
  let stored = hasReport ? await getEngagement(tuid, campaignId, contactId) : null;
  // Tracking events name the recipient, not the address: the one the report knows, else the contact's on the channel.
  const address = event.address ?? stored?.engagement.address ?? (await contactAddress(tuid, contactId, channel));
  if (suppression) {
    if (address !== null && channelOfAddress(address) === 'sms') await suppressMobile({ tuid, mobile: address, contactId, suppression, now });
    else await suppressEmail({ tuid, email: address, contactId, suppression, now });
  }
  if (!hasReport) return;
  for (let attempt = 1; ; attempt += 1) {
    const change = applyEngagementEvent(stored?.engagement ?? null, { ...event, address });
    if (!change) return;
    if (await recordEngagementChange({ tuid, campaignId, contactId, version: stored?.version ?? null, change, time: event.time, family: channel })) {
      // Only the change that recorded the event tells webhooks, so a redelivered event is not sent twice.
      const webhookType = webhookTypeOfEngagement(channel ?? (address !== null ? channelOfAddress(address) : 'email'), event.kind);
      if (webhookType) await emitWebhookEvent({ tuid, type: webhookType, data: webhookDataOf({ campaignId, contactId, address, event }), now });
      return;
    }
    if (attempt >= RECORD_ATTEMPTS) throw new Error(`engagement of ${contactId} in ${campaignId} kept changing; SQS retries the event`);
    stored = await getEngagement(tuid, campaignId, contactId);
  }
}

/** What a webhook says of an engagement event: the recipient, and the event's own details (bounce type and reason, link). */
function webhookDataOf(options: { campaignId: string; contactId: number; address: string | null; event: EngagementEvent }): Record<string, unknown> {
  const { id: _id, kind: _kind, address: _address, ...details } = options.event;
  return { campaignId: options.campaignId, contactId: options.contactId, address: options.address, ...details };
}

/** The contact's address on the channel (email when the event does not say). */
async function contactAddress(tuid: string, contactId: number, channel: 'email' | 'sms' | null): Promise<string | null> {
  const contact = await getContact(tuid, contactId);
  return (channel === 'sms' ? contact?.mobile : contact?.email) ?? null;
}

/**
 * Applies the event, then lets the deliverability guard judge the campaign. The guard runs on a
 * redelivery too: a crash between the two steps must not skip the pause.
 */
export async function recordGuardedEngagementEvent(normalized: RecipientEvent, now: Date): Promise<void> {
  await recordEngagementEvent(normalized, now);
  const { tuid, campaignId, contactId } = normalized.recipient;
  if (isGuardCheckpoint(normalized.event.kind, contactId)) await guardCampaignRun({ tuid, campaignId, now });
}

/** Recipients' outcomes written at once by one delivery attempt. */
const OUTCOMES_IN_FLIGHT = 8;

/**
 * Settles recipients the delivery worker did not send to, each as skipped or failed with its
 * reason, through the same rules as the provider's events: the counters and the lists move
 * together. The event id names the run and the recipient, so writing them again (a redelivered or
 * taken-over batch) changes nothing.
 */
export async function recordUnsentOutcomes(options: {
  tuid: string;
  campaignId: string;
  runId: string;
  outcomes: ReadonlyMap<number, UnsentOutcome>;
  addresses: ReadonlyMap<number, ContactRecord>;
  channel: 'email' | 'sms';
  now: Date;
}): Promise<void> {
  const { tuid, campaignId, runId, channel, now } = options;
  const limit = createLimiter(OUTCOMES_IN_FLIGHT);
  await Promise.all(
    [...options.outcomes].map(([contactId, outcome]) => {
      const contact = options.addresses.get(contactId);
      const address = (channel === 'email' ? contact?.email : contact?.mobile) ?? null;
      const event: EngagementEvent = { id: `unsent/${runId}/${contactId}`, time: now.toISOString(), address, ...outcome };
      return limit(() => recordEngagementEvent({ recipient: { tuid, campaignId, contactId }, channel, event }, now));
    }),
  );
}

/** The worker's step for one queue message. */
export async function processDeliveryEvent(message: TDeliveryEventMessage, now: Date): Promise<void> {
  const normalized = 'source' in message ? fromTracking(message) : await fromNotification(message);
  if (normalized) await recordGuardedEngagementEvent(normalized, now);
}
