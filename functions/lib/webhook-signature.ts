/**
 * Webhook signatures the Standard Webhooks way (Svix's scheme, which Stripe's resembles): the
 * headers `webhook-id`, `webhook-timestamp` (epoch seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of the endpoint's
 * `whsec_` secret). Receivers verify with any Standard Webhooks library, and dedupe with the id.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 24 random bytes, as Svix makes them. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

export type WebhookHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };

/** The headers of one attempt; the timestamp is the attempt's, so a retry is signed afresh. */
export function webhookHeaders(options: { secret: string; id: string; at: Date; body: string }): WebhookHeaders {
  const timestamp = Math.floor(options.at.getTime() / 1000);
  return {
    'webhook-id': options.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signatureOf(options.secret, options.id, timestamp, options.body)}`,
  };
}

/** How far a receiver lets the timestamp stray from its clock (replay protection), as Svix's libraries do. */
export const WEBHOOK_TOLERANCE_S = 5 * 60;

/** Whether a request carries a signature of `body` by `secret` from within the tolerance (the local catcher checks with it). */
export function verifyWebhook(options: { secret: string; headers: Partial<WebhookHeaders>; body: string; now: Date }): boolean {
  const { secret, headers, body, now } = options;
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  if (!id || !Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(signatureOf(secret, id, timestamp, body));
  // The header may list several space-separated signatures (a secret being rotated).
  return (headers['webhook-signature'] ?? '').split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
