import useSWR from 'swr';
import type { TCart, TCartItem } from '../../../shared/schemas/shopping-cart.js';
import { fetchPath } from './client.js';

const API = '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart';

export type { TCart, TCartItem };

/** The cart's contents, loaded while the menu is open. */
export function useShoppingCart(open: boolean) {
  const { data, error, isLoading, mutate } = useSWR<TCart, unknown>(open ? API : null, fetchPath);
  return { cart: data, error, isLoading, refetch: () => mutate() };
}

/** The item count behind the dot on the cart icon. */
export function useShoppingCartCount() {
  const { data, mutate } = useSWR<{ count: number }>(`${API}/count`, fetchPath);
  return { count: data?.count ?? 0, refetch: () => mutate() };
}
