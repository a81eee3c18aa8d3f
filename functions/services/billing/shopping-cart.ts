/**
 * The shopping cart (billing §2, §4, §7): lines the server prices itself from the pricebook
 * (shared/domain/pricing.ts), in the cart's one currency, monthly plans at the cart's pay cycle and
 * pay as you go once. The browser sends a product, a plan type and a quantity, never a price. Every
 * change tells the user's tabs the new count (updateShoppingCart).
 */
import { currencyOf, priceItem, PricingError, roundQuantity, sortCartItems, type Pricebook, type PricedItem } from '../../../shared/domain/pricing.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCart, ZSinglePrice } from '../../../shared/schemas/shopping-cart.js';
import type { z } from 'zod';
import type { ZCartItemRequest } from '../../../shared/schemas/shopping-cart.js';
import { deleteCartItem, getCartOptions, listCartItems, saveCart, type CartItemRecord, type CartOptions } from '../../data/shopping-cart.js';
import { publish } from '../notifications/realtime.js';
import { currentPricebook } from './pricebook.js';

/** Billing §9: an empty cart is in HKD; §4: monthly until the user picks another cycle. */
const DEFAULT_OPTIONS: CartOptions = { currency: 'HKD', payCycle: 'monthly' };

type Caller = { tuid: string; loginTuid: string };

/** The line's deterministic id: one line per product and plan type, so adding again changes the quantity. */
const lineId = (kind: string, planType: string) => `${kind}-${planType}`;

/** A cart line priced under the cart's options: a monthly plan at the cart's pay cycle, pay as you go once (the cart and the checkout both price this way). */
export function priceCartLine(book: Pricebook, options: CartOptions, line: Pick<CartItemRecord, 'itemType' | 'planType' | 'quantity'>): PricedItem {
  const planType = line.planType === 'monthly' ? 'monthly' : 'refill';
  return priceItem(book, { kind: line.itemType, planType, quantity: line.quantity, cycle: planType === 'monthly' ? options.payCycle : 'oneoff' }, options.currency);
}

function priced(book: Pricebook, options: CartOptions, line: Pick<CartItemRecord, 'id' | 'itemType' | 'planType' | 'quantity' | 'addedAt'>): CartItemRecord {
  try {
    const item = priceCartLine(book, options, line);
    return { id: line.id, itemType: line.itemType, planType: item.planType, quantity: line.quantity, paymentCycle: item.cycle, price: item.charge, currency: options.currency, addedAt: line.addedAt };
  } catch (error) {
    if (error instanceof PricingError) throw new AppError(ERROR_CODES.INVALID_INPUT, error.message);
    throw error;
  }
}

function cartOf(items: readonly CartItemRecord[], options: CartOptions): TCart {
  const ordered = sortCartItems([...items].sort((a, b) => a.addedAt - b.addedAt).map((item) => ({ ...item, kind: item.itemType })));
  const result = ordered.map(({ id, itemType, planType, quantity, paymentCycle, price, currency, additionalInfo }) => ({ id, itemType, planType, quantity, paymentCycle, price, currency, additionalInfo }));
  return { count: result.length, result, currency: options.currency, paymentCycle: options.payCycle };
}

async function announceCount(caller: Caller, count: number): Promise<void> {
  await publish(caller.loginTuid, { event: 'updateShoppingCart', data: { count } });
}

export async function getCart({ tuid }: { tuid: string }): Promise<TCart> {
  const [items, options] = await Promise.all([listCartItems(tuid), getCartOptions(tuid)]);
  return cartOf(items, options ?? DEFAULT_OPTIONS);
}

/** The count behind the cart icon's dot: the lines alone, without the options a priced cart needs. */
export async function countCartLines({ tuid }: { tuid: string }): Promise<number> {
  return (await listCartItems(tuid)).length;
}

/** POST shoppingCart: a quantity off the price list's steps (a tampered or stale request) is refused, not rounded silently. */
export async function putCartLine({ caller, input, now }: { caller: Caller; input: z.infer<typeof ZCartItemRequest>; now: Date }): Promise<TCart> {
  const book = await currentPricebook();
  const [items, stored] = await Promise.all([listCartItems(caller.tuid), getCartOptions(caller.tuid)]);
  const options = stored ?? DEFAULT_OPTIONS;
  const id = lineId(input.itemtype, input.type);
  if (input.id !== undefined && (input.id !== id || !items.some((item) => item.id === id))) {
    throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This cart line no longer exists; add the item again.');
  }
  if (!book.prices[input.itemtype]?.[input.type]) throw new AppError(ERROR_CODES.INVALID_INPUT, `itemtype: ${input.itemtype} has no ${input.type} plan.`);
  const onList = roundQuantity(book, input.itemtype, input.type, input.quantity);
  if (onList !== input.quantity) throw new AppError(ERROR_CODES.INVALID_INPUT, `quantity: ${input.quantity} is not on the price list; the nearest is ${onList}.`);
  const existing = items.find((item) => item.id === id);
  const line = priced(book, options, { id, itemType: input.itemtype, planType: input.type, quantity: input.quantity, addedAt: existing?.addedAt ?? now.getTime() });
  await saveCart(caller.tuid, options, [line]);
  const cart = cartOf([...items.filter((item) => item.id !== id), line], options);
  await announceCount(caller, cart.count);
  return cart;
}

/** DELETE shoppingCart: removing a line that is gone already answers the cart as it is. */
export async function removeCartLine({ caller, id }: { caller: Caller; id: string }): Promise<TCart> {
  await deleteCartItem(caller.tuid, id);
  const cart = await getCart({ tuid: caller.tuid });
  await announceCount(caller, cart.count);
  return cart;
}

/** POST shoppingCart/currency and paycycle: every line priced again under the new options, in one write. */
export async function changeCartOptions({ caller, change }: { caller: Caller; change: Partial<CartOptions> }): Promise<TCart> {
  const book = await currentPricebook();
  if (change.currency !== undefined && !book.forex.some((currency) => currency.name === change.currency)) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, `currency: ${change.currency} is not one the pricebook sells in.`);
  }
  const [items, stored] = await Promise.all([listCartItems(caller.tuid), getCartOptions(caller.tuid)]);
  const options = { ...(stored ?? DEFAULT_OPTIONS), ...change };
  const repriced = items.map((item) => priced(book, options, item));
  await saveCart(caller.tuid, options, repriced);
  return cartOf(repriced, options);
}

/** GET shoppingCart/pricebook/{id}: what the cart line `id` costs now under the cart's options, with its currency's facts and the pricebook's region. */
export async function cartLinePrice({ tuid, id }: { tuid: string; id: string }): Promise<z.input<typeof ZSinglePrice>> {
  const book = await currentPricebook();
  const [items, stored] = await Promise.all([listCartItems(tuid), getCartOptions(tuid)]);
  const item = items.find((candidate) => candidate.id === id);
  if (!item) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'That cart line does not exist.');
  const options = stored ?? DEFAULT_OPTIONS;
  const line = priced(book, options, item);
  const currency = currencyOf(book, options.currency);
  return { price: line.price, planType: line.planType, name: currency.name, rate: currency.rate, symbol: currency.symbol, allowDecimal: currency.allowDecimal, country: book.region };
}
