import useSWR from 'swr';
import { fetchPath } from './client.js';

const API = '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart';

/** A cart line (billing spec §2 "Shopping cart menu"): what, how many, and its price. */
export type TCartItem = {
  id: string;
  itemType: string;
  name: string;
  quantity: number;
  price: number;
  currency: string;
  paymentCycle: string;
  discountText?: string | null;
};

export type TShoppingCart = { count: number; result: TCartItem[] };

/** The cart's contents, loaded while the menu is open. */
export function useShoppingCart(open: boolean) {
  const { data, error, isLoading, mutate } = useSWR<TShoppingCart, unknown>(open ? API : null, fetchPath);
  return { cart: data, error, isLoading, refetch: () => mutate() };
}

/** The item count behind the dot on the cart icon. */
export function useShoppingCartCount() {
  const { data, mutate } = useSWR<{ count: number }>(`${API}/count`, fetchPath);
  return { count: data?.count ?? 0, refetch: () => mutate() };
}
