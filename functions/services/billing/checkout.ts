/**
 * Paying for the cart (billing §2 Checkout, §4 Payment flow, §5 Pay Now, §7 create-order): the
 * server prices the cart itself, writes the order, charges the saved card once (the order id is
 * Stripe's idempotency key) and settles the order when Stripe says it is paid. Settlement happens
 * exactly once, whichever of the create-order answer, the browser's confirm-order after 3-D Secure
 * and Stripe's webhook arrives first (functions/data/orders.ts settleOrder).
 */
import { addMonths, CREDIT_FIELD_OF, planTerm } from '../../../shared/domain/plans.js';
import { cartTotals, currencyOf, CYCLE_MONTHS, sortCartItems, type PaymentCycle } from '../../../shared/domain/pricing.js';
import { AppError, cardErrorCode, ERROR_CODES } from '../../../shared/errors.js';
import { PAYMENT_SUCCESSFUL, type TOrder } from '../../../shared/schemas/payments.js';
import type { z } from 'zod';
import type { ZCreateOrderRequest, ZCreateOrderResponse } from '../../../shared/schemas/payments.js';
import { getAccount } from '../../data/accounts.js';
import type { PurchaseEntry } from '../../data/credit-ledger.js';
import {
  attachPaymentIntent,
  failOrder,
  getCheckoutLock,
  getOrder,
  markRequiresAction,
  releaseCheckoutLock,
  settleOrder,
  startOrder,
  type OrderRecord,
  type Settlement,
} from '../../data/orders.js';
import type { PlanRecord } from '../../data/plans.js';
import { getCartOptions, listCartItems } from '../../data/shopping-cart.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { logger } from '../../lib/logger.js';
import { publish } from '../notifications/realtime.js';
import { currentPricebook } from './pricebook.js';
import { mailReceipt } from './receipts.js';
import { priceCartLine } from './shopping-cart.js';
import { cancelPayment, chargeOrder, retrievePayment, type PaymentOutcome } from './payments/stripe-adapter.js';
import { ownCard } from './payment-cards.js';

type CreateOrderAnswer = z.input<typeof ZCreateOrderResponse>;

/** The cart as the server prices it now; refused unless it is the cart the buyer saw (currency, rate, cycle, prices). */
async function pricedCart(tuid: string, request: z.infer<typeof ZCreateOrderRequest>) {
  const book = await currentPricebook();
  const [items, options] = await Promise.all([listCartItems(tuid), getCartOptions(tuid)]);
  if (items.length === 0 || !options) throw new AppError(ERROR_CODES.CART_EMPTY, 'The cart is empty.');
  const changed = (what: string) => new AppError(ERROR_CODES.CART_CHANGED, `The cart's ${what} changed since it was shown; review it and pay again.`);
  const currency = currencyOf(book, options.currency);
  if (request.name !== currency.name || request.rate !== currency.rate) throw changed('currency');
  const hasMonthly = items.some((item) => item.planType === 'monthly');
  const interval: PaymentCycle = hasMonthly ? options.payCycle : 'oneoff';
  if (request.billingInterval !== interval) throw changed('payment cycle');
  const ordered = sortCartItems(items.map((item) => ({ ...item, kind: item.itemType })));
  const priced = ordered.map((item) => {
    const line = priceCartLine(book, options, item);
    // The stored price is what the cart showed; a pricebook change since then is the buyer's to review.
    if (line.charge !== item.price || item.currency !== currency.name) throw changed('prices');
    return { id: item.id, line };
  });
  return { book, currency, interval, priced, totals: cartTotals(priced.map(({ line }) => line)) };
}

function orderAnswer(order: Pick<OrderRecord, 'orderId'>, outcome: PaymentOutcome): CreateOrderAnswer {
  if (outcome.status === 'succeeded') return { message: PAYMENT_SUCCESSFUL, orderId: order.orderId };
  if (outcome.status === 'requiresAction') return { message: 'requires_action', orderId: order.orderId, paymentIntent: { id: outcome.paymentIntentId, client_secret: outcome.clientSecret } };
  if (outcome.status === 'processing') return { message: 'processing', orderId: order.orderId };
  throw new AppError(cardErrorCode(outcome.code, outcome.declineCode), outcome.message, { stripeMessage: outcome.message });
}

