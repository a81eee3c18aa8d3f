import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { CAMPAIGN_SDK_OPTIONS, once } from './clients.js';

/**
 * AWS End User Messaging SMS (the `sms-voice` v2 API) for campaign sends: one attempt per call, as
 * SES's campaign client (functions/lib/aws/ses.ts): the delivery engine retries throttled and
 * transient sends itself and slows its rate when throttled. AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2
 * redirects it (the local provider stand-in). CAMPAIGN_SDK_OPTIONS as SES's.
 */
export function smsVoiceCampaignClient(): PinpointSMSVoiceV2Client {
  return once('sms-voice-campaign', () => new PinpointSMSVoiceV2Client({ maxAttempts: 1, ...CAMPAIGN_SDK_OPTIONS }));
}
