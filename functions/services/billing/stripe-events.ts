/**
 * Stripe's webhook (issue 20 "Underneath"): trusted only by its signature over the raw body, only
 * for the event types below, once per event id, and never for what the event says: the payment or
 * setup is re-read from Stripe before anything changes.
 */
import type Stripe from 'stripe';
import { markEventHandled, wasEventHandled } from '../../data/payment-events.js';
import { logger } from '../../lib/logger.js';
import { applyStripePayment } from './checkout.js';
import { completeCardChange } from './payment-cards.js';
import { retrieveSetupIntent, verifiedEvent } from './payments/stripe-adapter.js';

const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'payment_intent.requires_action', 'payment_intent.processing']);
const SETUP_EVENTS = new Set(['setup_intent.succeeded']);

export type WebhookAnswer = { status: 200 | 400; text: string };

export async function handleStripeWebhook({ rawBody, signature, now }: { rawBody: string; signature: string | undefined; now: Date }): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(rawBody, signature ?? '');
  } catch (error) {
    logger.warn('stripe webhook refused: signature', { error: (error as Error).message });
    return { status: 400, text: 'signature check failed' };
  }
  if (!PAYMENT_EVENTS.has(event.type) && !SETUP_EVENTS.has(event.type)) {
    logger.info('stripe webhook ignored: type', { eventId: event.id, type: event.type });
    return { status: 200, text: 'ignored' };
  }
  if (await wasEventHandled(event.id)) {
    logger.info('stripe webhook ignored: replay', { eventId: event.id, type: event.type });
    return { status: 200, text: 'already handled' };
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
  return { status: 200, text: 'ok' };
}
