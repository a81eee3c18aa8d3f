import { z } from 'zod';
import { PRODUCT_KINDS } from '../domain/pricing.js';

/** Billing §3 "Card (payment method)": what the card list shows; `orderCount` is how many active plans pay with it. */
export const ZCard = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
  orderCount: z.number().int().nonnegative(),
});
export type TCard = z.infer<typeof ZCard>;
export const ZCardsResponse = z.object({ validCardsList: z.array(ZCard) });

export const ZCurrencyParams = z.object({ currencyName: z.string().min(1).max(8) });
export const ZCardIdParams = z.object({ cardId: z.string().min(1).max(255) });
/** PUT card/add: a SetupIntent for a new card of the account's customer in that currency. */
export const ZAddCardRequest = z.strictObject({ currencyName: z.string().min(1).max(8) });
/** POST card/update: a SetupIntent whose new card replaces `paymentMethod` (on its plans too). */
export const ZUpdateCardRequest = z.strictObject({ currencyName: z.string().min(1).max(8), paymentMethod: z.string().min(1).max(255) });
export const ZSetupIntentResponse = z.object({ data: z.object({ setupIntent: z.object({ id: z.string(), client_secret: z.string() }) }) });
export const ZDeleteCardRequest = z.strictObject({ currencyName: z.string().min(1).max(8), paymentMethodId: z.string().min(1).max(255), cardId: z.string().min(1).max(255) });
export const ZStatusResponse = z.object({ status: z.literal('ok') });

/**
 * POST create-order (billing §7): pays for the whole cart with a saved card. The server prices the
 * cart itself; `rate` and `name` only say which currency the buyer saw, and a mismatch is refused.
 */
export const ZCreateOrderRequest = z.strictObject({
  billingInterval: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  rate: z.number().positive(),
  name: z.string().min(1).max(8),
  cardId: z.string().min(1).max(255),
  paymentMethodId: z.string().min(1).max(255),
});
export const PAYMENT_SUCCESSFUL = 'Payment successful';
/** `paymentIntent` is present when the card asks for authentication (3-D Secure): the browser completes it with the client secret. */
export const ZCreateOrderResponse = z.object({
  message: z.string(),
  orderId: z.string(),
  paymentIntent: z.object({ id: z.string(), client_secret: z.string() }).optional(),
});
/** POST confirm-order: after the browser's authentication, the server re-reads the payment and applies it (once). */
export const ZConfirmOrderRequest = z.strictObject({ orderId: z.string().min(1).max(64) });

export const ORDER_STATES = ['pending', 'requiresAction', 'paid', 'failed'] as const;
export const ZOrderLine = z.object({
  itemType: z.enum(PRODUCT_KINDS),
  planType: z.enum(['monthly', 'refill', 'others']),
  quantity: z.number().int().positive(),
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  /** Minor units of the order's currency, the cycle's discount taken off. */
  price: z.number().int().nonnegative(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;
export const ZOrder = z.object({
  orderId: z.string(),
  createTime: z.string(),
  state: z.enum(ORDER_STATES),
  currency: z.object({ name: z.string(), symbol: z.string(), allowDecimal: z.boolean() }),
  pricebookVersion: z.string(),
  lines: z.array(ZOrderLine),
  /** Minor units: what was charged now, and what the monthly lines charge each cycle from `nextPaymentDate`. */
  total: z.number().int().nonnegative(),
  recurring: z.object({ price: z.number().int().nonnegative(), nextPaymentDate: z.string() }).nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  paidTime: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;
export const ZOrdersResponse = z.object({ orders: z.array(ZOrder) });
export const ZOrderQuery = z.object({ id: z.string().min(1).max(64) });
export const ZOrderIdParams = z.object({ orderId: z.string().min(1).max(64) });
export const ZReceiptQuery = z.object({ type: z.literal('pdf').optional() });
/** GET receipt/preview/order: the receipt PDF as base64 (billing §7). */
export const ZReceiptPreviewResponse = z.object({ file: z.string() });

/** The account's credit kinds as plans & orders shows them (dashboard field names). */
export const CREDIT_KINDS = ['email', 'attachmentMb', 'pdfPages', 'sms', 'storageMb', 'teamUsers'] as const;
export type TCreditKind = (typeof CREDIT_KINDS)[number];
/** A plan: what one paid order line gave the account, and until when. */
export const ZPlan = z.object({
  planId: z.string(),
  orderId: z.string(),
  itemType: z.enum(PRODUCT_KINDS),
  planType: z.enum(['monthly', 'refill', 'others']),
  quantity: z.number().int().positive(),
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  startTime: z.string(),
  expiryTime: z.string(),
  /** Monthly plans: renewal (issue 21) charges this much on nextPaymentDate. */
  recurringPrice: z.number().int().nonnegative().nullable(),
  currency: z.string(),
  autoRenew: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;
export const ZPlansResponse = z.object({
  plans: z.array(ZPlan),
  balances: z.record(z.enum(CREDIT_KINDS), z.number().int()),
});

/** What the Stripe webhook answers (any 2xx is delivered for Stripe): what became of the event. */
export const ZStripeWebhookAck = z.object({ received: z.literal(true), outcome: z.enum(['handled', 'ignored', 'replay']) });
