/**
 * checkout: paying through the whole local host and its Stripe stand-in (the real SDK adapter,
 * signed webhooks). Two parts, one verified account:
 * - 100 purchases of 100 SMS credits made by CHECKOUT_BENCH_BUYERS (default 100) concurrent
 *   buyers on the same account (like that many open tabs): each puts the line in the cart and
 *   presses Pay Now until the account has made CHECKOUT_BENCH_PURCHASES (100) purchases; the
 *   one-at-a-time lock refuses the others (VALIDATE_PAYMENT_IN_FLIGHT), a cart emptied by another
 *   tab's payment answers VALIDATE_CART_EMPTY. Once Stripe's webhooks have all been answered:
 *   ledger-errors = |credits on the account − Σ ledger entries| + |paid orders − succeeded payment
 *   intents at Stripe| + |Σ ledger entries − 100 × paid orders| (target 0);
 * - webhook-to-credit: CHECKOUT_BENCH_AUTHENTICATED (30) purchases with a card that asks for 3-D
 *   Secure; the customer passes it at the stand-in, which then sends payment_intent.succeeded; no
 *   browser confirmation follows, so the webhook alone credits the account. Time from the end of
 *   the authentication to the credits being on the account (polled every 5 ms), p50 and p99
 *   (target p99 ≤ 500 ms locally).
 * The host, the stand-in and this driver share one Node process; DynamoDB Local is a JVM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { decodeJwt } from 'jose';
import { getAccount, updateAccount } from '../../functions/data/accounts.js';
import { listLedgerEntries } from '../../functions/data/credit-ledger.js';
import { listOrders } from '../../functions/data/orders.js';
import { deployedPricebook } from '../../functions/services/billing/pricebook.js';
import { stripeStandInControls } from '../helpers/stripe-stand-in.js';
import { percentile, type Benchmark, type Figure } from './figures.js';

const PURCHASES = Number(process.env.CHECKOUT_BENCH_PURCHASES ?? 100);
const BUYERS = Number(process.env.CHECKOUT_BENCH_BUYERS ?? 100);
const AUTHENTICATED = Number(process.env.CHECKOUT_BENCH_AUTHENTICATED ?? 30);
/** Bounds the first part's loop: at most this many Pay Now presses in all. */
const MAX_ATTEMPTS = PURCHASES * 50;
const QUANTITY = 100;
const BILLING = '/api/v1/pageBasedAPI/plansAndBillings';

type Answer = { status: number; body: Record<string, any> };

