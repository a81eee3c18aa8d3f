/**
 * Campaign SMS and MMS leave through AWS End User Messaging SMS (the sms-voice v2 API) and the real
 * SDK everywhere: locally its endpoint is the provider stand-in (infra/local/sms-stand-in.ts), which
 * answers as the service does. Delivery receipts come back on the delivery-events queue
 * (functions/services/campaigns/delivery-events.ts).
 */
import { SendMediaMessageCommand, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { smsVoiceCampaignClient } from '../lib/aws/sms-voice.js';
import { config } from '../lib/config.js';

/**
 * A campaign message, rendered. `tags` name the account, campaign and contact so delivery receipts
 * find their way back (End User Messaging's Context, the sink's events).
 */
export type CampaignSms = {
  /** E.164. */
  to: string;
  /** The sender ID or phone number to send from, or null for the pool's (or account's) default. */
  originationIdentity: string | null;
  /** The body as sent (an MMS's subject leads it: End User Messaging has no subject field). */
  text: string;
  /** MMS only, our stored files' URLs (mediaS3Uri maps them to what the service reads); [] sends an SMS. */
  media: Array<{ url: string }>;
  tags: { tuid: string; campaignId: string; contactId: string };
};

export type CampaignSmsTransport = { send(message: CampaignSms): Promise<{ messageId: string }> };

/** A media URL End User Messaging cannot fetch: it reads media only from S3 buckets of our own. */
export class SmsMediaNotStored extends Error {
  constructor(url: string) {
    super(`MMS media must be one of our stored files: ${url}`);
    this.name = 'SmsMediaNotStored';
  }
}

// sms-voice v2 error names: the first set means "slow down", the second "this message will never go"
// (a bad or opted-out destination, a sender the account may not use, media we cannot send).
const THROTTLE_ERRORS = new Set(['ThrottlingException']);
const PERMANENT_ERRORS = new Set(['ValidationException', 'ConflictException', 'AccessDeniedException', 'ResourceNotFoundException', 'SmsMediaNotStored']);

/**
 * How a failed send is handled: throttled and transient failures are tried again (never dropped),
 * a permanent one counts the recipient as failed. A spending limit reached
 * (ServiceQuotaExceededException) is transient: it lifts when the limit is raised.
 */
export function smsFailureKind(error: unknown): 'throttled' | 'permanent' | 'transient' {
  const name = error instanceof Error ? error.name : '';
  if (THROTTLE_ERRORS.has(name)) return 'throttled';
  if (PERMANENT_ERRORS.has(name)) return 'permanent';
  return 'transient';
}

/** The reason End User Messaging gives with a refusal (a ConflictException's Reason), or null. */
export function refusalReasonOf(error: unknown): string | null {
  const reason = error instanceof Error ? (error as { Reason?: unknown }).Reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** The send was refused because the number opted out (replied STOP): the caller suppresses it as an unsubscribe. */
export function isOptedOutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConflictException' && refusalReasonOf(error) === 'DESTINATION_PHONE_NUMBER_OPTED_OUT';
}

/**
 * The s3:// URI End User Messaging reads an MMS medium from. Our media are stored files: the file
 * manager's public URLs (CONTENT_PUBLIC_URL/<key> → the content bucket), S3 URLs of the content or
 * data bucket, virtual-hosted or path style, presigned or not (the query is dropped), and s3:// URIs
 * of those buckets. Anything else is refused: the service never fetches from the web. Pure.
 */
export function mediaS3Uri(url: string, stores: { buckets: readonly string[]; publicUrls: ReadonlyArray<{ prefix: string; bucket: string }> }): string {
  const keyUri = (bucket: string, key: string) => `s3://${bucket}/${key.split('/').map((part) => decodeURIComponent(part)).join('/')}`;
  for (const { prefix, bucket } of stores.publicUrls) {
    const base = `${prefix.replace(/\/$/, '')}/`;
    if (url.startsWith(base)) return keyUri(bucket, new URL(url).pathname.slice(new URL(base).pathname.length));
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SmsMediaNotStored(url);
  }
  if (parsed.protocol === 's3:' && stores.buckets.includes(parsed.hostname)) return `s3://${parsed.hostname}${parsed.pathname}`;
  if (parsed.protocol === 'https:') {
    const virtualHosted = /^([^.]+)\.s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.exec(parsed.hostname);
    if (virtualHosted?.[1] && stores.buckets.includes(virtualHosted[1])) return keyUri(virtualHosted[1], parsed.pathname.slice(1));
    if (/^s3[.-]([a-z0-9-]+\.)?amazonaws\.com$/.test(parsed.hostname)) {
      const [bucket = '', ...key] = parsed.pathname.slice(1).split('/');
      if (stores.buckets.includes(bucket)) return keyUri(bucket, key.join('/'));
    }
  }
  throw new SmsMediaNotStored(url);
}

function ourMediaStores() {
  const { DATA_BUCKET, CONTENT_BUCKET, CONTENT_PUBLIC_URL } = config();
  return {
    buckets: CONTENT_BUCKET ? [CONTENT_BUCKET, DATA_BUCKET] : [DATA_BUCKET],
    publicUrls: CONTENT_BUCKET && CONTENT_PUBLIC_URL ? [{ prefix: CONTENT_PUBLIC_URL, bucket: CONTENT_BUCKET }] : [],
  };
}

const eumTransport: CampaignSmsTransport = {
  async send(message) {
    const { SMS_CONFIGURATION_SET, MMS_ORIGINATION_IDENTITY } = config();
    const common = {
      DestinationPhoneNumber: message.to,
      OriginationIdentity: message.originationIdentity ?? undefined,
      ConfigurationSetName: SMS_CONFIGURATION_SET,
      Context: { ...message.tags },
    };
    if (message.media.length === 0) {
      const answer = await smsVoiceCampaignClient().send(new SendTextMessageCommand({ ...common, MessageBody: message.text, MessageType: 'PROMOTIONAL' }));
      return { messageId: answer.MessageId ?? '' };
    }
    const stores = ourMediaStores();
    const answer = await smsVoiceCampaignClient().send(
      new SendMediaMessageCommand({
        ...common,
        // The service needs a number or pool for every MMS, and a sender ID cannot send one: the deployment's.
        OriginationIdentity: MMS_ORIGINATION_IDENTITY,
        MessageBody: message.text,
        MediaUrls: message.media.map((medium) => mediaS3Uri(medium.url, stores)),
      }),
    );
    return { messageId: answer.MessageId ?? '' };
  },
};

export function campaignSmsTransport(): CampaignSmsTransport {
  return eumTransport;
}
