import { z } from 'zod';
import { PRODUCT_KINDS, type Pricebook } from '../domain/pricing.js';

/** Cart item of billing §3; `price` in minor units of `currency`: what this line charges now, its cycle's discount taken off. */
export const ZCartItem = z.object({
  id: z.string(),
  itemType: z.enum(PRODUCT_KINDS),
  planType: z.enum(['monthly', 'refill', 'others']),
  quantity: z.number(),
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']),
  price: z.number(),
  currency: z.string(),
  additionalInfo: z.object({ domain: z.string().optional() }).optional(),
});
export type TCartItem = z.infer<typeof ZCartItem>;
/** The cart: its lines in billing §2's order, and the currency and pay cycle it is priced in (an empty cart's too). */
export const ZCart = z.object({ count: z.number().int(), result: z.array(ZCartItem), currency: z.string(), paymentCycle: z.enum(['monthly', 'quarterly', 'annually']) });
export type TCart = z.infer<typeof ZCart>;

const ZPriceTier = z.object({ credits: z.number().int().positive(), price: z.number().int().nonnegative(), checkpoint: z.number().int().positive() });
const ZTiers = z.array(ZPriceTier).min(1);

/** Billing §3 "Pricebook": prices in minor units of `baseCurrency`. */
export const ZPricebook = z.object({
  version: z.string(),
  region: z.string(),
  baseCurrency: z.string(),
  forex: z.array(z.object({ name: z.string(), symbol: z.string(), rate: z.number().positive(), allowDecimal: z.boolean() })).min(1),
  discount: z.object({
    annually_discount: z.number().min(0).max(1),
    quarterly_discount: z.number().min(0).max(1),
    annually_discount_dedicated_ip: z.number().min(0).max(1),
    quarterly_discount_dedicated_ip: z.number().min(0).max(1),
  }),
  prices: z.partialRecord(z.enum(PRODUCT_KINDS), z.object({ monthly: ZTiers.optional(), refill: ZTiers.optional() })),
}) satisfies z.ZodType<Pricebook>;
export const ZPricebookResponse = z.object({ data: ZPricebook });

/** The kinds the buy cart sells; a dedicated IP and DNS are additional services with their own card (billing §2). */
export const BUY_CART_KINDS = ['email', 'attachment', 'dynamicattachment', 'sms', 'filestorage', 'team'] as const;

/** POST shoppingCart (billing §7): adds a line, or changes the quantity of the line `id`; the server prices it. */
export const ZCartItemRequest = z.strictObject({
  id: z.string().max(64).optional(),
  itemtype: z.enum(BUY_CART_KINDS),
  type: z.enum(['monthly', 'refill']),
  quantity: z.number().int().positive().max(10_000_000),
  /** Ignored: a monthly plan follows the cart's pay cycle, pay as you go is paid once. */
  paymentCycle: z.enum(['monthly', 'quarterly', 'annually', 'oneoff']).optional(),
});
export const ZRemoveCartItemRequest = z.strictObject({ id: z.string().max(64) });
export const ZCartCurrencyRequest = z.strictObject({ currency: z.string().max(8) });
export const ZCartPayCycleRequest = z.strictObject({ paymentCycle: z.enum(['monthly', 'quarterly', 'annually']) });

export const ZCartLineParams = z.object({ id: z.string().min(1).max(64) });
/** GET shoppingCart/pricebook/{id} (billing §3 "Single price lookup"): a cart line's price now, in the cart's currency, with that currency's facts. */
export const ZSinglePrice = z.object({
  price: z.number().int().nonnegative(),
  planType: z.enum(['monthly', 'refill', 'others']),
  name: z.string(),
  rate: z.number().positive(),
  symbol: z.string(),
  allowDecimal: z.boolean(),
  country: z.string(),
});
