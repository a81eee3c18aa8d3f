/**
 * The Stripe stand-in's test controls (infra/local/stripe-stand-in.ts, `/_stand-in/…`) for tests
 * of payment paths: the customer's 3-D Secure answer, and holding, releasing, redelivering and
 * listing webhook deliveries. `standInUrl` is a host's `env.STRIPE_API_URL` or a stand-in's `url`.
 */
import type { WebhookDelivery } from '../../infra/local/stripe-webhooks.js';

type Intent = { id: string; client_secret?: string | null };

export function stripeStandInControls(standInUrl: string) {
  const control = async <T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> => {
    const response = await fetch(`${standInUrl}/_stand-in${path}`, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) });
    if (!response.ok) throw new Error(`The stand-in answered ${method} /_stand-in${path} with ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    /** The customer completes or fails 3-D Secure for an intent that requires action; answers the intent as it is then. */
    authenticate: <T = Record<string, unknown>>(intent: Intent, outcome: 'complete' | 'fail') => control<T>('POST', `/3ds/${intent.id}`, { client_secret: intent.client_secret, outcome }),
    /** Webhooks wait (new ones and retries) until release. */
    holdWebhooks: () => control<{ holding: boolean }>('POST', '/webhooks/hold'),
    /** Sends what was held, oldest first; answers how many. */
    releaseWebhooks: () => control<{ released: number }>('POST', '/webhooks/release'),
    /** Delivers the event again `times` times. */
    redeliver: (eventId: string, times: number) => control<{ event: string; times: number }>('POST', '/webhooks/redeliver', { event: eventId, times }),
    /** Every delivery attempt so far, oldest first, and what is held. */
    webhooks: () => control<{ holding: boolean; held: string[]; inFlight: number; retrying: number; deliveries: WebhookDelivery[] }>('GET', '/webhooks'),
  };
}
