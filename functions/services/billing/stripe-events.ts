/**
 * Stripe's webhook (issue 20 "Underneath"): trusted only by its signature over the raw body, only
 * for the event types below, once per event id, and never for what the event says: the payment or
 * setup is re-read from Stripe before anything changes.
 */
import type Stripe from 'stripe';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { markEventHandled, wasEventHandled } from '../../data/payment-events.js';
import { logger } from '../../lib/logger.js';
import { applyStripePayment } from './checkout.js';
import { completeCardChange } from './payment-cards.js';
import { retrieveSetupIntent, verifiedEvent } from './payments/stripe-adapter.js';

const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.requires_action', 'payment_intent.processing']);
const SETUP_EVENTS = new Set(['setup_intent.succeeded']);

/** What Stripe is answered: any 2xx is delivered; `outcome` says what became of the event, for the log and tests. */
export type WebhookAnswer = { received: true; outcome: 'handled' | 'ignored' | 'replay' };

export async function handleStripeWebhook({ rawBody, signature, now }: { rawBody: string; signature: string | undefined; now: Date }): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(rawBody, signature ?? '');
  } catch (error) {
    logger.warn('stripe webhook refused: signature', { error: (error as Error).message });
    throw new AppError(ERROR_CODES.INVALID_INPUT, 'The Stripe-Signature header does not sign this body with the endpoint secret.');
  }
  if (!PAYMENT_EVENTS.has(event.type) && !SETUP_EVENTS.has(event.type)) {
    logger.info('stripe webhook ignored: type', { eventId: event.id, type: event.type });
    return { received: true, outcome: 'ignored' };
  }
  if (await wasEventHandled(event.id)) {
    logger.info('stripe webhook ignored: replay', { eventId: event.id, type: event.type });
    return { received: true, outcome: 'replay' };
  }
  const object = event.data.object as { id: string; metadata?: Record<string, string> | null };
  if (PAYMENT_EVENTS.has(event.type)) {
    await applyStripePayment({ paymentIntentId: object.id, metadata: object.metadata ?? {}, now });
  } else {
    const setup = await retrieveSetupIntent(object.id);
    const { tuid, replaces } = setup.metadata;
    if (setup.status === 'succeeded' && tuid && replaces && setup.paymentMethodId) await completeCardChange({ tuid, replaces, newPaymentMethodId: setup.paymentMethodId, now });
  }
  // Marked only once handled: a failure above leaves the event for Stripe's retry, and handling is idempotent.
  await markEventHandled(event.id, event.type, now);
  return { received: true, outcome: 'handled' };
}
