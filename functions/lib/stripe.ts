/**
 * The one place a Stripe client is made (the payments adapter asks here). The secret key and the
 * webhook endpoint's secret come from the environment on the local host and in tests (the host's
 * Stripe stand-in, infra/local/stripe-stand-in.ts, whose address STRIPE_API_URL gives) and from
 * Secrets Manager in AWS, read once per cold start as the session-token secret is (jwt.ts).
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { once } from './aws/clients.js';
import { secretsClient } from './aws/secrets.js';
import { config } from './config.js';

/**
 * Retries of a call that failed on the network or with 409, 429 or 5xx. The SDK sends the same
 * Idempotency-Key with each retry of a POST (and the adapter names its own for charges), so a
 * retry never charges twice.
 */
const MAX_NETWORK_RETRIES = 2;
/** Per attempt: Stripe answers in about a second; three attempts stay inside API Gateway's 30 s. */
const TIMEOUT_MS = 8_000;

type Cached = { client?: Promise<Stripe>; webhookSecret?: Promise<string> };

/** Kept with the AWS clients, so the host's and tests' resetClientsForTests() drops it with them. */
const cache = (): Cached => once('stripe', (): Cached => ({}));

/** The value set in the environment, or the secret string its ARN names; a failed read is not kept, so the next call tries again. */
function remember<K extends keyof Cached>(name: K, read: () => Promise<NonNullable<Cached[K]> extends Promise<infer T> ? T : never>): NonNullable<Cached[K]> {
  const cached = cache();
  if (!cached[name]) {
    const reading = read();
    reading.catch(() => {
      if (cached[name] === reading) cached[name] = undefined;
    });
    cached[name] = reading as Cached[K];
  }
  return cached[name]!;
}

async function secretValue(value: string | undefined, arn: string | undefined, name: string): Promise<string> {
  if (value) return value;
  if (!arn) throw new Error(`${name} or ${name}_ARN must be set`);
  const answer = await secretsClient().send(new GetSecretValueCommand({ SecretId: arn }));
  if (!answer.SecretString) throw new Error(`The secret ${name}_ARN names has no string value`);
  return answer.SecretString;
}

/** The Stripe client of this process, on the API version stripe 23.1.0 pins (its types describe that version). */
export function stripeClient(): Promise<Stripe> {
  return remember('client', async () => {
    const { STRIPE_SECRET_KEY, STRIPE_SECRET_KEY_ARN, STRIPE_API_URL } = config();
    const key = await secretValue(STRIPE_SECRET_KEY, STRIPE_SECRET_KEY_ARN, 'STRIPE_SECRET_KEY');
    const standIn = STRIPE_API_URL ? new URL(STRIPE_API_URL) : undefined;
    return new Stripe(key, {
      maxNetworkRetries: MAX_NETWORK_RETRIES,
      timeout: TIMEOUT_MS,
      // No telemetry header about earlier calls' latency: nothing to learn from it here.
      telemetry: false,
      ...(standIn ? { host: standIn.hostname, port: Number(standIn.port || (standIn.protocol === 'https:' ? 443 : 80)), protocol: standIn.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
  });
}

/** The webhook endpoint's signing secret (whsec_…), for stripe.webhooks.constructEvent on the raw body. */
export function stripeWebhookSecret(): Promise<string> {
  return remember('webhookSecret', async () => {
    const { STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ARN } = config();
    return secretValue(STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_SECRET_ARN, 'STRIPE_WEBHOOK_SECRET');
  });
}
