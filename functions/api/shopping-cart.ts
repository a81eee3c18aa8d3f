import { claimsOf, createApiHandler } from '../lib/http.js';
import { getCart } from '../services/shopping-cart.js';

const CART = '/api/v1/pageBasedAPI/plansAndBillings/shoppingCart';

export const handler = createApiHandler('shopping-cart', {
  [`GET ${CART}`]: async (request) => getCart(claimsOf(request).tuid),
  [`GET ${CART}/count`]: async (request) => ({ count: (await getCart(claimsOf(request).tuid)).count }),
});
