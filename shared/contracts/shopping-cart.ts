/** The shopping cart (the billing spec), on the user's own account. */
import { ZCountResponse } from '../schemas/contact-search.js';
import { ZCart } from '../schemas/shopping-cart.js';
import { OWN_ACCOUNT, defineGroup, route } from './route.js';

export const shoppingCart = defineGroup('shopping-cart', {
  get: route({ method: 'GET', path: 'plansAndBillings/shoppingCart', access: OWN_ACCOUNT, answer: ZCart }),
  count: route({ method: 'GET', path: 'plansAndBillings/shoppingCart/count', access: OWN_ACCOUNT, answer: ZCountResponse }),
});
