/**
 * The Stripe stand-in (infra/local/stripe-stand-in.ts) driven by the official `stripe` SDK, as the
 * payments adapter drives it, and by plain fetch with the publishable key where Stripe.js would
 * call: customers, cards set up and listed, payment intents for each published test card, 3-D
 * Secure, idempotency, refunds, and signed webhooks with the test controls.
 */
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { stripeClient, stripeWebhookSecret } from '../../functions/lib/stripe.js';
import { closeServer, listen, LOOPBACK } from '../../infra/local/ports.js';
import { startStripeStandIn, type StripeStandIn } from '../../infra/local/stripe-stand-in.js';
import type { CardError, CardProvider } from '../../web/src/components/payments/card-provider.js';
import { launchBrowser } from '../helpers/browser.js';
import { useTestTable } from '../helpers/emulators.js';
import { stripeStandInControls } from '../helpers/stripe-stand-in.js';

const WEBHOOK_SECRET = 'whsec_testsecret0123456789';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

type Received = { payload: string; signature: string };
const received: Received[] = [];
/** What the receiver answers next (then 200). */
const failures: number[] = [];
let receiver: Server;
let standIn: StripeStandIn;
let stripe: Stripe;
let webhookSecret: string;
// The product's configuration (table, queues) that functions/lib/stripe.ts reads with the Stripe variables.
await useTestTable();

beforeAll(async () => {
  receiver = createServer((request, response) => {
    // The app's page in the browser cases: it frames the stand-in's pages and keeps their messages.
    if (request.method === 'GET' && request.url === '/provider.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(providerScript);
    if (request.method === 'GET') return void response.writeHead(200, { 'content-type': 'text/html' }).end(APP_PAGE);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ payload: Buffer.concat(chunks).toString('utf8'), signature: String(request.headers['stripe-signature']) });
      response.writeHead(failures.shift() ?? 200).end();
    });
  });
  const port = await listen(receiver, 0, LOOPBACK, 'the test webhook receiver');
  standIn = await startStripeStandIn({ webhookEndpoint: { url: `http://${LOOPBACK}:${port}/stripe`, secret: WEBHOOK_SECRET }, webhookRetryDelaysMs: [20, 40], unref: true });
  // As the local host does: the product's Stripe client is pointed at the stand-in through the environment.
  Object.assign(process.env, standIn.env);
  resetConfigForTests();
  resetClientsForTests();
  stripe = await stripeClient();
  webhookSecret = await stripeWebhookSecret();
});

afterAll(async () => {
  await standIn.stop();
  await closeServer(receiver);
});

beforeEach(() => {
  failures.length = 0;
});

const APP_PAGE = `<!doctype html><html><body><script>
window.heard = [];
window.addEventListener('message', (event) => window.heard.push({ origin: event.origin, ...event.data }));
</script><script src="/provider.js"></script></body></html>`;

/** The test page's globals: the web app's provider, and the last result of a call of it. */
type AppWindow = {
  cardProvider(url: string, key: string): CardProvider;
  result?: { setupIntent?: { id: string; status: string; paymentMethodId: string | null }; paymentIntent?: { id: string; status: string }; error?: CardError };
};

/** The web app's stand-in card provider, bundled for the browser as the app bundles it. */
let providerScript = '';
async function bundleProvider(): Promise<void> {
  const module = fileURLToPath(new URL('../../web/src/components/payments/stand-in-card.tsx', import.meta.url));
  const bundled = await build({
    stdin: { contents: `import { standInCardProvider } from ${JSON.stringify(module)};\nwindow.cardProvider = (url, key) => standInCardProvider(url, key, { get current() { return document.getElementById('card'); } });`, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    logLevel: 'warning',
  });
  providerScript = bundled.outputFiles[0].text;
}

/** A call Stripe.js makes with the publishable key: form-encoded, as it sends them. */
async function browserCall(path: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${standIn.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const controls = () => stripeStandInControls(standIn.url);

function cardOf(number: string) {
  return stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: NEXT_YEAR, cvc: /^3[47]/.test(number) ? '1234' : '123' }, billing_details: { name: 'Ann Lee' } });
}

/** The error the call throws (fails the test if it does not). */
async function errorOf(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error('The call did not fail');
}

