import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { once } from './clients.js';

/** AWS End User Messaging SMS (the `sms-voice` v2 API); AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2 redirects it. */
export function smsVoiceClient(): PinpointSMSVoiceV2Client {
  return once('sms-voice', () => new PinpointSMSVoiceV2Client({}));
}
