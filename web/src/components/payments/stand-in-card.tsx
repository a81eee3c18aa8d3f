/**
 * Card entry through the local Stripe stand-in (infra/local/stripe-stand-in-pages.ts), which
 * stands in for Stripe.js as Stripe.js cannot load offline. As with Elements, the card details
 * never reach the app: its card form is a frame of the stand-in's origin that creates the payment
 * method itself when asked by message. The app then confirms the intent with the publishable key
 * and its client secret, as Stripe.js does, and shows the stand-in's 3-D Secure page in a frame
 * over the page when the intent requires action.
 */
import { useEffect, useRef } from 'react';
import { STRIPE_STAND_IN_MESSAGE_SOURCE } from '../../../../shared/constants.js';
import { cardErrorOf, intentIdOf, type CardEntryChange, type CardError, type CardProvider } from './card-provider.js';

type StripeAnswer = Record<string, unknown> & { error?: CardError; status?: string; next_action?: { use_stripe_sdk?: { stripe_js?: string }; redirect_to_url?: { url?: string } } };

/** A card field answers within this; the stand-in is on this machine. */
const FRAME_ANSWER_TIMEOUT_MS = 20_000;

type StandInMessage = { source: string; type: string; [field: string]: unknown };

function isStandInMessage(event: MessageEvent, origin: string, from: Window | null | undefined): event is MessageEvent<StandInMessage> {
  const data = event.data as Partial<StandInMessage> | null;
  return event.origin === origin && (!from || event.source === from) && data?.source === STRIPE_STAND_IN_MESSAGE_SOURCE && typeof data.type === 'string';
}

/** The frame of the card form that is on the page now, for the provider to ask. */
export type CardFrameRegistry = { current: HTMLIFrameElement | null };