/** A card payment intent confirmed at once, on session unless said otherwise. */
function pay(paymentMethod: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) {
  return stripe.paymentIntents.create({ amount: 2_000, currency: 'hkd', allowed_payment_method_types: ['card'], payment_method: paymentMethod, confirm: true, ...extra });
}

/** Events the receiver got, verified as the webhook route verifies them. */
function receivedEvents(): Stripe.Event[] {
  return received.map((delivery) => stripe.webhooks.constructEvent(delivery.payload, delivery.signature, webhookSecret));
}

async function receivedFor(predicate: (event: Stripe.Event) => boolean, count = 1): Promise<Stripe.Event[]> {
  await standIn.webhooks.idle();
  const found = receivedEvents().filter(predicate);
  expect(found).toHaveLength(count);
  return found;
}

describe('customers and keys', () => {
  it('creates, reads, updates and deletes a customer; a wrong key is 401 and an unknown id 404 resource_missing', async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.com', name: 'Ann Lee', metadata: { accountId: 'A1', currency: 'hkd' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'ann@example.com', name: 'Ann Lee', metadata: { accountId: 'A1', currency: 'hkd' }, livemode: false });
    expect(customer.id).toMatch(/^cus_/);

    const updated = await stripe.customers.update(customer.id, { name: 'Ann', metadata: { currency: '' } });
    expect(updated).toMatchObject({ name: 'Ann', metadata: { accountId: 'A1' } });
    expect(updated.metadata).not.toHaveProperty('currency');
    expect(await stripe.customers.del(customer.id)).toEqual({ id: customer.id, object: 'customer', deleted: true });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ deleted: true });

    const missing = await errorOf(stripe.customers.update(customer.id, { name: 'X' }));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing', param: 'id' });
    const badKey = await errorOf(new Stripe('sk_test_wrong', { host: new URL(standIn.url).hostname, port: Number(new URL(standIn.url).port), protocol: 'http' }).customers.list());
    expect(badKey).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const unknownParameter = await errorOf(stripe.customers.create({ colour: 'red' } as Stripe.CustomerCreateParams));
    expect(unknownParameter).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
  });

  it('refuses the publishable key on a server call, and a confirm with another client secret', async () => {
    const publishable = await fetch(`${standIn.url}/v1/customers`, { headers: { authorization: `Bearer ${standIn.publishableKey}` } });
    expect(publishable.status).toBe(401);
    const intent = await stripe.setupIntents.create({ allowed_payment_method_types: ['card'] });
    const wrongSecret = await browserCall(`/v1/setup_intents/${intent.id}/confirm`, { client_secret: `${intent.id}_secret_other`, payment_method: 'pm_card_visa' });
    expect(wrongSecret).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', param: 'client_secret' } } });
  });
});

