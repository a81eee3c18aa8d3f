/**
 * Mail leaves through Amazon SES v2. Locally the SDK's endpoint is the SES stand-in
 * (infra/local/ses-stand-in.ts), which keeps what it accepts in the sink: the same adapter runs
 * everywhere.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesCampaignClient, sesClient } from '../lib/aws/ses.js';
import { config } from '../lib/config.js';
import type { MailboxName } from '../../shared/domain/sender-identities.js';
import { asciiAddress } from './mime.js';

/** The platform's own sender (MAIL_FROM, `Name <address>`): transactional mail, and campaigns sent on a sender's behalf. */
export function platformSender(): MailboxName {
  const mailFrom = config().MAIL_FROM;
  const bracketed = /^\s*"?([^"<]*)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return bracketed ? { name: bracketed[1]!.trim(), address: bracketed[2]!.trim() } : { name: '', address: mailFrom.trim() };
}

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
        // Tagged mail is published on like a campaign's, so its bounce finds its way back.
        ...(message.tags ? { ConfigurationSetName: config().SES_CONFIGURATION_SET, EmailTags: Object.entries(message.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
      }),
    );
    return { messageId: answer.MessageId ?? '' };
  },
};

export function mailTransport(): MailTransport {
  return sesTransport;
}

/**
 * A campaign message, already built (functions/channels/mime.ts): the raw RFC 5322 text goes out
 * as is; `tags` name the account, campaign and contact so delivery events find their way back
 * (SES EmailTags).
 */
export type CampaignMail = {
  to: string;
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

const sesCampaignTransport: CampaignMailTransport = {
  async sendRaw(mail) {
    const answer = await sesCampaignClient().send(
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
  return sesCampaignTransport;
}
