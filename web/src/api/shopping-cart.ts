import { shoppingCart } from '../../../shared/contracts/shopping-cart.js';
import type { TCart, TCartItem } from '../../../shared/schemas/shopping-cart.js';
import { callRoute, useRoute } from './routes.js';

export type { TCart, TCartItem };

/** The cart's contents, loaded while the menu is open. */
export function useShoppingCart(open: boolean) {
  const { data, error, isLoading, mutate } = useRoute(shoppingCart.routes.get, open ? {} : null);
  return { cart: data, error, isLoading, refetch: () => mutate() };
}

/** The item count behind the dot on the cart icon. */
export function useShoppingCartCount() {
  const { data, mutate } = useRoute(shoppingCart.routes.count, {});
  return { count: data?.count ?? 0, refetch: () => mutate() };
}

/** Removes one line; the answer is the cart as it is now. */
export function removeCartLine(id: string) {
  return callRoute(shoppingCart.routes.removeLine, { body: { id } });
}