describe('cards', () => {
  it('sets up a card in the browser with the client secret; lists, defaults and detaches it with its events', async () => {
    const customer = await stripe.customers.create({ email: 'bo@example.com' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', allowed_payment_method_types: ['card'] });
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', usage: 'off_session' });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    // As Stripe.js: the card becomes a payment method, then confirms the intent.
    const method = await browserCall('/v1/payment_methods', { type: 'card', 'card[number]': '5555555555554444', 'card[exp_month]': '4', 'card[exp_year]': String(NEXT_YEAR), 'card[cvc]': '123', 'billing_details[name]': 'Bo Chan' });
    expect(method).toMatchObject({ status: 200, body: { object: 'payment_method', card: { brand: 'mastercard', last4: '4444', exp_month: 4, exp_year: NEXT_YEAR }, billing_details: { name: 'Bo Chan' }, customer: null } });
    const confirmed = await browserCall(`/v1/setup_intents/${intent.id}/confirm`, { client_secret: intent.client_secret!, payment_method: method.body.id });
    expect(confirmed.body).toMatchObject({ status: 'succeeded', payment_method: method.body.id });

    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_methods' });
    expect(listed.data.map((card) => card.id)).toEqual([method.body.id]);
    expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data[0]).toMatchObject({ id: method.body.id, customer: customer.id });

    const withDefault = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.body.id }, expand: ['invoice_settings.default_payment_method'] });
    expect(withDefault.invoice_settings.default_payment_method).toMatchObject({ id: method.body.id, object: 'payment_method' });
    const detached = await stripe.paymentMethods.detach(method.body.id);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: null } });
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);

    const events = await stripe.events.list({ limit: 3 });
    expect(events.data.map((event) => event.type)).toEqual(['payment_method.detached', 'setup_intent.succeeded', 'payment_method.attached']);
    expect(events.data[0].data.previous_attributes).toEqual({ customer: customer.id });
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6200000000000005', 'unionpay'],
    ['3566002020360505', 'jcb'],
  ])('names the brand of %s: %s', async (number, brand) => {
    const method = await cardOf(number);
    expect(method.card).toMatchObject({ brand, last4: number.slice(-4), exp_month: 12, exp_year: NEXT_YEAR });
    expect(method.card!.fingerprint).toBe((await cardOf(number)).card!.fingerprint);
  });

  it('refuses a number failing Luhn and an expiry in the past as Stripe does (402 card_error)', async () => {
    expect(await errorOf(cardOf('4242424242424241'))).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'incorrect_number', param: 'number' });
    const expired = stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: 2020, cvc: '123' } });
    expect(await errorOf(expired)).toMatchObject({ type: 'StripeCardError', code: 'invalid_expiry_year', param: 'exp_year' });
  });

  it('fails a declined card at setup with the setup intent in the error; 0341 attaches and every charge is declined', async () => {
    const customer = await stripe.customers.create({ email: 'cy@example.com' });
    const declined = await cardOf('4000000000009995');
    const intent = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });
    const error = await errorOf(stripe.setupIntents.confirm(intent.id, { payment_method: declined.id }));
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds' });
    expect(error.raw).toMatchObject({ setup_intent: { id: intent.id, status: 'requires_payment_method', last_setup_error: { code: 'card_declined' } } });

    const attachesOnly = await cardOf('4000000000000341');
    expect((await stripe.paymentMethods.attach(attachesOnly.id, { customer: customer.id })).customer).toBe(customer.id);
    const charge = await errorOf(pay(attachesOnly.id, { customer: customer.id, off_session: true }));
    expect(charge).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });
});

