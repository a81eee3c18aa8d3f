/**
 * What SES would publish about a campaign message the local sink accepted: the standard SES
 * event-publishing records (Send, then Delivery, Bounce or Complaint), each in the SNS
 * notification envelope an SNS→SQS subscription without raw delivery puts on the delivery-events
 * queue. So the delivery-events worker reads the same shapes locally and in AWS.
 *
 * The outcome follows SES's mailbox simulator addresses: bounce@ a hard bounce, ooto@ a soft
 * (transient) bounce, complaint@ a delivery then a complaint, each also with a `+label` as SES
 * allows (bounce+1@...); any other address is delivered.
 *
 * Campaign SMS and MMS the same way, as End User Messaging SMS publishes them through a
 * configuration set's SNS event destination (TEXT_* and MEDIA_* records), following the
 * simulator numbers of SMS_SIMULATOR_NUMBERS (docs/decisions.md "SMS channel").
 */
import { randomUUID } from 'node:crypto';
import { countryOfMobile } from '../../shared/domain/phone.js';
import { SEND_BATCH_LIMIT } from '../lib/aws/sqs.js';
import { createGroupCommit } from '../lib/concurrency.js';
import { logger } from '../lib/logger.js';
import { enqueueProviderNotifications } from '../queues/delivery-events.js';
import { enqueueInboundSmsNotification } from '../queues/inbound-sms.js';

export const SIMULATOR_ADDRESSES = {
  hardBounce: 'bounce@simulator.amazonses.com',
  softBounce: 'ooto@simulator.amazonses.com',
  complaint: 'complaint@simulator.amazonses.com',
} as const;

/** The topic the sink pretends to publish on (the configuration set's event destination in AWS). */
const SINK_TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:campaign-mail-events';

export type SentMail = { messageId: string; from: string; to: string; subject: string; tags: Readonly<Record<string, string>>; timestamp: Date };

type SesMailObject = {
  timestamp: string;
  messageId: string;
  source: string;
  destination: string[];
  commonHeaders: { from: string[]; to: string[]; subject: string };
  tags: Record<string, string[]>;
};

export type SesEvent =
  | { eventType: 'Send'; mail: SesMailObject; send: Record<string, never> }
  | { eventType: 'Delivery'; mail: SesMailObject; delivery: { timestamp: string; recipients: string[]; processingTimeMillis: number; smtpResponse: string } }
  | {
      eventType: 'Bounce';
      mail: SesMailObject;
      bounce: {
        bounceType: 'Permanent' | 'Transient';
        bounceSubType: string;
        bouncedRecipients: Array<{ emailAddress: string; diagnosticCode: string; action: 'failed' }>;
        timestamp: string;
        feedbackId: string;
      };
    }
  | { eventType: 'Complaint'; mail: SesMailObject; complaint: { complainedRecipients: Array<{ emailAddress: string }>; timestamp: string; feedbackId: string; complaintFeedbackType: string } };

