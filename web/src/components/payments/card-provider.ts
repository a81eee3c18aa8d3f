/**
 * The one small interface the card dialogs and the checkout use, whichever way cards are entered:
 * Stripe Elements with a real publishable key, or the local Stripe stand-in's test-mode card form
 * (Stripe.js cannot load offline). Results have Stripe.js's shape: the intent, or Stripe's error
 * (its code, decline code and message pass through to the page).
 */
import type { TAppConfig } from '../../../../shared/schemas/config.js';

/** A card error as Stripe.js and the stand-in give it. */
export type CardError = { code: string; decline_code?: string; message: string };

/** What the card field says on every change (Elements' change event, in short). */
export type CardEntryChange = { complete: boolean; empty: boolean; error: CardError | null };

export type ConfirmCardSetupResult = { setupIntent: { id: string; status: string; paymentMethodId: string | null } } | { error: CardError };
export type ConfirmCardPaymentResult = { paymentIntent: { id: string; status: string } } | { error: CardError };

export type CardProvider = {
  /** Saves the card in the card field for the customer of the setup intent (3-D Secure when the card asks for it). */
  confirmCardSetup(clientSecret: string, details: { name: string }): Promise<ConfirmCardSetupResult>;
  /**
   * Completes a payment intent with a saved card (`paymentMethodId`) or the one it names already,
   * running 3-D Secure when the intent requires action.
   */
  confirmCardPayment(clientSecret: string, details?: { paymentMethodId?: string }): Promise<ConfirmCardPaymentResult>;
};

export type CardMode = { kind: 'stripe'; publishableKey: string } | { kind: 'stand-in'; publishableKey: string; standInUrl: string } | { kind: 'none' };

/** How cards are entered, from GET /config: the stand-in when it names one, Elements with a key, else not at all. */
export function cardModeOf(stripe: TAppConfig['stripe'] | undefined): CardMode {
  if (!stripe?.publishableKey) return { kind: 'none' };
  if (stripe.standInUrl) return { kind: 'stand-in', publishableKey: stripe.publishableKey, standInUrl: stripe.standInUrl };
  return { kind: 'stripe', publishableKey: stripe.publishableKey };
}

/** An intent's id is the part of its client secret before `_secret_`. */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.slice(0, Math.max(0, clientSecret.indexOf('_secret_')));
}

/** Stripe's error (from Stripe.js or the stand-in's API) as the pages read it. */
export function cardErrorOf(error: { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined): CardError {
  return {
    code: error?.code ?? 'unknown',
    ...(error?.decline_code ? { decline_code: error.decline_code } : {}),
    message: error?.message ?? '',
  };
}