describe('payment intents', () => {
  it.each(['4242424242424242', '5555555555554444', '378282246310005', '6200000000000005', '3566002020360505'])('takes a payment with %s', async (number) => {
    const intent = await pay((await cardOf(number)).id, { metadata: { orderId: 'O1' }, description: 'SMS credits', expand: ['latest_charge'] });
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 2_000, amount_received: 2_000, currency: 'hkd', metadata: { orderId: 'O1' } });
    expect(intent.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded', paid: true, amount: 2_000, payment_intent: intent.id });
  });

  it.each([
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error', 'processing_error'],
    ['4100000000000019', 'card_declined', 'fraudulent'],
  ])('declines %s with %s (%s), the intent in the error and back to requires_payment_method', async (number, code, declineCode) => {
    const error = await errorOf(pay((await cardOf(number)).id, { metadata: { orderId: number } }));
    expect(error).toMatchObject({ type: 'StripeCardError', statusCode: 402, code, decline_code: declineCode });
    const intent = (error.raw as { payment_intent: Stripe.PaymentIntent }).payment_intent;
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code, decline_code: declineCode, type: 'card_error' } });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'requires_payment_method', latest_charge: expect.stringMatching(/^ch_/) });
    const [failed] = await receivedFor((event) => event.type === 'payment_intent.payment_failed' && (event.data.object as Stripe.PaymentIntent).id === intent.id);
    expect(failed.data.object).toMatchObject({ metadata: { orderId: number } });
  });

  it('asks for 3-D Secure on session, then succeeds once the customer completes it (webhooks for both)', async () => {
    const intent = await pay((await cardOf('4000002500003155')).id);
    expect(intent).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
    const page = (intent.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js;
    expect(page).toContain(`/_stand-in/3ds/${intent.id}`);

    expect(await controls().authenticate(intent, 'complete')).toMatchObject({ status: 'succeeded' });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded', amount_received: 2_000 });
    await standIn.webhooks.idle();
    const types = receivedEvents().filter((event) => (event.data.object as { id: string }).id === intent.id).map((event) => event.type);
    expect(types.sort()).toEqual(['payment_intent.requires_action', 'payment_intent.succeeded']);
  });

  it('redirects to the 3-D Secure page with a return_url; a failed authentication or 3178 after it leaves the intent unpaid', async () => {
    const redirected = await pay((await cardOf('4000002760003184')).id, { return_url: 'http://localhost:3000/checkout' });
    expect(redirected.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { return_url: 'http://localhost:3000/checkout', url: expect.stringContaining(`/_stand-in/3ds/${redirected.id}`) } });
    expect(await controls().authenticate(redirected, 'fail')).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    });

    const thenDeclined = await pay((await cardOf('4000008260003178')).id);
    expect(thenDeclined.status).toBe('requires_action');
    expect(await controls().authenticate(thenDeclined, 'complete')).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
  });

  it('refuses off-session payments needing authentication, but not a 3155 card set up with it', async () => {
    const customer = await stripe.customers.create({ email: 'di@example.com' });
    const always = await cardOf('4000002760003184');
    await stripe.paymentMethods.attach(always.id, { customer: customer.id });
    expect(await errorOf(pay(always.id, { customer: customer.id, off_session: true }))).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });

    const setUp = await cardOf('4000002500003155');
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'], payment_method: setUp.id, confirm: true });
    expect(setup.status).toBe('requires_action');
    expect(await controls().authenticate(setup, 'complete')).toMatchObject({ status: 'succeeded' });
    expect(await pay(setUp.id, { customer: customer.id, off_session: true })).toMatchObject({ status: 'succeeded' });
  });

  it("refuses another customer's card, and a confirm without return_url on an intent open to redirect methods", async () => {
    const [owner, other] = await Promise.all([stripe.customers.create({}), stripe.customers.create({})]);
    const card = await cardOf('4242424242424242');
    await stripe.paymentMethods.attach(card.id, { customer: owner.id });
    expect(await errorOf(pay(card.id, { customer: other.id }))).toMatchObject({ statusCode: 400, param: 'payment_method' });
    const automatic = stripe.paymentIntents.create({ amount: 2_000, currency: 'hkd', customer: owner.id, payment_method: card.id, confirm: true });
    expect(await errorOf(automatic)).toMatchObject({ type: 'StripeInvalidRequestError', message: expect.stringContaining('allow_redirects') });
    expect(await errorOf(stripe.paymentIntents.create({ amount: 100, currency: 'hkd', allowed_payment_method_types: ['card'] }))).toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });

  it('cancels an unpaid intent, not a paid one', async () => {
    const unpaid = await stripe.paymentIntents.create({ amount: 2_000, currency: 'hkd', allowed_payment_method_types: ['card'] });
    expect(await stripe.paymentIntents.cancel(unpaid.id)).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number) });
    const paid = await pay('pm_card_visa');
    expect(await errorOf(stripe.paymentIntents.cancel(paid.id))).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });
});

describe('idempotency and refunds', () => {
  it('replays the answer of a repeated key and refuses the key with other parameters', async () => {
    const params: Stripe.PaymentIntentCreateParams = { amount: 3_000, currency: 'hkd', allowed_payment_method_types: ['card'], payment_method: 'pm_card_visa', confirm: true, metadata: { orderId: 'O-idem' } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-O-idem' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-O-idem' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.paymentIntents.list({ limit: 100 })).data.filter((intent) => intent.metadata.orderId === 'O-idem')).toHaveLength(1);

    const conflict = await errorOf(stripe.paymentIntents.create({ ...params, amount: 3_100 }, { idempotencyKey: 'order-O-idem' }));
    expect(conflict).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
  });

  it('refunds part then the rest, refuses more, and sends charge.refunded each time', async () => {
    const paid = await pay('pm_card_visa');
    expect(await stripe.refunds.create({ payment_intent: paid.id, amount: 500 })).toMatchObject({ object: 'refund', amount: 500, status: 'succeeded', payment_intent: paid.id });
    expect(await stripe.refunds.create({ payment_intent: paid.id })).toMatchObject({ amount: 1_500 });
    expect(await stripe.charges.retrieve(paid.latest_charge as string)).toMatchObject({ amount_refunded: 2_000, refunded: true });
    expect(await errorOf(stripe.refunds.create({ payment_intent: paid.id }))).toMatchObject({ code: 'charge_already_refunded' });
    const refunded = await receivedFor((event) => event.type === 'charge.refunded' && (event.data.object as Stripe.Charge).payment_intent === paid.id, 2);
    expect(refunded.map((event) => (event.data.object as Stripe.Charge).amount_refunded).sort()).toEqual([2_000, 500]);
  });
});

