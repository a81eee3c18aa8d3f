/**
 * What a text message costs in SMS credits, by destination country (ISO 3166 alpha-2 of the
 * number, shared/domain/phone.ts). An SMS costs its segments (shared/domain/sms-segments.ts) times
 * the country's rate, as carriers bill each part; an MMS is one message whatever its length, at
 * the country's MMS rate, and goes only where the transport delivers MMS (AWS End User Messaging
 * sends MMS to the United States and Canada only). The rates follow the transport's price per
 * part relative to Hong Kong's, rounded up to whole credits. Pure: the wizard's cost preview and
 * the planner's reservation use the same numbers.
 */
import type { CampaignChannel } from './campaign-channels.js';

/** Credits per SMS segment; countries not listed cost DEFAULT_SMS_RATE. */
export const SMS_RATES: Readonly<Record<string, number>> = {
  HK: 1,
  MO: 1,
  US: 1,
  CA: 1,
  CN: 2,
  TW: 2,
  SG: 2,
  MY: 2,
  PH: 2,
  TH: 2,
  VN: 3,
  KR: 2,
  JP: 4,
  AU: 3,
  NZ: 4,
  GB: 3,
  DE: 5,
  FR: 4,
  IN: 1,
  ID: 2,
};
export const DEFAULT_SMS_RATE = 5;

/** Credits per MMS; the only countries an MMS can go to. */
export const MMS_RATES: Readonly<Record<string, number>> = { US: 3, CA: 3 };

/** The credits one message costs, or null when it cannot go to that country at all. */
export function messageCredits(channel: Exclude<CampaignChannel, 'email'>, country: string | undefined, segments: number): number | null {
  if (channel === 'mms') return country !== undefined && country in MMS_RATES ? MMS_RATES[country]! : null;
  return segments * (country !== undefined && country in SMS_RATES ? SMS_RATES[country]! : DEFAULT_SMS_RATE);
}

/** One destination country of a send: its recipients, the credits they cost, and the messages (SMS parts or MMS) they take. */
export type CountryCost = { country: string; recipients: number; credits: number; messages: number };

/** Adds one recipient to a per-country tally (in place: a send may tally a million recipients). */
export function tallyCountryCost(tally: Map<string, CountryCost>, country: string, credits: number, messages: number): void {
  const entry = tally.get(country) ?? { country, recipients: 0, credits: 0, messages: 0 };
  entry.recipients += 1;
  entry.credits += credits;
  entry.messages += messages;
  tally.set(country, entry);
}
