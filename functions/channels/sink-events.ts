/**
 * What SES would publish about a campaign message the local sink accepted: the standard SES
 * event-publishing records (Send, then Delivery, Bounce or Complaint), each in the SNS
 * notification envelope an SNS→SQS subscription without raw delivery puts on the delivery-events
 * queue. So the delivery-events worker reads the same shapes locally and in AWS.
 *
 * The outcome follows SES's mailbox simulator addresses: bounce@ a hard bounce, ooto@ a soft
 * (transient) bounce, complaint@ a delivery then a complaint; any other address is delivered.
 */
import { randomUUID } from 'node:crypto';
import { sendQueueMessages } from '../lib/aws/sqs.js';
import { createGroupCommit } from '../lib/concurrency.js';
import { config } from '../lib/config.js';

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
  const address = mail.to.toLowerCase();
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

/** An SNS notification as SQS receives it from a subscription without raw message delivery. */
export function snsEnvelope(message: unknown, at: Date): string {
  return JSON.stringify({
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: SINK_TOPIC_ARN,
    Message: JSON.stringify(message),
    Timestamp: at.toISOString(),
    SignatureVersion: '1',
  });
}

// Events of concurrent sends go to the queue together, ten to a call.
const publish = createGroupCommit<string>((bodies) => sendQueueMessages(config().QUEUE_URL_DELIVERY_EVENTS, bodies.map((body) => ({ body }))));
const publishing = new Set<Promise<void>>();

/**
 * Puts the message's events on the delivery-events queue, one SNS envelope each, in the
 * background: like SES, the sink accepts a message first and reports on it a moment later.
 */
export function publishSinkEvents(mail: SentMail): void {
  const published = Promise.all(sesEventsFor(mail).map((event) => publish(snsEnvelope(event, mail.timestamp)))).then(
    () => undefined,
    (error: unknown) => console.warn(JSON.stringify({ level: 'warn', msg: 'sink events not published', messageId: mail.messageId, error: String(error) })),
  );
  publishing.add(published);
  void published.finally(() => publishing.delete(published));
}

/** Resolves when every event published so far is on the queue (tests read it after). */
export async function sinkEventsPublished(): Promise<void> {
  await Promise.all([...publishing]);
}
