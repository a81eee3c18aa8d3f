/**
 * Mail leaves through one interface; the transport is configuration: the local sink or Amazon
 * SES v2. Callers never know which.
 */
import { randomUUID } from 'node:crypto';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from '../lib/aws/ses.js';
import { config } from '../lib/config.js';
import { asciiAddress } from './mime.js';
import { appendToSink } from './sink.js';
import { publishSinkEvents } from './sink-events.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Names what the mail is about, so the provider's bounce finds its way back (verification codes). */
  tags?: Record<string, string>;
};

export type MailTransport = { send(message: MailMessage): Promise<{ messageId: string }> };

const sinkTransport: MailTransport = {
  async send(message) {
    const { SINK_DIR, MAIL_FROM } = config();
    if (!SINK_DIR) throw new Error('SINK_DIR must be set when MAIL_TRANSPORT is sink');
    const id = randomUUID();
    await appendToSink(SINK_DIR, {
      id,
      kind: 'mail',
      from: MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
      createdAt: new Date().toISOString(),
    });
    // Tagged mail is reported on as SES reports it (the mailbox simulator's bounce@ bounces).
    if (message.tags) publishSinkEvents({ messageId: id, from: MAIL_FROM, to: message.to, subject: message.subject, tags: message.tags, timestamp: new Date() });
    return { messageId: id };
  },
};

const sesTransport: MailTransport = {
  async send(message) {
    const answer = await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: config().MAIL_FROM,
        Destination: { ToAddresses: [asciiAddress(message.to)] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
            Headers: Object.entries(message.headers ?? {}).map(([Name, Value]) => ({ Name, Value })),
          },
        },
      }),
    );
    return { messageId: answer.MessageId ?? '' };
  },
};

export function mailTransport(): MailTransport {
  return config().MAIL_TRANSPORT === 'ses' ? sesTransport : sinkTransport;
}

/**
 * A campaign message, already built (functions/channels/mime.ts): the raw RFC 5322 text goes out
 * as is; the parsed parts are what the local sink shows; `tags` name the account, campaign and
 * contact so delivery events find their way back (SES EmailTags, the sink's events).
 */
export type CampaignMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
  tags: { tuid: string; campaignId: string; contactId: string };
};

export type CampaignMailTransport = { sendRaw(mail: CampaignMail): Promise<{ messageId: string }> };

/** The transport asked us to slow down: retry later, the message was not accepted. */
export class MailThrottled extends Error {
  constructor(message = 'mail transport throttled') {
    super(message);
    this.name = 'MailThrottled';
  }
}

// SES v2 error names: the first set means "slow down", the second "this message will never go".
const THROTTLE_ERRORS = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'Throttling', 'MailThrottled']);
const PERMANENT_ERRORS = new Set(['MessageRejected', 'BadRequestException', 'MailFromDomainNotVerifiedException', 'NotFoundException']);

/**
 * How a failed send is handled: throttled and transient failures are tried again (never dropped),
 * a permanent one counts the recipient as failed.
 */
export function mailFailureKind(error: unknown): 'throttled' | 'permanent' | 'transient' {
  const name = error instanceof Error ? error.name : '';
  if (THROTTLE_ERRORS.has(name)) return 'throttled';
  if (PERMANENT_ERRORS.has(name)) return 'permanent';
  return 'transient';
}

const sinkCampaignTransport: CampaignMailTransport = {
  async sendRaw(mail) {
    const { SINK_DIR, SINK_THROTTLE_FRACTION } = config();
    if (!SINK_DIR) throw new Error('SINK_DIR must be set when MAIL_TRANSPORT is sink');
    if (SINK_THROTTLE_FRACTION > 0 && Math.random() < SINK_THROTTLE_FRACTION) throw new MailThrottled('sink: maximum sending rate exceeded');
    const id = randomUUID();
    const now = new Date();
    await appendToSink(SINK_DIR, { id, kind: 'mail', from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, raw: mail.raw, tags: mail.tags, createdAt: now.toISOString() });
    publishSinkEvents({ messageId: id, from: mail.from, to: mail.to, subject: mail.subject, tags: mail.tags, timestamp: now });
    return { messageId: id };
  },
};

const sesCampaignTransport: CampaignMailTransport = {
  async sendRaw(mail) {
    const answer = await sesClient().send(
      new SendEmailCommand({
        Destination: { ToAddresses: [asciiAddress(mail.to)] },
        Content: { Raw: { Data: Buffer.from(mail.raw, 'utf8') } },
        ConfigurationSetName: config().SES_CONFIGURATION_SET,
        EmailTags: Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    return { messageId: answer.MessageId ?? '' };
  },
};

export function campaignMailTransport(): CampaignMailTransport {
  return config().MAIL_TRANSPORT === 'ses' ? sesCampaignTransport : sinkCampaignTransport;
}
