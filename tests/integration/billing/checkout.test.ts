/**
 * Paying for the cart (issue 20): cards through SetupIntents, create-order through PaymentIntents
 * against the local Stripe stand-in (the real SDK adapter), 3-D Secure passed and failed, each
 * decline code, the webhook before and after the browser's confirmation and replayed, a crash
 * between Stripe's charge and our credit. Credits land once, only when Stripe says paid.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLedgerEntry } from '../../../functions/data/credit-ledger.js';
import { getOrder, startOrder, type OrderRecord } from '../../../functions/data/orders.js';
import { chargeOrder } from '../../../functions/services/billing/payments/stripe-adapter.js';
import { deployedPricebook } from '../../../functions/services/billing/pricebook.js';
import { priceItem } from '../../../shared/domain/pricing.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCard, TOrder, TPlan } from '../../../shared/schemas/payments.js';
import type { TCart } from '../../../shared/schemas/shopping-cart.js';
import { call } from '../../helpers/api.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { openTab } from '../../helpers/socket-clients.js';
import { stripeStandInControls } from '../../helpers/stripe-stand-in.js';

let host: TestHost;
let stripe: Stripe;
let controls: ReturnType<typeof stripeStandInControls>;

const BILLING = '/plansAndBillings';
const CARDS = {
  visa: '4242424242424242',
  authentication: '4000002500003155',
  insufficientFunds: '4000000000009995',
  authenticationThenInsufficientFunds: '4000008260003178',
  declined: '4000000000000002',
  lost: '4000000000009987',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  chargeDeclined: '4000000000000341',
};

beforeAll(async () => {
  host = await startTestHost();
  controls = stripeStandInControls(process.env.STRIPE_API_URL!);
  stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { host: new URL(process.env.STRIPE_API_URL!).hostname, port: Number(new URL(process.env.STRIPE_API_URL!).port), protocol: 'http' });
});
afterAll(() => host.stop());

/** What the browser does with a SetupIntent's client secret: the card's details confirm it (Stripe.js). */
async function addCard(buyer: Actor, number: string, currency = 'HKD'): Promise<string> {
  const setup = await call<{ data: { setupIntent: { id: string; client_secret: string } } }>(host.api, buyer, 'PUT', `${BILLING}/payment/stripe/card/add`, { currencyName: currency });
  expect(setup.status).toBe(200);
  const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } as Stripe.PaymentMethodCreateParams.Card });
  const { id, client_secret } = setup.body.data.setupIntent;
  const confirmed = await stripe.setupIntents.confirm(id, { payment_method: method.id });
  // Cards that ask for 3-D Secure ask at setup too: the buyer passes it on the stand-in's page.
  if (confirmed.status === 'requires_action') await controls.authenticate({ id, client_secret }, 'complete');
  expect((await stripe.setupIntents.retrieve(id)).status).toBe('succeeded');
  return method.id;
}

async function fillCart(buyer: Actor, quantity = 500): Promise<TCart> {
  const cart = await call<TCart>(host.api, buyer, 'POST', `${BILLING}/shoppingCart`, { itemtype: 'sms', type: 'refill', quantity });
  expect(cart.status).toBe(200);
  return cart.body;
}

function payNow(buyer: Actor, cardId: string, overrides: Record<string, unknown> = {}) {
  const rate = deployedPricebook().forex.find((currency) => currency.name === 'HKD')!.rate;
  return call<{ message: string; orderId: string; paymentIntent?: { id: string; client_secret: string } }>(host.api, buyer, 'POST', `${BILLING}/payment/stripe/create-order`, {
    billingInterval: 'oneoff',
    rate,
    name: 'HKD',
    cardId,
    paymentMethodId: cardId,
    ...overrides,
  });
}

async function balances(buyer: Actor) {
  return (await call<{ plans: TPlan[]; balances: Record<string, number> }>(host.api, buyer, 'GET', `${BILLING}/plans`)).body;
}

async function orderOf(buyer: Actor, orderId: string): Promise<TOrder> {
  const orders = await call<{ orders: TOrder[] }>(host.api, buyer, 'GET', `${BILLING}/orders`);
  return orders.body.orders.find((order) => order.orderId === orderId)!;
}

