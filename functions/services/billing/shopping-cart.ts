/** The shopping cart menu (billing §2): the items in the account's cart. */
import type { TCart } from '../../../shared/schemas/shopping-cart.js';
import { listCartItems } from '../../data/shopping-cart.js';

export async function getCart({ tuid }: { tuid: string }): Promise<TCart> {
  const items = await listCartItems(tuid);
  const result = items.map(({ id, itemType, planType, quantity, paymentCycle, price, currency, additionalInfo }) => ({
    id,
    itemType,
    planType,
    quantity,
    paymentCycle,
    price,
    currency,
    additionalInfo,
  }));
  return { count: result.length, result };
}