export function StandInCardEntry({ standInUrl, registry, onChange }: { standInUrl: string; registry: CardFrameRegistry; onChange: (change: CardEntryChange) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = new URL(standInUrl).origin;
  const notify = useRef(onChange);
  notify.current = onChange;

  useEffect(() => {
    registry.current = frame.current;
    const listen = (event: MessageEvent) => {
      if (!isStandInMessage(event, origin, frame.current?.contentWindow) || event.data.type !== 'change') return;
      const { complete, empty, error } = event.data as unknown as CardEntryChange;
      notify.current({ complete: complete === true, empty: empty === true, error: error ? cardErrorOf(error) : null });
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      if (registry.current === frame.current) registry.current = null;
    };
  }, [origin, registry]);

  const src = `${origin}/_stand-in/elements/card?origin=${encodeURIComponent(window.location.origin)}`;
  return <iframe ref={frame} src={src} title="Card" data-testid="stand-in-card-frame" style={{ width: '100%', height: '2.75rem', border: 0, display: 'block' }} />;
}

/** Stripe.js's confirmCardSetup and confirmCardPayment against the stand-in. */
export function standInCardProvider(standInUrl: string, publishableKey: string, registry: CardFrameRegistry): CardProvider {
  const origin = new URL(standInUrl).origin;

  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<StripeAnswer> => {
    // The key goes in the form, as Stripe.js sends it: a simple request, no CORS preflight.
    const form = new URLSearchParams({ ...params, key: publishableKey });
    try {
      const response = method === 'GET' ? await fetch(`${origin}${path}?${form.toString()}`) : await fetch(`${origin}${path}`, { method, body: form });
      const answer = (await response.json()) as StripeAnswer;
      return answer.error ? { error: cardErrorOf(answer.error) } : answer;
    } catch {
      return { error: { code: 'api_connection_error', message: 'The card service could not be reached.' } };
    }
  };

  /** Asks the card form for a payment method of what was typed in it. */
  const createPaymentMethod = (name: string): Promise<{ id: string } | { error: CardError }> => {
    const target = registry.current?.contentWindow;
    if (!target) return Promise.resolve({ error: { code: 'incomplete', message: 'Your card details are incomplete.' } });
    const requestId = crypto.randomUUID();
    return new Promise((resolve) => {
      const finish = (result: { id: string } | { error: CardError }) => {
        window.removeEventListener('message', listen);
        clearTimeout(timer);
        resolve(result);
      };
      const listen = (event: MessageEvent) => {
        if (!isStandInMessage(event, origin, target) || event.data.type !== 'paymentMethod' || event.data.requestId !== requestId) return;
        const { paymentMethod, error } = event.data as { paymentMethod?: { id: string }; error?: CardError };
        finish(paymentMethod ? { id: paymentMethod.id } : { error: cardErrorOf(error) });
      };
      const timer = setTimeout(() => finish({ error: { code: 'api_connection_error', message: 'The card form did not answer.' } }), FRAME_ANSWER_TIMEOUT_MS);
      window.addEventListener('message', listen);
      target.postMessage({ source: STRIPE_STAND_IN_MESSAGE_SOURCE, type: 'createPaymentMethod', requestId, billingDetails: { name } }, origin);
    });
  };

  /** Runs 3-D Secure when the intent requires action, then reads the intent again. */
  const settle = async (kind: 'setup_intents' | 'payment_intents', clientSecret: string, intent: StripeAnswer): Promise<StripeAnswer> => {
    if (intent.error || intent.status !== 'requires_action') return intent;
    const page = intent.next_action?.use_stripe_sdk?.stripe_js ?? intent.next_action?.redirect_to_url?.url;
    // Over the page, as Stripe.js shows it: the page tells us the answer instead of returning to a return_url.
    if (page) await authenticate(withoutReturnUrl(page), origin);
    return call('GET', `/v1/${kind}/${intentIdOf(clientSecret)}`, { client_secret: clientSecret });
  };

  const failureOf = (intent: StripeAnswer, lastError: 'last_setup_error' | 'last_payment_error'): { error: CardError } =>
    ({ error: intent.error ?? cardErrorOf((intent[lastError] as CardError | null) ?? { code: String(intent.status), message: '' }) });

  return {
    async confirmCardSetup(clientSecret, { name }) {
      const method = await createPaymentMethod(name);
      if ('error' in method) return method;
      const confirmed = await call('POST', `/v1/setup_intents/${intentIdOf(clientSecret)}/confirm`, { client_secret: clientSecret, payment_method: method.id });
      const intent = await settle('setup_intents', clientSecret, confirmed);
      if (intent.status !== 'succeeded') return failureOf(intent, 'last_setup_error');
      return { setupIntent: { id: String(intent.id), status: intent.status, paymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : null } };
    },
    async confirmCardPayment(clientSecret, details = {}) {
      const path = `/v1/payment_intents/${intentIdOf(clientSecret)}`;
      // An intent the server confirmed already waits for its action (3-D Secure) or is done; any other is confirmed here.
      let intent = await call('GET', path, { client_secret: clientSecret });
      if (!intent.error && intent.status !== 'requires_action' && intent.status !== 'succeeded') {
        intent = await call('POST', `${path}/confirm`, { client_secret: clientSecret, ...(details.paymentMethodId ? { payment_method: details.paymentMethodId } : {}) });
      }
      intent = await settle('payment_intents', clientSecret, intent);
      if (intent.status !== 'succeeded') return failureOf(intent, 'last_payment_error');
      return { paymentIntent: { id: String(intent.id), status: intent.status } };
    },
  };
}

/** Shows the 3-D Secure page over the app, as Stripe.js does, until it says the customer answered. */
function authenticate(page: string, origin: string): Promise<void> {
  return new Promise((resolve) => {
    const backdrop = document.createElement('div');
    backdrop.setAttribute('role', 'dialog');
    backdrop.setAttribute('aria-modal', 'true');
    backdrop.setAttribute('aria-label', '3-D Secure');
    // pointer-events: a modal dialog underneath (the card dialog) turns them off on the body; the bank's page must still take clicks.
    Object.assign(backdrop.style, { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'rgba(0, 0, 0, 0.5)', display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'auto' });
    const frame = document.createElement('iframe');
    frame.src = page;
    frame.title = '3-D Secure';
    Object.assign(frame.style, { width: 'min(32rem, 100vw)', height: 'min(26rem, 100vh)', border: '0', borderRadius: '0.5rem', background: '#fff' });
    backdrop.append(frame);
    const listen = (event: MessageEvent) => {
      if (!isStandInMessage(event, origin, frame.contentWindow) || event.data.type !== 'authenticated') return;
      window.removeEventListener('message', listen);
      backdrop.remove();
      resolve();
    };
    window.addEventListener('message', listen);
    document.body.append(backdrop);
  });
}

function withoutReturnUrl(page: string): string {
  const url = new URL(page);
  url.searchParams.delete('return_url');
  return url.href;
}