/** What a paid order gives: one plan, one ledger entry and its credits per line. */
function settlementOf(order: OrderRecord, card: TOrder['card'], paidAt: Date): Settlement {
  const plans: PlanRecord[] = [];
  const entries: PurchaseEntry[] = [];
  const credits: Settlement['credits'] = {};
  order.lines.forEach((line, index) => {
    const planId = `${order.orderId}-${index}`;
    const term = planTerm(line, paidAt);
    plans.push({
      planId,
      orderId: order.orderId,
      itemType: line.itemType,
      planType: line.planType,
      quantity: line.quantity,
      paymentCycle: line.paymentCycle,
      startTime: paidAt.toISOString(),
      expiryTime: term.expiryTime,
      recurringPrice: term.nextPaymentDate ? line.price : null,
      currency: order.currency.name,
      autoRenew: term.nextPaymentDate !== null,
      paymentMethodId: order.paymentMethodId,
    });
    const field = CREDIT_FIELD_OF[line.itemType];
    if (field) {
      entries.push({ entryId: `${order.orderId}#${index}`, kind: field, delta: line.quantity, reason: 'purchase', orderId: order.orderId, planId, createTime: paidAt.toISOString() });
      credits[field] = (credits[field] ?? 0) + line.quantity;
    }
  });
  return { paidTime: paidAt.toISOString(), card, plans, entries, credits };
}

/**
 * Brings the order to what Stripe's payment says: settled once paid, failed when it failed, waiting
 * for authentication. Safe to call any number of times from any path.
 */
export async function applyPaymentOutcome(order: OrderRecord, outcome: PaymentOutcome, now: Date): Promise<void> {
  switch (outcome.status) {
    case 'succeeded': {
      const settled = await settleOrder(order, settlementOf(order, outcome.card, now));
      if (settled === 'settled') {
        logger.info('order paid', { tuid: order.tuid, orderId: order.orderId, total: order.total, currency: order.currency.name });
        await Promise.all([publish(order.tuid, { event: 'creditsChanged', data: { orderId: order.orderId } }), mailReceipt(order)]);
      }
      return;
    }
    case 'requiresAction':
      await markRequiresAction(order.tuid, order.orderId);
      return;
    case 'processing':
      return;
    case 'failed':
      await failOrder(order.tuid, order.orderId, { code: cardErrorCode(outcome.code, outcome.declineCode), message: outcome.message });
      return;
  }
}

/** Charges (or, after a crash, re-reads through the same idempotency key) the order's payment and applies what Stripe says. */
async function chargeAndApply(order: OrderRecord, now: Date): Promise<PaymentOutcome> {
  const outcome = order.paymentIntentId
    ? await retrievePayment(order.paymentIntentId)
    : await chargeOrder({
        orderId: order.orderId,
        tuid: order.tuid,
        customerId: order.customerId,
        paymentMethodId: order.paymentMethodId,
        amount: order.total,
        currency: order.currency.name,
        description: `Order ${order.orderId}`,
      });
  if (outcome.paymentIntentId && !order.paymentIntentId) await attachPaymentIntent(order.tuid, order.orderId, outcome.paymentIntentId);
  await applyPaymentOutcome({ ...order, paymentIntentId: outcome.paymentIntentId }, outcome, now);
  return outcome;
}

/** How long a charge call may take at most (three attempts of 8 s, functions/lib/stripe.ts): a pending order older than this lost its caller. */
const CHARGE_CALL_MS = 60_000;

/**
 * The order that holds the account's checkout lock, brought up to date before a new Pay Now: one
 * still being charged refuses it; one whose caller died is charged again under the same
 * idempotency key (Stripe answers the first attempt's intent if there was one); one left waiting
 * for 3-D Secure is cancelled so the buyer can pay again.
 */
async function clearStaleCheckout(tuid: string, now: Date): Promise<void> {
  const lock = await getCheckoutLock(tuid, now);
  const holder = lock ? await getOrder(tuid, lock.orderId) : null;
  if (!holder) return;
  // Settled or failed but still holding the lock (its release was cut off): free it.
  if (holder.state === 'paid' || holder.state === 'failed') return releaseCheckoutLock(tuid, holder.orderId);
  const inFlight = new AppError(ERROR_CODES.PAYMENT_IN_FLIGHT, 'A payment of this account is being processed; wait for it to finish.');
  if (!holder.paymentIntentId && now.getTime() - Date.parse(holder.createTime) < CHARGE_CALL_MS) throw inFlight;
  const outcome = await chargeAndApply(holder, now);
  if (outcome.status === 'requiresAction') await applyPaymentOutcome(holder, await cancelPayment(outcome.paymentIntentId), now);
  else if (outcome.status === 'processing') throw inFlight;
}

