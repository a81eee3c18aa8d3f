/** The shopping cart (the billing spec), on the user's own account. */
import { ZCountResponse } from '../schemas/contact-search.js';
import { ZCart, ZCartCurrencyRequest, ZCartItemRequest, ZCartLineParams, ZCartPayCycleRequest, ZPricebookResponse, ZRemoveCartItemRequest, ZSinglePrice } from '../schemas/shopping-cart.js';
import { OWN_ACCOUNT, defineGroup, route } from './route.js';

export const shoppingCart = defineGroup('shopping-cart', {
  get: route({ method: 'GET', path: 'plansAndBillings/shoppingCart', access: OWN_ACCOUNT, answer: ZCart }),
  count: route({ method: 'GET', path: 'plansAndBillings/shoppingCart/count', access: OWN_ACCOUNT, answer: ZCountResponse }),
  pricebook: route({ method: 'GET', path: 'plansAndBillings/shoppingCart/pricebook', access: OWN_ACCOUNT, answer: ZPricebookResponse }),
  linePrice: route({ method: 'GET', path: 'plansAndBillings/shoppingCart/pricebook/{id}', access: OWN_ACCOUNT, params: ZCartLineParams, answer: ZSinglePrice }),
  putLine: route({ method: 'POST', path: 'plansAndBillings/shoppingCart', access: OWN_ACCOUNT, body: ZCartItemRequest, answer: ZCart }),
  removeLine: route({ method: 'DELETE', path: 'plansAndBillings/shoppingCart', access: OWN_ACCOUNT, body: ZRemoveCartItemRequest, answer: ZCart }),
  currency: route({ method: 'POST', path: 'plansAndBillings/shoppingCart/currency', access: OWN_ACCOUNT, body: ZCartCurrencyRequest, answer: ZCart }),
  payCycle: route({ method: 'POST', path: 'plansAndBillings/shoppingCart/paycycle', access: OWN_ACCOUNT, body: ZCartPayCycleRequest, answer: ZCart }),
});
