import { payments } from '../../shared/contracts/payments.js';
import { createApiHandler } from '../lib/http.js';
import { confirmOrder, createOrder } from '../services/billing/checkout.js';
import { countPlansByCard, deleteCard, listCards, startAddCard, startChangeCard } from '../services/billing/payment-cards.js';
import { ordersOf, plansAndBalances } from '../services/billing/plans-and-orders.js';
import { downloadReceipt, previewReceipt } from '../services/billing/receipts.js';
import { handleStripeWebhook } from '../services/billing/stripe-events.js';

export const handler = createApiHandler(payments, {
  cards: async ({ caller, params, now }) => listCards({ tuid: caller.tuid, currency: params.currencyName, now }),
  addCard: async ({ caller, body, now }) => startAddCard({ tuid: caller.tuid, currency: body.currencyName, now }),
  updateCard: async ({ caller, body }) => startChangeCard({ tuid: caller.tuid, currency: body.currencyName, paymentMethod: body.paymentMethod }),
  deleteCard: async ({ caller, body, now }) => deleteCard({ tuid: caller.tuid, currency: body.currencyName, paymentMethodId: body.paymentMethodId, cardId: body.cardId, now }),
  orderCountByCard: async ({ caller, params, now }) => countPlansByCard({ tuid: caller.tuid, cardId: params.cardId, now }),
  createOrder: async ({ caller, body, now }) => createOrder({ tuid: caller.tuid, request: body, now }),
  confirmOrder: async ({ caller, body, now }) => confirmOrder({ tuid: caller.tuid, orderId: body.orderId, now }),
  orders: async ({ caller }) => ordersOf({ tuid: caller.tuid }),
  plans: async ({ caller }) => plansAndBalances({ tuid: caller.tuid }),
  receiptPreview: async ({ caller, query }) => previewReceipt({ tuid: caller.tuid, orderId: query.id }),
  receiptDownload: async ({ caller, params }) => downloadReceipt({ tuid: caller.tuid, orderId: params.orderId }),
  stripeWebhook: async ({ http, now }) => {
    const { event } = http;
    const rawBody = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : (event.body ?? '');
    return handleStripeWebhook({ rawBody, signature: event.headers['stripe-signature'], now });
  },
});
