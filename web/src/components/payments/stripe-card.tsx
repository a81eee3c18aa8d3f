/**
 * Card entry through Stripe Elements, with a real publishable key: Elements' card field, and
 * Stripe.js's confirmCardSetup and confirmCardPayment (which run 3-D Secure themselves).
 * Stripe.js is loaded from js.stripe.com only here, on the first use of the key
 * (`@stripe/stripe-js/pure` has no load on import).
 */
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
// Types only from the main entry, whose import would load Stripe.js.
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo } from 'react';
import type { Language } from '../../../../shared/constants.js';
import { cardErrorOf, type CardEntryChange, type CardProvider } from './card-provider.js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for the key, loaded once per page. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** Elements' language for the app's. */
export function elementsLocaleOf(language: Language): StripeElementLocale {
  return language === 'zh-CN' ? 'zh' : language;
}

export function StripeCardEntry({ onChange }: { onChange: (change: CardEntryChange) => void }) {
  return (
    <CardElement
      options={{ hidePostalCode: true }}
      onChange={(event) => onChange({ complete: event.complete, empty: event.empty, error: event.error ? cardErrorOf(event.error) : null })}
    />
  );
}

/** The provider inside <Elements>: null until Stripe.js has loaded. */
export function useStripeCardProvider(): CardProvider | null {
  const stripe = useStripe();
  const elements = useElements();
  return useMemo(() => {
    if (!stripe || !elements) return null;
    return {
      async confirmCardSetup(clientSecret, { name }) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: { code: 'incomplete', message: '' } };
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details: { name } } });
        if (result.error) return { error: cardErrorOf(result.error) };
        const method = result.setupIntent.payment_method;
        return { setupIntent: { id: result.setupIntent.id, status: result.setupIntent.status, paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null) } };
      },
      async confirmCardPayment(clientSecret, details = {}) {
        const result = await stripe.confirmCardPayment(clientSecret, details.paymentMethodId ? { payment_method: details.paymentMethodId } : undefined);
        if (result.error) return { error: cardErrorOf(result.error) };
        return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
      },
    } satisfies CardProvider;
  }, [stripe, elements]);
}