/** The events SES would publish for one accepted message, in the order it would. Pure. */
export function sesEventsFor(mail: SentMail): SesEvent[] {
  const at = mail.timestamp.toISOString();
  const object: SesMailObject = {
    timestamp: at,
    messageId: mail.messageId,
    source: mail.from,
    destination: [mail.to],
    commonHeaders: { from: [mail.from], to: [mail.to], subject: mail.subject },
    tags: Object.fromEntries(Object.entries(mail.tags).map(([name, value]) => [name, [value]])),
  };
  const address = mail.to.toLowerCase().replace(/\+[^@]*@simulator\.amazonses\.com$/, '@simulator.amazonses.com');
  const delivery: SesEvent = {
    eventType: 'Delivery',
    mail: object,
    delivery: { timestamp: at, recipients: [mail.to], processingTimeMillis: 1, smtpResponse: '250 2.6.0 Message received' },
  };
  const bounce = (bounceType: 'Permanent' | 'Transient', bounceSubType: string, diagnosticCode: string): SesEvent => ({
    eventType: 'Bounce',
    mail: object,
    bounce: { bounceType, bounceSubType, bouncedRecipients: [{ emailAddress: mail.to, diagnosticCode, action: 'failed' }], timestamp: at, feedbackId: randomUUID() },
  });
  // No Send event: the configuration set does not publish it (the pipeline knows what it sent).
  if (address === SIMULATOR_ADDRESSES.hardBounce) return [bounce('Permanent', 'General', 'smtp; 550 5.1.1 user unknown')];
  if (address === SIMULATOR_ADDRESSES.softBounce) return [bounce('Transient', 'General', 'smtp; 452 4.2.2 mailbox full (out of office)')];
  if (address === SIMULATOR_ADDRESSES.complaint) {
    return [delivery, { eventType: 'Complaint', mail: object, complaint: { complainedRecipients: [{ emailAddress: mail.to }], timestamp: at, feedbackId: randomUUID(), complaintFeedbackType: 'abuse' } }];
  }
  return [delivery];
}

/** The topic of two-way SMS replies the sink pretends to publish on. */
const SINK_INBOUND_TOPIC_ARN = 'arn:aws:sns:us-east-1:000000000000:inbound-sms';

/** An SNS notification as SQS receives it from a subscription without raw message delivery. */
export function snsEnvelope(message: unknown, at: Date, topicArn = SINK_TOPIC_ARN): string {
  return JSON.stringify({
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: topicArn,
    Message: JSON.stringify(message),
    Timestamp: at.toISOString(),
    SignatureVersion: '1',
  });
}

/**
 * Destinations of the sink's SMS outcomes. The first two are AWS's Hong Kong destination simulator
 * numbers (success, failure); the others are ours, for outcomes AWS's simulator has no number for.
 */
export const SMS_SIMULATOR_NUMBERS = {
  delivered: '+85257048426',
  /** TEXT_INVALID / MEDIA_INVALID: a permanent failure (hard), the number is suppressed. */
  invalid: '+85257048427',
  /** TEXT_CARRIER_UNREACHABLE / MEDIA_CARRIER_UNREACHABLE: a temporary failure (soft). */
  unreachable: '+85257048428',
  /** On the opt-out list: the send itself is refused (ConflictException DESTINATION_PHONE_NUMBER_OPTED_OUT), no event. */
  optedOut: '+85257048429',
} as const;

export type SentSms = {
  messageId: string;
  /** The origination identity, or null for the pool's default. */
  from: string | null;
  to: string;
  tags: Readonly<Record<string, string>>;
  /** Message parts billed (1 for an MMS). */
  parts: number;
  /** MMS: the media as sent (s3:// URIs); [] for an SMS. */
  mediaUrls: readonly string[];
  timestamp: Date;
};

/** The parts of an End User Messaging SMS/MMS event record the sink fills in (the service adds carrier details). */
export type SmsEvent = {
  eventType: string;
  eventVersion: '1.0';
  eventTimestamp: number;
  isFinal: boolean;
  originationPhoneNumber: string;
  destinationPhoneNumber: string;
  isoCountryCode: string;
  isInternationalSend: boolean;
  messageId: string;
  messageRequestTimestamp: number;
  messageType: 'PROMOTIONAL';
  messageStatus: string;
  messageStatusDescription: string;
  context: Record<string, string>;
  totalMessageParts: number;
  totalMessagePrice: number;
  totalCarrierFee: number;
  mediaUrls?: string[];
};

const SMS_OUTCOMES: Record<string, { status: string; description: string }> = {
  [SMS_SIMULATOR_NUMBERS.invalid]: { status: 'INVALID', description: 'Destination phone number is invalid' },
  [SMS_SIMULATOR_NUMBERS.unreachable]: { status: 'CARRIER_UNREACHABLE', description: 'Carrier network is temporarily unreachable' },
};

