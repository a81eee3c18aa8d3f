import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CAMPAIGN_SDK_OPTIONS, once } from './clients.js';

/** Amazon SES v2, with the SDK's retries: transactional mail (codes, notices) is worth a few tries. */
export function sesClient(): SESv2Client {
  return once('ses', () => new SESv2Client({}));
}

/**
 * Amazon SES v2 for campaign sends: one attempt per call. The delivery engine retries throttled and
 * transient sends itself and slows its rate when throttled; retries inside the SDK would hide
 * SES's "slow down" from it and hold a send slot for seconds. CAMPAIGN_SDK_OPTIONS: one call per
 * message, so its fixed cost is the sender's.
 */
export function sesCampaignClient(): SESv2Client {
  return once('ses-campaign', () => new SESv2Client({ maxAttempts: 1, ...CAMPAIGN_SDK_OPTIONS }));
}