describe('webhooks', () => {
  it('signs every delivery so constructEvent accepts it, and not with another secret', async () => {
    const paid = await pay('pm_card_visa');
    const [event] = await receivedFor((candidate) => candidate.type === 'payment_intent.succeeded' && (candidate.data.object as Stripe.PaymentIntent).id === paid.id);
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'payment_intent.succeeded' });
    const delivery = received.find((candidate) => candidate.payload.includes(event.id))!;
    expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripe.webhooks.constructEvent(delivery.payload, delivery.signature, 'whsec_other')).toThrow();
    expect(() => stripe.webhooks.constructEvent(delivery.payload.replace('"succeeded"', '"failed"'), delivery.signature, webhookSecret)).toThrow();
  });

  it('holds deliveries, releases them, redelivers an event 5 times and retries a failed one', async () => {
    await controls().holdWebhooks();
    const paid = await pay('pm_card_visa');
    const isThis = (event: Stripe.Event) => event.type === 'payment_intent.succeeded' && (event.data.object as Stripe.PaymentIntent).id === paid.id;
    await receivedFor(isThis, 0);
    expect(await controls().webhooks()).toMatchObject({ holding: true, held: [expect.stringMatching(/^evt_/)] });

    // The first delivery after release fails; the stand-in retries it.
    failures.push(500);
    expect(await controls().releaseWebhooks()).toEqual({ released: 1 });
    const [event] = await receivedFor(isThis, 2);

    expect(await controls().redeliver(event.id, 5)).toEqual({ event: event.id, times: 5 });
    await receivedFor(isThis, 7);
    const log = (await controls().webhooks()).deliveries.filter((delivery) => delivery.eventId === event.id);
    expect(log.map((delivery) => [delivery.status, delivery.attempt, delivery.redelivery])).toEqual([
      [500, 1, false],
      [200, 2, false],
      ...Array.from({ length: 5 }, () => [200, 1, true]),
    ]);
  });
});