/** The final event End User Messaging would publish for one accepted SMS or MMS. Pure. */
export function smsEventsFor(sms: SentSms): SmsEvent[] {
  const isMedia = sms.mediaUrls.length > 0;
  const outcome = SMS_OUTCOMES[sms.to] ?? { status: 'DELIVERED', description: 'Message has been accepted by phone' };
  const at = sms.timestamp.getTime();
  return [
    {
      eventType: `${isMedia ? 'MEDIA' : 'TEXT'}_${outcome.status}`,
      eventVersion: '1.0',
      eventTimestamp: at,
      isFinal: true,
      originationPhoneNumber: sms.from ?? 'SIMULATOR',
      destinationPhoneNumber: sms.to,
      isoCountryCode: countryOfMobile(sms.to) ?? 'ZZ',
      isInternationalSend: false,
      messageId: sms.messageId,
      messageRequestTimestamp: at,
      messageType: 'PROMOTIONAL',
      messageStatus: outcome.status,
      messageStatusDescription: outcome.description,
      context: { ...sms.tags },
      totalMessageParts: sms.parts,
      totalMessagePrice: 0,
      totalCarrierFee: 0,
      ...(isMedia ? { mediaUrls: [...sms.mediaUrls] } : {}),
    },
  ];
}

/**
 * How long an event waits for others to share its queue call. Without it a group held what arrived
 * during the previous call, 2.5 events on average at 250 messages/s: most of the stand-in's CPU went
 * to queue calls (docs/benchmarks.md, 2026-12-02). The provider publishes seconds later anyway.
 */
const PUBLISH_LINGER_MS = 50;

// Events of concurrent sends go to the queue together, a full SendMessageBatch to a call.
const publish = createGroupCommit<string>(enqueueProviderNotifications, { lingerMs: PUBLISH_LINGER_MS, fullAt: SEND_BATCH_LIMIT });
const publishing = new Set<Promise<void>>();

/**
 * Puts a message's events on the delivery-events queue, one SNS envelope each, in the
 * background: like the provider, the sink accepts a message first and reports on it a moment later.
 */
function publishInBackground(messageId: string, events: readonly unknown[], at: Date): void {
  const published = Promise.all(events.map((event) => publish(snsEnvelope(event, at)))).then(
    () => undefined,
    (error: unknown) => logger.warn('sink events not published', { messageId, error }),
  );
  publishing.add(published);
  void published.finally(() => publishing.delete(published));
}

/** What SES would publish about a campaign mail the sink accepted. */
export function publishSinkEvents(mail: SentMail): void {
  publishInBackground(mail.messageId, sesEventsFor(mail), mail.timestamp);
}

/** What End User Messaging would publish about a campaign SMS or MMS the sink accepted. */
export function publishSinkSmsEvents(sms: SentSms): void {
  publishInBackground(sms.messageId, smsEventsFor(sms), sms.timestamp);
}

/** A reply to one of our numbers, as the dev SMS inbox sends it. */
export type SmsReply = { from: string; to: string; body: string; timestamp: Date };

/**
 * Puts a reply on the inbound-sms queue in the two-way SMS payload End User Messaging publishes
 * (in the SNS envelope), as if the contact had texted our number. Answers the reply's id.
 */
export async function publishSinkSmsReply(reply: SmsReply): Promise<string> {
  const inboundMessageId = randomUUID();
  const payload = { originationNumber: reply.from, destinationNumber: reply.to, messageBody: reply.body, inboundMessageId };
  await enqueueInboundSmsNotification(snsEnvelope(payload, reply.timestamp, SINK_INBOUND_TOPIC_ARN));
  return inboundMessageId;
}

/** Resolves when every event published so far is on the queue (tests read it after). */
export async function sinkEventsPublished(): Promise<void> {
  await Promise.all([...publishing]);
}
