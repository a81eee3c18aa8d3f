import { shoppingCart } from '../../shared/contracts/shopping-cart.js';
import { createApiHandler } from '../lib/http.js';
import { getCart } from '../services/billing/shopping-cart.js';

export const handler = createApiHandler(shoppingCart, {
  get: async ({ caller }) => getCart({ tuid: caller.tuid }),
  count: async ({ caller }) => ({ count: (await getCart({ tuid: caller.tuid })).count }),
});