/** Waits until the stand-in has delivered `type` for the intent, `count` times, with a 2xx answer. */
async function delivered(type: string, intentId: string, count = 1): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = await controls.webhooks();
    const events = (await stripe.events.list({ type, limit: 100 })).data.filter((event) => (event.data.object as { id: string }).id === intentId);
    const ok = status.deliveries.filter((delivery) => events.some((event) => event.id === delivery.eventId) && delivery.status >= 200 && delivery.status < 300);
    if (ok.length >= count) return;
    if (Date.now() > deadline) throw new Error(`${type} for ${intentId}: ${ok.length} of ${count} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('checkout', () => {
  it('adds a card, pays the cart, credits it once and tells the tabs; the later webhook changes nothing', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Card Buyer');
    const tab = await openTab(host, buyer.token, 'checkout-1');
    const cart = await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.visa);

    // Act
    const cards = await call<{ validCardsList: TCard[] }>(host.api, buyer, 'GET', `${BILLING}/payment/stripe/card/getCards/HKD`);
    const paid = await payNow(buyer, cardId);
    const pushed = await tab.waitFor((event) => event.event === 'creditsChanged');
    await delivered('payment_intent.succeeded', (await getOrder(buyer.tuid, paid.body.orderId))!.paymentIntentId!);
    const after = await balances(buyer);
    const order = await orderOf(buyer, paid.body.orderId);
    const cartAfter = await call<TCart>(host.api, buyer, 'GET', `${BILLING}/shoppingCart`);
    const cardsAfter = await call<{ validCardsList: TCard[] }>(host.api, buyer, 'GET', `${BILLING}/payment/stripe/card/getCards/HKD`);

    // Assess
    expect(cards.body.validCardsList).toEqual([{ id: cardId, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 }, orderCount: 0 }]);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ message: 'Payment successful', orderId: expect.any(String) });
    expect(pushed.data).toEqual({ orderId: paid.body.orderId });
    expect(after.balances.sms).toBe(500);
    expect(after.plans).toEqual([expect.objectContaining({ orderId: paid.body.orderId, itemType: 'sms', planType: 'refill', quantity: 500, autoRenew: false })]);
    expect(order).toMatchObject({ state: 'paid', total: cart.result[0].price, currency: { name: 'HKD' }, card: { brand: 'visa', last4: '4242' }, recurring: null, pricebookVersion: deployedPricebook().version });
    expect(order.total).toBe(priceItem(deployedPricebook(), { kind: 'sms', planType: 'refill', quantity: 500, cycle: 'oneoff' }, 'HKD').charge);
    expect(await getLedgerEntry(buyer.tuid, `${paid.body.orderId}#0`)).toMatchObject({ kind: 'sms', delta: 500, reason: 'purchase' });
    expect(cartAfter.body.count).toBe(0);
    // Pay as you go renews nothing, so the card is free to delete.
    expect(cardsAfter.body.validCardsList[0].orderCount).toBe(0);
    tab.close();
  });

  it('makes a receipt of a paid order only, previewed and downloaded as a PDF, and mails it to the invoice recipients', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Receipt Buyer');
    const other = await verifiedAccount(host.api, 'Receipt Stranger');
    await call(host.api, buyer, 'POST', `${BILLING}/recipients/email`, { name: 'Accounts', email: 'accounts-receipts@example.com' });
    await fillCart(buyer, 500);
    const paid = await payNow(buyer, await addCard(buyer, CARDS.visa));

    // Act
    const preview = await call<{ file: string }>(host.api, buyer, 'GET', `${BILLING}/receipt/preview/order?id=${paid.body.orderId}`);
    const download = await fetch(`${host.url}/api/v1/pageBasedAPI${BILLING}/receipt/download/order/${paid.body.orderId}?type=pdf`, { headers: { authorization: `Bearer ${buyer.token}` } });
    const pdf = Buffer.from(await download.arrayBuffer());
    const strangers = await call(host.api, other, 'GET', `${BILLING}/receipt/preview/order?id=${paid.body.orderId}`);
    const mailed = await host.waitForMail('accounts-receipts@example.com', (mail) => mail.subject.includes(paid.body.orderId));
    const selfMailed = await host.waitForMail(buyer.login, (mail) => mail.subject.includes(paid.body.orderId));

    // Assess
    expect(Buffer.from(preview.body.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="order-receipt-${paid.body.orderId}.pdf"`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(strangers.status).toBe(404);
    expect(mailed.subject).toContain(paid.body.orderId);
    expect(selfMailed.subject).toContain(paid.body.orderId);
  });

  it('waits for 3-D Secure, then credits once whether the webhook or the browser comes first', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Secure Buyer');
    await fillCart(buyer, 1_000);
    const cardId = await addCard(buyer, CARDS.authentication);
    await controls.holdWebhooks();

    // Act
    const started = await payNow(buyer, cardId);
    const waiting = await orderOf(buyer, started.body.orderId);
    const before = await balances(buyer);
    await controls.authenticate(started.body.paymentIntent!, 'complete');
    // The webhook first: released before the browser's confirmation.
    await controls.releaseWebhooks();
    await delivered('payment_intent.succeeded', started.body.paymentIntent!.id);
    const confirmed = await call<{ message: string; orderId: string }>(host.api, buyer, 'POST', `${BILLING}/payment/stripe/confirm-order`, { orderId: started.body.orderId });
    const again = await call<{ message: string }>(host.api, buyer, 'POST', `${BILLING}/payment/stripe/confirm-order`, { orderId: started.body.orderId });
    const after = await balances(buyer);

    // Assess
    expect(started.body).toMatchObject({ message: 'requires_action', paymentIntent: { client_secret: expect.stringContaining('_secret_') } });
    expect(waiting.state).toBe('requiresAction');
    expect(before.balances.sms).toBe(0);
    expect(confirmed.body).toEqual({ message: 'Payment successful', orderId: started.body.orderId });
    expect(again.body.message).toBe('Payment successful');
    expect(after.balances.sms).toBe(1_000);
  });

  it('credits once when the browser confirms first and the webhook is replayed five times', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Replay Buyer');
    await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.authentication);
    await controls.holdWebhooks();
    const started = await payNow(buyer, cardId);
    await controls.authenticate(started.body.paymentIntent!, 'complete');

    // Act
    const confirmed = await call<{ message: string }>(host.api, buyer, 'POST', `${BILLING}/payment/stripe/confirm-order`, { orderId: started.body.orderId });
    await controls.releaseWebhooks();
    await delivered('payment_intent.succeeded', started.body.paymentIntent!.id);
    const [event] = (await stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.filter((candidate) => (candidate.data.object as { id: string }).id === started.body.paymentIntent!.id);
    await controls.redeliver(event.id, 5);
    await delivered('payment_intent.succeeded', started.body.paymentIntent!.id, 6);

    // Assess
    expect(confirmed.body.message).toBe('Payment successful');
    expect((await balances(buyer)).balances.sms).toBe(500);
  });

  it('fails the order when 3-D Secure fails, credits nothing and lets the buyer pay again', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Failed Secure Buyer');
    await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.authentication);
    const started = await payNow(buyer, cardId);

    // Act
    await controls.authenticate(started.body.paymentIntent!, 'fail');
    const confirmed = await call(host.api, buyer, 'POST', `${BILLING}/payment/stripe/confirm-order`, { orderId: started.body.orderId });
    const order = await orderOf(buyer, started.body.orderId);
    const retry = await payNow(buyer, cardId);

    // Assess
    expect(confirmed.status).toBe(402);
    expect(confirmed.body).toMatchObject({ statusCode: ERROR_CODES.PAYMENT_AUTHENTICATION_FAILED });
    expect(order.state).toBe('failed');
    expect((await balances(buyer)).balances.sms).toBe(0);
    expect(retry.body.message).toBe('requires_action');
  });

  it('answers each decline at payment with its card code, charges and credits nothing', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Declined Buyer');
    await fillCart(buyer, 500);
    const declinedCard = await addCard(buyer, CARDS.chargeDeclined);
    const poorCard = await addCard(buyer, CARDS.authenticationThenInsufficientFunds);

    // Act
    const declined = await payNow(buyer, declinedCard);
    const started = await payNow(buyer, poorCard);
    await controls.authenticate(started.body.paymentIntent!, 'complete');
    const poor = await call(host.api, buyer, 'POST', `${BILLING}/payment/stripe/confirm-order`, { orderId: started.body.orderId });
    const orders = await call<{ orders: TOrder[] }>(host.api, buyer, 'GET', `${BILLING}/orders`);
    const cart = await call<TCart>(host.api, buyer, 'GET', `${BILLING}/shoppingCart`);

    // Assess
    expect([declined, poor].map((answer) => [answer.status, (answer.body as unknown as { statusCode: string }).statusCode])).toEqual([
      [402, ERROR_CODES.GENERIC_DECLINE],
      [402, ERROR_CODES.INSUFFICIENT_FUNDS],
    ]);
    expect([declined, poor].every((answer) => typeof (answer.body as unknown as { stripeMessage?: string }).stripeMessage === 'string')).toBe(true);
    expect(orders.body.orders.map((order) => order.state)).toEqual(['failed', 'failed']);
    expect((await balances(buyer)).balances.sms).toBe(0);
    expect(cart.body.count).toBe(1);
  });

  it('refuses cards that fail at setup with their codes', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Setup Buyer');
    const setup = await call<{ data: { setupIntent: { id: string } } }>(host.api, buyer, 'PUT', `${BILLING}/payment/stripe/card/add`, { currencyName: 'HKD' });

    // Act
    const codes = [];
    for (const number of [CARDS.declined, CARDS.insufficientFunds, CARDS.lost, CARDS.expired, CARDS.incorrectCvc]) {
      const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } as Stripe.PaymentMethodCreateParams.Card });
      codes.push(await stripe.setupIntents.confirm(setup.body.data.setupIntent.id, { payment_method: method.id }).then(() => 'ok', (error: Stripe.errors.StripeError) => error.decline_code ?? error.code));
    }
    const cards = await call<{ validCardsList: TCard[] }>(host.api, buyer, 'GET', `${BILLING}/payment/stripe/card/getCards/HKD`);

    // Assess
    expect(codes).toEqual(['generic_decline', 'insufficient_funds', 'lost_card', 'expired_card', 'incorrect_cvc']);
    expect(cards.body.validCardsList).toEqual([]);
  });

  it('recovers an order whose charge went through before the process died', async () => {
    // Prepare: the order written and charged at Stripe, then the process gone before recording it.
    const buyer = await verifiedAccount(host.api, 'Crash Buyer');
    const cart = await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.visa);
    const customerId = (await stripe.paymentMethods.retrieve(cardId)).customer as string;
    await controls.holdWebhooks();
    const now = new Date(Date.now() - 120_000);
    const order: OrderRecord = {
      orderId: `crash-${Date.now()}`,
      tuid: buyer.tuid,
      createTime: now.toISOString(),
      state: 'pending',
      currency: { name: 'HKD', symbol: 'HK$', allowDecimal: true },
      pricebookVersion: deployedPricebook().version,
      lines: [{ itemType: 'sms', planType: 'refill', quantity: 500, paymentCycle: 'oneoff', price: cart.result[0].price }],
      total: cart.result[0].price,
      recurring: null,
      card: { brand: 'visa', last4: '4242' },
      paidTime: null,
      customerId,
      paymentMethodId: cardId,
      paymentIntentId: null,
      cartLineIds: ['sms-refill'],
      failure: null,
    };
    expect(await startOrder(order, now)).toBe(true);
    const charged = await chargeOrder({ orderId: order.orderId, tuid: buyer.tuid, customerId, paymentMethodId: cardId, amount: order.total, currency: 'HKD', description: `Order ${order.orderId}` });

    // Act: the buyer pays again; the stale order is re-read under its idempotency key and settled.
    const again = await payNow(buyer, cardId);
    await controls.releaseWebhooks();
    await delivered('payment_intent.succeeded', charged.paymentIntentId!);
    const intents = await stripe.paymentIntents.list({ customer: customerId });

    // Assess
    expect(charged.status).toBe('succeeded');
    expect((await getOrder(buyer.tuid, order.orderId))?.state).toBe('paid');
    // The recovered order took the cart's line, so the second Pay Now found an empty cart and charged nothing.
    expect(again.body).toMatchObject({ statusCode: ERROR_CODES.CART_EMPTY });
    expect(intents.data).toHaveLength(1);
    expect((await balances(buyer)).balances.sms).toBe(500);
  });

  it('refuses bad input in the error shape and changes nothing', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Tamper Buyer');
    const other = await verifiedAccount(host.api, 'Other Buyer');
    await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.visa);
    const othersCard = await addCard(other, CARDS.visa);
    const unverified = await (await import('../../helpers/seed/accounts.js')).signUpAs(host.api, 'Unverified Buyer');

    // Act
    const answers = await Promise.all([
      payNow(buyer, cardId, { rate: 0.5 }),
      payNow(buyer, cardId, { name: 'USD' }),
      payNow(buyer, cardId, { billingInterval: 'annually' }),
      payNow(buyer, othersCard),
      payNow(buyer, cardId, { paymentMethodId: othersCard }),
      payNow(buyer, cardId, { price: 1 }),
      payNow(unverified, cardId),
      call(host.api, buyer, 'DELETE', `${BILLING}/payment/stripe/card/delete`, { currencyName: 'HKD', paymentMethodId: othersCard, cardId: othersCard }),
      call(host.api, buyer, 'GET', `${BILLING}/payment/stripe/card/getCards/XYZ`),
    ]);

    // Assess
    expect(answers.map((answer) => (answer.body as unknown as { statusCode: string }).statusCode)).toEqual([
      ERROR_CODES.CART_CHANGED,
      ERROR_CODES.CART_CHANGED,
      ERROR_CODES.CART_CHANGED,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.UNVERIFIED,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.INVALID_INPUT,
    ]);
    expect((await call<{ orders: TOrder[] }>(host.api, buyer, 'GET', `${BILLING}/orders`)).body.orders).toEqual([]);
    expect((await balances(buyer)).balances.sms).toBe(0);
    expect((await stripe.paymentMethods.retrieve(othersCard)).customer).not.toBeNull();
  });

  it('keeps a card that renews a monthly plan, and moves the plan to the card that replaces it', async () => {
    // Prepare: a monthly email plan paid with the first card.
    const buyer = await verifiedAccount(host.api, 'Renewing Buyer');
    await call(host.api, buyer, 'POST', `${BILLING}/shoppingCart`, { itemtype: 'email', type: 'monthly', quantity: 20_000 });
    const first = await addCard(buyer, CARDS.visa);
    const paid = await payNow(buyer, first, { billingInterval: 'monthly' });
    const cardsPath = `${BILLING}/payment/stripe/card/getCards/HKD`;
    const before = await call<{ validCardsList: TCard[] }>(host.api, buyer, 'GET', cardsPath);

    // Act: deleting it is refused; changing it sets up a new card, and Stripe's setup_intent.succeeded moves the plan.
    const refused = await call(host.api, buyer, 'DELETE', `${BILLING}/payment/stripe/card/delete`, { currencyName: 'HKD', paymentMethodId: first, cardId: first });
    const change = await call<{ data: { setupIntent: { id: string } } }>(host.api, buyer, 'POST', `${BILLING}/payment/stripe/card/update`, { currencyName: 'HKD', paymentMethod: first });
    const replacement = await stripe.paymentMethods.create({ type: 'card', card: { number: '5555555555554444', exp_month: 11, exp_year: 2035, cvc: '123' } as Stripe.PaymentMethodCreateParams.Card });
    await stripe.setupIntents.confirm(change.body.data.setupIntent.id, { payment_method: replacement.id });
    await delivered('setup_intent.succeeded', change.body.data.setupIntent.id);
    const after = await call<{ validCardsList: TCard[] }>(host.api, buyer, 'GET', cardsPath);
    const count = await call<{ count: number }>(host.api, buyer, 'GET', `${BILLING}/orders/getCountByCard/${replacement.id}`);

    // Assess
    expect(paid.body.message).toBe('Payment successful');
    expect(before.body.validCardsList).toEqual([expect.objectContaining({ id: first, orderCount: 1 })]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: ERROR_CODES.CARD_IN_USE });
    expect(after.body.validCardsList).toEqual([{ id: replacement.id, card: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2035 }, orderCount: 1 }]);
    expect(count.body).toEqual({ count: 1 });
  });

  it('ignores unsigned and forged webhooks, and a signed one whose claim Stripe does not bear out, crediting nothing', async () => {
    // Prepare: a payment waiting for 3-D Secure, and a succeeded event body that names it.
    const buyer = await verifiedAccount(host.api, 'Forged Buyer');
    await fillCart(buyer, 500);
    const started = await payNow(buyer, await addCard(buyer, CARDS.authentication));
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: started.body.paymentIntent!.id, object: 'payment_intent', status: 'succeeded', metadata: { tuid: buyer.tuid, orderId: started.body.orderId } } } });
    const post = (headers: Record<string, string>) => fetch(`${host.url}/api/v1/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

    // Act
    const unsigned = await post({});
    const forged = await post({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_endpoints' }) });
    // Signed with the right secret but still waiting for 3-D Secure at Stripe: the state is read from Stripe, not from the event.
    const signedButFalse = await post({ 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! }) });

    // Assess
    expect([unsigned.status, forged.status, signedButFalse.status]).toEqual([400, 400, 200]);
    expect(await unsigned.json()).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT });
    expect(await signedButFalse.json()).toEqual({ received: true, outcome: 'handled' });
    expect((await orderOf(buyer, started.body.orderId)).state).toBe('requiresAction');
    expect((await balances(buyer)).balances.sms).toBe(0);
  });

  it('refuses a second Pay Now while the first is being charged', async () => {
    // Prepare
    const buyer = await verifiedAccount(host.api, 'Double Buyer');
    await fillCart(buyer, 500);
    const cardId = await addCard(buyer, CARDS.visa);

    // Act
    const answers = await Promise.all([payNow(buyer, cardId), payNow(buyer, cardId)]);

    // Assess
    const codes = answers.map((answer) => (answer.body as { message?: string; statusCode?: string }).statusCode ?? answer.body.message).sort();
    expect(codes).toEqual(['Payment successful', ERROR_CODES.PAYMENT_IN_FLIGHT].sort());
    expect((await balances(buyer)).balances.sms).toBe(500);
  });
});
