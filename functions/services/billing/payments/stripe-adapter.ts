/**
 * The payments adapter: every call the product makes to Stripe, through the official SDK
 * (functions/lib/stripe.ts makes the client; locally it talks to infra/local's stand-in). The rest
 * of the product sees plain outcomes, never Stripe's objects.
 */
import type Stripe from 'stripe';
import { stripeClient, stripeWebhookSecret } from '../../../lib/stripe.js';

export type SavedCard = { id: string; customerId: string | null; brand: string; last4: string; expMonth: number; expYear: number };

/** What a charge came to: paid, waiting for the buyer's authentication, still processing, or failed with Stripe's codes. */
export type PaymentOutcome =
  | { status: 'succeeded'; paymentIntentId: string; card: { brand: string; last4: string } | null }
  | { status: 'requiresAction'; paymentIntentId: string; clientSecret: string }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'failed'; paymentIntentId: string | null; code: string; declineCode: string | null; message: string };

export async function createCustomer(options: { tuid: string; currency: string; email: string; name: string }): Promise<string> {
  const stripe = await stripeClient();
  const customer = await stripe.customers.create(
    { email: options.email, name: options.name, metadata: { tuid: options.tuid, currency: options.currency } },
    // One customer per account and currency even when two tabs add a card at once.
    { idempotencyKey: `customer-${options.tuid}-${options.currency}` },
  );
  return customer.id;
}

export async function createSetupIntent(customerId: string, metadata: Record<string, string>): Promise<{ id: string; clientSecret: string }> {
  const stripe = await stripeClient();
  const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata });
  if (!intent.client_secret) throw new Error(`setup intent ${intent.id} has no client secret`);
  return { id: intent.id, clientSecret: intent.client_secret };
}

export async function retrieveSetupIntent(id: string): Promise<{ status: string; customerId: string | null; paymentMethodId: string | null; metadata: Record<string, string> }> {
  const stripe = await stripeClient();
  const intent = await stripe.setupIntents.retrieve(id);
  return {
    status: intent.status,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    paymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
    metadata: intent.metadata ?? {},
  };
}

function savedCard(method: Stripe.PaymentMethod): SavedCard | null {
  if (!method.card) return null;
  const customerId = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
  return { id: method.id, customerId, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}

export async function listCards(customerId: string): Promise<SavedCard[]> {
  const stripe = await stripeClient();
  const cards: SavedCard[] = [];
  for await (const method of stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })) {
    const card = savedCard(method);
    if (card) cards.push(card);
  }
  return cards;
}

/** A card by id, or null when Stripe does not know it. */
export async function retrieveCard(paymentMethodId: string): Promise<SavedCard | null> {
  const stripe = await stripeClient();
  try {
    return savedCard(await stripe.paymentMethods.retrieve(paymentMethodId));
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return null;
    throw error;
  }
}

export async function detachCard(paymentMethodId: string): Promise<void> {
  const stripe = await stripeClient();
  await stripe.paymentMethods.detach(paymentMethodId);
}

function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded': {
      const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
      return { status: 'succeeded', paymentIntentId: intent.id, card: method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null };
    }
    case 'requires_action':
      return { status: 'requiresAction', paymentIntentId: intent.id, clientSecret: intent.client_secret ?? '' };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', paymentIntentId: intent.id };
    default: {
      // requires_payment_method after a failed attempt or authentication, or canceled.
      const error = intent.last_payment_error;
      return {
        status: 'failed',
        paymentIntentId: intent.id,
        code: error?.code ?? (intent.status === 'canceled' ? 'payment_intent_canceled' : 'payment_intent_authentication_failure'),
        declineCode: error?.decline_code ?? null,
        message: error?.message ?? 'The payment was not completed.',
      };
    }
  }
}

/**
 * Charges a saved card for an order, on session (the buyer is at the page and can authenticate).
 * The order id is the idempotency key: a retried call never charges twice.
 */
export async function chargeOrder(options: { orderId: string; tuid: string; customerId: string; paymentMethodId: string; amount: number; currency: string; description: string }): Promise<PaymentOutcome> {
  const stripe = await stripeClient();
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: options.amount,
        currency: options.currency.toLowerCase(),
        customer: options.customerId,
        payment_method: options.paymentMethodId,
        // Cards only: nothing that would send the buyer away to another site.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        description: options.description,
        metadata: { orderId: options.orderId, tuid: options.tuid },
        expand: ['payment_method'],
      },
      { idempotencyKey: `order-${options.orderId}` },
    );
    return outcomeOf(intent);
  } catch (error) {
    const stripeError = error as { type?: string; code?: string; decline_code?: string; message?: string; payment_intent?: { id: string } };
    if (stripeError.type !== 'StripeCardError') throw error;
    return {
      status: 'failed',
      paymentIntentId: stripeError.payment_intent?.id ?? null,
      code: stripeError.code ?? 'card_declined',
      declineCode: stripeError.decline_code ?? null,
      message: stripeError.message ?? 'The card was declined.',
    };
  }
}

/** The payment as Stripe has it now: webhooks and the browser's confirmation never act on what they were told. */
export async function retrievePayment(paymentIntentId: string): Promise<PaymentOutcome> {
  const stripe = await stripeClient();
  return outcomeOf(await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['payment_method'] }));
}

export async function cancelPayment(paymentIntentId: string): Promise<PaymentOutcome> {
  const stripe = await stripeClient();
  return outcomeOf(await stripe.paymentIntents.cancel(paymentIntentId, { expand: ['payment_method'] }));
}

/** Stripe's event, if the signature over the raw body holds; throws otherwise. */
export async function verifiedEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
  const stripe = await stripeClient();
  return stripe.webhooks.constructEventAsync(rawBody, signature, await stripeWebhookSecret());
}