describe('the card form and 3-D Secure pages in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    [browser] = await Promise.all([launchBrowser(), bundleProvider()]);
  });

  /** The app's page with the stand-in's card form framed, as <CardEntry> frames it, and the card typed in. */
  async function appWithCard(number: string) {
    const page = await browser.newPage();
    const app = `http://${LOOPBACK}:${(receiver.address() as { port: number }).port}`;
    await page.goto(`${app}/checkout`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.id = 'card';
      document.body.append(frame);
    }, `${standIn.url}/_stand-in/elements/card?origin=${encodeURIComponent(app)}`);
    const card = page.frameLocator('#card');
    await card.getByLabel('Card number').fill(number);
    await card.getByLabel('Expiration date').fill(`12${String(NEXT_YEAR).slice(2)}`);
    await card.getByLabel('CVC').fill('123');
    return page;
  }

  /** Starts a call of the web app's provider in the page; its result lands in window.result. */
  async function startInPage(page: Awaited<ReturnType<typeof appWithCard>>, call: 'confirmCardSetup' | 'confirmCardPayment', clientSecret: string, details: { name?: string; paymentMethodId?: string }) {
    await page.evaluate(
      ({ url, key, call, clientSecret, details }) => {
        const app = window as unknown as AppWindow;
        app.result = undefined;
        const confirm = app.cardProvider(url, key)[call] as (clientSecret: string, details: object) => Promise<AppWindow['result']>;
        void confirm(clientSecret, details).then((result) => (app.result = result));
      },
      { url: standIn.url, key: standIn.publishableKey, call, clientSecret, details },
    );
    return () => page.evaluate(() => (window as unknown as AppWindow).result);
  }
  afterAll(() => browser?.close());

  it('tells the app only whether the card is complete, creates the payment method when asked, and passes 3-D Secure', async () => {
    // Prepare: a card needing authentication typed in the framed form
    const page = await appWithCard('4000002500003155');
    const heard = () => page.evaluate(() => (window as unknown as { heard: Array<Record<string, unknown>> }).heard);

    // Act
    await page.evaluate((origin) => {
      const frame = document.getElementById('card') as HTMLIFrameElement;
      frame.contentWindow!.postMessage({ source: 'stripe-stand-in', type: 'createPaymentMethod', requestId: 'r1', billingDetails: { name: 'Ann Lee' } }, origin);
    }, standIn.url);
    await expect.poll(async () => (await heard()).some((message) => message.type === 'paymentMethod')).toBe(true);

    // Assess: changes say nothing of the number; the payment method is the typed card
    const messages = await heard();
    expect(messages.filter((message) => message.type === 'change').at(-1)).toEqual({ origin: standIn.url, source: 'stripe-stand-in', type: 'change', complete: true, empty: false, error: null });
    expect(JSON.stringify(messages.filter((message) => message.type !== 'paymentMethod'))).not.toContain('3155');
    const created = messages.find((message) => message.type === 'paymentMethod') as { requestId: string; paymentMethod: Stripe.PaymentMethod };
    expect(created).toMatchObject({ requestId: 'r1', paymentMethod: { card: { brand: 'visa', last4: '3155' }, billing_details: { name: 'Ann Lee' } } });

    // Act: pay with it; the app frames the 3-D Secure page and the customer completes it
    const intent = await pay(created.paymentMethod.id);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.id = 'authentication';
      document.body.append(frame);
    }, (intent.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js);
    await page.frameLocator('#authentication').getByRole('button', { name: 'Complete authentication' }).click();

    // Assess
    await expect.poll(async () => (await heard()).find((message) => message.type === 'authenticated')).toEqual({ origin: standIn.url, source: 'stripe-stand-in', type: 'authenticated', intentId: intent.id, outcome: 'complete' });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ status: 'succeeded' });
    await page.close();
  });

  it('returns to the return_url with Stripe\'s redirect parameters after a failed authentication', async () => {
    const app = `http://${LOOPBACK}:${(receiver.address() as { port: number }).port}`;
    const intent = await pay('pm_card_authenticationRequired', { return_url: `${app}/checkout?step=3` });
    const page = await browser.newPage();
    await page.goto(intent.next_action!.redirect_to_url!.url!);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL(/redirect_status=failed/);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ step: '3', payment_intent: intent.id, payment_intent_client_secret: intent.client_secret, redirect_status: 'failed' });
    await page.close();
  });

  it("saves a card through the web app's provider, with 3-D Secure shown over the page, and passes Stripe's errors through", async () => {
    // Prepare
    const page = await appWithCard('4000002500003155');
    const customer = await stripe.customers.create({ email: 'web@example.com' });
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'] });

    // Act: save the card; the customer completes 3-D Secure
    const setupResult = await startInPage(page, 'confirmCardSetup', setup.client_secret!, { name: 'Ann Lee' });
    await page.frameLocator('iframe[title="3-D Secure"]').getByRole('button', { name: 'Complete authentication' }).click();

    // Assess
    await expect.poll(setupResult).toMatchObject({ setupIntent: { id: setup.id, status: 'succeeded', paymentMethodId: expect.stringMatching(/^pm_/) } });
    const saved = (await setupResult())!.setupIntent!.paymentMethodId!;
    expect(await stripe.paymentMethods.retrieve(saved)).toMatchObject({ customer: customer.id, billing_details: { name: 'Ann Lee' } });
    expect(await page.locator('[aria-label="3-D Secure"]').count()).toBe(0);

    // Act: the server's payment needs authentication again (on session); the customer fails it
    const payment = await pay(saved, { customer: customer.id });
    const failed = await startInPage(page, 'confirmCardPayment', payment.client_secret!, {});
    await page.frameLocator('iframe[title="3-D Secure"]').getByRole('button', { name: 'Fail authentication' }).click();
    await expect.poll(failed).toEqual({ error: { code: 'payment_intent_authentication_failure', message: expect.any(String) } });

    // Act: a saved card whose charges are declined, confirmed in the browser
    const declining = await cardOf('4000000000000341');
    await stripe.paymentMethods.attach(declining.id, { customer: customer.id });
    const unpaid = await stripe.paymentIntents.create({ amount: 2_000, currency: 'hkd', customer: customer.id, allowed_payment_method_types: ['card'] });
    const declined = await startInPage(page, 'confirmCardPayment', unpaid.client_secret!, { paymentMethodId: declining.id });
    await expect.poll(declined).toEqual({ error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    await page.close();
  });
});
