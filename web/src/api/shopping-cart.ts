import { mutate } from 'swr';
import { shoppingCart } from '../../../shared/contracts/shopping-cart.js';
import type { PaymentCycle } from '../../../shared/domain/pricing.js';
import type { TCart, TCartItem } from '../../../shared/schemas/shopping-cart.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TCart, TCartItem };

/** A line as the card adds or edits it: a product, a plan type and a quantity on the price list; the server prices it. */
export type CartLineInput = { id?: string; itemtype: Exclude<TCartItem['itemType'], 'ip' | 'dns'>; type: 'monthly' | 'refill'; quantity: number };

/** The cart's contents, loaded while the menu is open (or while the cart card shows). */
export function useShoppingCart(open: boolean) {
  const { data, error, isLoading, mutate: refetch } = useRoute(shoppingCart.routes.get, open ? {} : null);
  return { cart: data, error, isLoading, refetch: () => refetch() };
}

/** The item count behind the dot on the cart icon. */
export function useShoppingCartCount() {
  const { data, mutate: refetch } = useRoute(shoppingCart.routes.count, {});
  return { count: data?.count ?? 0, refetch: () => refetch() };
}

/** The pricebook the cart is priced with (prices, currencies, region, cycle discounts). */
export function usePricebook(enabled = true) {
  const { data, error, mutate: refetch } = useRoute(shoppingCart.routes.pricebook, enabled ? {} : null);
  return { pricebook: data?.data, error, refetch: () => refetch() };
}

/** Every change answers the cart as it is now: the card, the menu and the icon's dot show that answer at once. */
async function showCart(cart: TCart): Promise<TCart> {
  await Promise.all([
    mutate(routeKey(shoppingCart.routes.get, {}), cart, { revalidate: false }),
    mutate(routeKey(shoppingCart.routes.count, {}), { count: cart.count }, { revalidate: false }),
  ]);
  return cart;
}

/** Removes one line; the answer is the cart as it is now. */
export function removeCartLine(id: string) {
  return callRoute(shoppingCart.routes.removeLine, { body: { id } }).then(showCart);
}

/** Adds a line, or sets the quantity of the line `id`. */
export function putCartLine(line: CartLineInput) {
  return callRoute(shoppingCart.routes.putLine, { body: line }).then(showCart);
}

export function changeCartCurrency(currency: string) {
  return callRoute(shoppingCart.routes.currency, { body: { currency } }).then(showCart);
}

export function changeCartPayCycle(paymentCycle: Exclude<PaymentCycle, 'oneoff'>) {
  return callRoute(shoppingCart.routes.payCycle, { body: { paymentCycle } }).then(showCart);
}
