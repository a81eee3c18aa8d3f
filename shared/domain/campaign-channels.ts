/**
 * What a campaign sends through (spec §3 "Campaign save command"): its channel, its save-command
 * type, and its family (the email pages or the SMS and MMS pages).
 */

export const CAMPAIGN_CHANNELS = ['email', 'sms', 'mms'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** Spec §3 "Campaign save command" types; `base_*` is a campaign made from a base (reusable) design. */
export const CAMPAIGN_TYPES = ['Email', 'base_email', 'SMS', 'base_sms', 'MMS'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export function isCampaignType(value: unknown): value is CampaignType {
  return CAMPAIGN_TYPES.some((type) => type === value);
}

/**
 * The two halves of the product a campaign lives in (spec §2.1, §7): `/emails` with the `email/`
 * API, and `/sms-and-mms` with the `sms/` API, which holds SMS and MMS campaigns alike. The
 * family is also the permission section (spec §6: email, sms).
 */
export const CAMPAIGN_FAMILIES = ['email', 'sms'] as const;
export type CampaignFamily = (typeof CAMPAIGN_FAMILIES)[number];

export const FAMILY_CHANNELS: Readonly<Record<CampaignFamily, readonly CampaignChannel[]>> = { email: ['email'], sms: ['sms', 'mms'] };
export const FAMILY_TYPES: Readonly<Record<CampaignFamily, readonly CampaignType[]>> = { email: ['Email', 'base_email'], sms: ['SMS', 'base_sms', 'MMS'] };

export function channelOfType(type: CampaignType): CampaignChannel {
  if (type === 'MMS') return 'mms';
  return type === 'SMS' || type === 'base_sms' ? 'sms' : 'email';
}

export function familyOfChannel(channel: CampaignChannel): CampaignFamily {
  return channel === 'email' ? 'email' : 'sms';
}
