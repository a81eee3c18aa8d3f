/**
 * Short tracked links of SMS and MMS (docs/api-contract.md "SMS and MMS campaigns"): every
 * character of a text message is paid for, so its links are `<APP_URL>/t/s/<token>` of about 20
 * characters instead of the email tracker's 70.
 *
 * A token is `<link><campaign code><contact>.<mac>`: the link's number (one base-36 character, so
 * up to 36 links are tracked), the campaign's code (8 base-62 characters, derived from the account
 * and campaign with a key of ours, and registered once so the redirect can find the campaign), the
 * contact's number in base 62, and 36 bits of HMAC over code and contact. Nothing is stored per
 * message; a changed character fails the MAC, so links cannot be forged or enumerated. As in the
 * email tracker, the link number is outside the signature: it only picks one of the links that were
 * in that campaign's message.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TRACKING_TOKEN } from '../../shared/domain/personalization.js';
import { config } from './config.js';
import { derivedKey } from './jwt.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CODE_LENGTH = 8;
const MAC_CHARACTERS = 6;
/** Links of one message that get a short tracked link (one base-36 character each); later ones stay as written. */
export const SHORT_LINKS_PER_MESSAGE = 36;

let keyPromise: Promise<Buffer> | undefined;
function linkKey(): Promise<Buffer> {
  keyPromise ??= derivedKey('short-links');
  return keyPromise;
}

function base62(value: bigint): string {
  let text = '';
  do {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  } while (value > 0n);
  return text;
}

function fromBase62(text: string): number | null {
  let value = 0;
  for (const character of text) {
    const digit = BASE62.indexOf(character);
    if (digit === -1) return null;
    value = value * 62 + digit;
  }
  return Number.isSafeInteger(value) ? value : null;
}

function mac(key: Buffer, code: string, contact: string): string {
  return createHmac('sha256', key).update(`${code}|${contact}`).digest('base64url').slice(0, MAC_CHARACTERS);
}

/** The campaign's code: the same for every message and run of the campaign. */
export async function campaignShortCode(tuid: string, campaignId: string): Promise<string> {
  const digest = createHmac('sha256', await linkKey()).update(`code|${tuid}|${campaignId}`).digest();
  return base62(BigInt(`0x${digest.subarray(0, 8).toString('hex')}`)).padStart(CODE_LENGTH, '0').slice(-CODE_LENGTH);
}

/** A signer bound to the key: the token part of a recipient's links (after the link number). */
export async function shortLinkSigner(): Promise<(code: string, contactId: number) => string> {
  const key = await linkKey();
  return (code, contactId) => {
    const contact = base62(BigInt(contactId));
    return `${code}${contact}.${mac(key, code, contact)}`;
  };
}

/** What a token names, or null when it is malformed or its signature is wrong. */
export async function verifyShortLink(token: string): Promise<{ code: string; contactId: number; link: number } | null> {
  const match = /^([0-9a-z])([0-9A-Za-z]{8})([0-9A-Za-z]{1,10})\.([\w-]{6})$/.exec(token);
  if (!match) return null;
  const [, linkCharacter, code, contact, signature] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(mac(await linkKey(), code, contact));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const contactId = fromBase62(contact);
  if (contactId === null || contactId < 1) return null;
  return { code, contactId, link: Number.parseInt(linkCharacter, 36) };
}

/** The address a compiled text puts in place of link `index`; TRACKING_TOKEN stands for the recipient's signed part. */
export function shortLinkUrl(index: number): string {
  return `${config().APP_URL.replace(/\/+$/, '')}/t/s/${index.toString(36)}${TRACKING_TOKEN}`;
}