export const checkout: Benchmark = {
  name: 'checkout',
  async run(): Promise<Figure[]> {
    // The host's handlers log every order at INFO: the figures are what this run prints.
    process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-checkout-'));
    const { startLocalHost } = await import('../../infra/local/host.js');
    const host = await startLocalHost({ port: 0, dataDir, host: '127.0.0.1', tableInMemory: true, log: () => {} });
    try {
      const request = async (method: string, path: string, token: string | null, body?: unknown): Promise<Answer> => {
        const answer = await fetch(`${host.url}${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: answer.status, body: (await answer.json()) as Record<string, any> };
      };
      const signedUp = await request('POST', '/auth/signup', null, { fullname: 'Bench Buyer', email: `bench-buyer-${Date.now()}@example.com`, password: 'Bench-Buyer-2026' });
      const token = String(signedUp.body.token);
      const tuid = String(decodeJwt(token).tuid);
      await updateAccount(tuid, { unverified: false, status: 'active' });

      const standIn = new URL(host.env.STRIPE_API_URL);
      const stripe = new Stripe(host.env.STRIPE_SECRET_KEY, { host: standIn.hostname, port: Number(standIn.port), protocol: 'http' });
      const controls = stripeStandInControls(host.env.STRIPE_API_URL);
      const addCard = async (number: string): Promise<string> => {
        const setup = await request('PUT', `${BILLING}/payment/stripe/card/add`, token, { currencyName: 'HKD' });
        const intent = setup.body.data.setupIntent as { id: string; client_secret: string };
        const method = await stripe.paymentMethods.create({ type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } as Stripe.PaymentMethodCreateParams.Card });
        const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: method.id });
        if (confirmed.status === 'requires_action') await controls.authenticate(intent, 'complete');
        return method.id;
      };
      const rate = deployedPricebook().forex.find((currency) => currency.name === 'HKD')!.rate;
      const payNow = (cardId: string) => request('POST', `${BILLING}/payment/stripe/create-order`, token, { billingInterval: 'oneoff', rate, name: 'HKD', cardId, paymentMethodId: cardId });
      const putLine = () => request('POST', `${BILLING}/shoppingCart`, token, { itemtype: 'sms', type: 'refill', quantity: QUANTITY });
      const webhooksSettled = async () => {
        for (let waited = 0; waited < 60_000; waited += 50) {
          const state = await controls.webhooks();
          if (!state.holding && state.held.length === 0 && state.inFlight === 0 && state.retrying === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error('the stand-in still had webhooks to deliver after 60 s');
      };

      // Part 1: many tabs, one account.
      const card = await addCard('4242424242424242');
      let purchases = 0;
      let attempts = 0;
      const refused: Record<string, number> = {};
      const started = performance.now();
      await Promise.all(
        Array.from({ length: BUYERS }, async () => {
          while (purchases < PURCHASES && attempts < MAX_ATTEMPTS) {
            attempts += 1;
            await putLine();
            const answer = await payNow(card);
            if (answer.body.message === 'Payment successful') purchases += 1;
            else refused[String(answer.body.statusCode ?? answer.body.message)] = (refused[String(answer.body.statusCode ?? answer.body.message)] ?? 0) + 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      await webhooksSettled();
      const customer = (await stripe.paymentMethods.retrieve(card)).customer as string;
      const succeededIntents = (await stripe.paymentIntents.list({ customer, limit: 100 }).autoPagingToArray({ limit: 10_000 })).filter((intent) => intent.status === 'succeeded').length;
      const paidOrders = (await listOrders(tuid, 10_000)).filter((order) => order.state === 'paid').length;
      const ledgerSum = (await listLedgerEntries(tuid)).reduce((sum, entry) => sum + (entry.reason === 'purchase' ? entry.delta : 0), 0);
      const balance = (await getAccount(tuid))!.credits.sms;
      const ledgerErrors = Math.abs(balance - ledgerSum) + Math.abs(paidOrders - succeededIntents) + Math.abs(ledgerSum - QUANTITY * paidOrders);
      console.error(`checkout: ${purchases} purchases in ${attempts} presses (${JSON.stringify(refused)}); paid orders ${paidOrders}, succeeded intents ${succeededIntents}, ledger ${ledgerSum}, balance ${balance}`);

      // Part 2: the webhook alone credits an authenticated payment.
      const secureCard = await addCard('4000002500003155');
      const latencies: number[] = [];
      for (let index = 0; index < AUTHENTICATED; index += 1) {
        await putLine();
        const before = (await getAccount(tuid))!.credits.sms;
        const answer = await payNow(secureCard);
        const intent = answer.body.paymentIntent as { id: string; client_secret: string } | undefined;
        if (!intent) throw new Error(`expected 3-D Secure, got ${JSON.stringify(answer.body)}`);
        await controls.authenticate(intent, 'complete');
        const authenticated = performance.now();
        for (;;) {
          if ((await getAccount(tuid))!.credits.sms > before) break;
          if (performance.now() - authenticated > 30_000) throw new Error(`no credit 30 s after authenticating ${intent.id}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        latencies.push(performance.now() - authenticated);
      }
      latencies.sort((a, b) => a - b);
      return [
        { bench: 'checkout', metric: 'ledger-errors', value: ledgerErrors, unit: 'count' },
        { bench: 'checkout', metric: 'purchases', value: purchases, unit: 'count' },
        { bench: 'checkout', metric: 'purchases-per-s', value: purchases / seconds, unit: 'purchases/s' },
        { bench: 'checkout', metric: 'refused-presses', value: attempts - purchases, unit: 'count' },
        { bench: 'checkout', metric: 'webhook-to-credit-p50-ms', value: percentile(latencies, 50), unit: 'ms' },
        { bench: 'checkout', metric: 'webhook-to-credit-p99-ms', value: percentile(latencies, 99), unit: 'ms' },
      ];
    } finally {
      await host.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
