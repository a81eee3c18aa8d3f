/**
 * Signed links of campaign messages (docs/api-contract.md "Tracking"): the open pixel and click
 * redirects share one recipient token; the unsubscribe link and the online version each have
 * their own purpose in the signature, so a pixel address cannot be turned into an unsubscribe.
 *
 * A token is `<payload>.<mac>`: the payload names the account, the campaign and the contact
 * (base64url of `tuid|campaignId|contactId`), the MAC is HMAC-SHA256 over purpose and payload,
 * cut to 128 bits. Nothing is stored per link, and changing any character of the payload makes it
 * fail, so tokens can neither be forged nor enumerated. A click's link number is outside the
 * token: it only picks one of the links that were in that campaign's message.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRACKING_TOKEN } from '../../shared/domain/personalization.js';
import { config } from './config.js';
import { derivedKey } from './jwt.js';

export type TrackingPurpose = 'track' | 'unsubscribe' | 'view';
export type TrackedRecipient = { tuid: string; campaignId: string; contactId: number };

const MAC_BYTES = 16;
const SEPARATOR = '|';

let keyPromise: Promise<Buffer> | undefined;
function linkKey(): Promise<Buffer> {
  keyPromise ??= derivedKey('tracking-links');
  return keyPromise;
}

/** For tests that change the token secret. */
export function resetTrackingKeyForTests(): void {
  keyPromise = undefined;
}

function mac(key: Buffer, purpose: TrackingPurpose, payload: string): Buffer {
  return createHmac('sha256', key).update(purpose).update('.').update(payload).digest().subarray(0, MAC_BYTES);
}

/** A signer bound to the key: the delivery worker signs thousands of links per second without awaiting each. */
export async function trackingSigner(): Promise<(purpose: TrackingPurpose, recipient: TrackedRecipient) => string> {
  const key = await linkKey();
  return (purpose, recipient) => {
    const payload = Buffer.from([recipient.tuid, recipient.campaignId, String(recipient.contactId)].join(SEPARATOR)).toString('base64url');
    return `${payload}.${mac(key, purpose, payload).toString('base64url')}`;
  };
}

/** The recipient a token was signed for, or null when it is malformed or its signature is wrong. */
export async function verifyTrackingToken(purpose: TrackingPurpose, token: string): Promise<TrackedRecipient | null> {
  if (token.length > 300) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(await linkKey(), purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const parts = Buffer.from(payload, 'base64url').toString('utf8').split(SEPARATOR);
  if (parts.length !== 3) return null;
  const [tuid, campaignId, contactText] = parts;
  const contactId = Number(contactText);
  // Contact 0 is no recipient: only the online version's preview (the campaign as its author sees it) is signed for it.
  const lowest = purpose === 'view' ? 0 : 1;
  if (!tuid || !campaignId || !Number.isSafeInteger(contactId) || contactId < lowest) return null;
  return { tuid, campaignId, contactId };
}

/** Where recipients reach the tracking routes (`/t/...` of the route table). */
function trackingBase(): string {
  return config().APP_URL.replace(/\/+$/, '');
}

/** The addresses a compiled template puts in a message; the open and click ones hold TRACKING_TOKEN for the recipient's `track` token. */
export const trackingUrls = {
  openPixel: (): string => `${trackingBase()}/t/open/${TRACKING_TOKEN}`,
  click: (linkIndex: number): string => `${trackingBase()}/t/click/${TRACKING_TOKEN}?l=${linkIndex}`,
  unsubscribe: (token: string): string => `${trackingBase()}/t/unsubscribe/${token}`,
  onlineVersion: (token: string): string => `${trackingBase()}/t/view/${token}`,
};
