import { shoppingCart } from '../../shared/contracts/shopping-cart.js';
import { createApiHandler } from '../lib/http.js';
import { currentPricebook } from '../services/billing/pricebook.js';
import { cartLinePrice, changeCartOptions, countCartLines, getCart, putCartLine, removeCartLine } from '../services/billing/shopping-cart.js';

export const handler = createApiHandler(shoppingCart, {
  get: async ({ caller }) => getCart({ tuid: caller.tuid }),
  count: async ({ caller }) => ({ count: await countCartLines({ tuid: caller.tuid }) }),
  pricebook: async ({ now }) => ({ data: await currentPricebook(now) }),
  linePrice: async ({ caller, params }) => cartLinePrice({ tuid: caller.tuid, id: params.id }),
  putLine: async ({ caller, body, now }) => putCartLine({ caller, input: body, now }),
  removeLine: async ({ caller, body }) => removeCartLine({ caller, id: body.id }),
  currency: async ({ caller, body }) => changeCartOptions({ caller, change: { currency: body.currency } }),
  payCycle: async ({ caller, body }) => changeCartOptions({ caller, change: { payCycle: body.paymentCycle } }),
});