export async function createOrder({ tuid, request, now }: { tuid: string; request: z.infer<typeof ZCreateOrderRequest>; now: Date }): Promise<CreateOrderAnswer> {
  const account = await getAccount(tuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The account no longer exists.');
  if (account.unverified) throw new AppError(ERROR_CODES.UNVERIFIED, 'Verify your login email before you pay.');
  if (!account.canBuyPlan) throw new AppError(ERROR_CODES.CANNOT_BUY_PLAN, 'This user cannot buy plans.');
  if (request.cardId !== request.paymentMethodId) throw new AppError(ERROR_CODES.INVALID_INPUT, 'cardId: names another card than paymentMethodId.');
  // Before the cart is read: a stale order that gets settled here takes its lines out of the cart.
  await clearStaleCheckout(tuid, now);
  const cart = await pricedCart(tuid, request);
  const card = await ownCard(tuid, cart.currency.name, request.paymentMethodId);
  const order: OrderRecord = {
    orderId: timeOrderedId(now),
    tuid,
    createTime: now.toISOString(),
    state: 'pending',
    currency: { name: cart.currency.name, symbol: cart.currency.symbol, allowDecimal: cart.currency.allowDecimal },
    pricebookVersion: cart.book.version,
    lines: cart.priced.map(({ line }) => ({ itemType: line.kind, planType: line.planType, quantity: line.quantity, paymentCycle: line.cycle, price: line.charge })),
    total: cart.totals.payNow,
    recurring: cart.totals.recurringTotal > 0 && cart.interval !== 'oneoff' ? { price: cart.totals.recurringTotal, nextPaymentDate: addMonths(now, CYCLE_MONTHS[cart.interval]).toISOString() } : null,
    card: { brand: card.brand, last4: card.last4 },
    paidTime: null,
    customerId: card.customerId,
    paymentMethodId: card.id,
    paymentIntentId: null,
    cartLineIds: cart.priced.map(({ id }) => id),
    failure: null,
  };
  if (!(await startOrder(order, now))) throw new AppError(ERROR_CODES.PAYMENT_IN_FLIGHT, 'A payment of this account is being processed; wait for it to finish.');
  return orderAnswer(order, await chargeAndApply(order, now));
}

/** POST confirm-order: the browser finished 3-D Secure; the server re-reads the payment from Stripe and applies it. */
export async function confirmOrder({ tuid, orderId, now }: { tuid: string; orderId: string; now: Date }): Promise<CreateOrderAnswer> {
  const order = await getOrder(tuid, orderId);
  if (!order) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'That order does not exist.');
  if (order.state === 'paid') return { message: PAYMENT_SUCCESSFUL, orderId };
  if (order.state === 'failed' && order.failure) throw new AppError(cardErrorCode(order.failure.code, null), order.failure.message, { stripeMessage: order.failure.message });
  return orderAnswer(order, await chargeAndApply(order, now));
}

/** A payment intent's event from Stripe (already verified and re-read): the order it pays is brought up to date. */
export async function applyStripePayment({ paymentIntentId, metadata, now }: { paymentIntentId: string; metadata: Record<string, string>; now: Date }): Promise<void> {
  const { tuid, orderId } = metadata;
  if (!tuid || !orderId) {
    logger.warn('stripe payment without an order', { paymentIntentId });
    return;
  }
  const order = await getOrder(tuid, orderId);
  if (!order || (order.paymentIntentId && order.paymentIntentId !== paymentIntentId)) {
    logger.warn('stripe payment names an unknown order', { paymentIntentId, orderId });
    return;
  }
  const outcome = await retrievePayment(paymentIntentId);
  if (!order.paymentIntentId) await attachPaymentIntent(tuid, orderId, paymentIntentId);
  await applyPaymentOutcome({ ...order, paymentIntentId }, outcome, now);
}
