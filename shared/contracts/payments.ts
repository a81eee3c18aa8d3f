/** Cards, orders and receipts (billing §7): paying for the cart through Stripe, on the user's own account. */
import {
  ZAddCardRequest,
  ZCardIdParams,
  ZCardsResponse,
  ZConfirmOrderRequest,
  ZCreateOrderRequest,
  ZCreateOrderResponse,
  ZCurrencyParams,
  ZDeleteCardRequest,
  ZOrderIdParams,
  ZOrderQuery,
  ZOrdersResponse,
  ZPlansResponse,
  ZReceiptPreviewResponse,
  ZReceiptQuery,
  ZSetupIntentResponse,
  ZStatusResponse,
  ZStripeWebhookAck,
  ZUpdateCardRequest,
} from '../schemas/payments.js';
import { ZCountResponse } from '../schemas/contact-search.js';
import { NOT_JSON, OWN_ACCOUNT, PUBLIC, defineGroup, route } from './route.js';

export const payments = defineGroup('payments', {
  cards: route({ method: 'GET', path: 'plansAndBillings/payment/stripe/card/getCards/{currencyName}', access: OWN_ACCOUNT, params: ZCurrencyParams, answer: ZCardsResponse }),
  addCard: route({ method: 'PUT', path: 'plansAndBillings/payment/stripe/card/add', access: OWN_ACCOUNT, body: ZAddCardRequest, answer: ZSetupIntentResponse }),
  updateCard: route({ method: 'POST', path: 'plansAndBillings/payment/stripe/card/update', access: OWN_ACCOUNT, body: ZUpdateCardRequest, answer: ZSetupIntentResponse }),
  deleteCard: route({ method: 'DELETE', path: 'plansAndBillings/payment/stripe/card/delete', access: OWN_ACCOUNT, body: ZDeleteCardRequest, answer: ZStatusResponse }),
  orderCountByCard: route({ method: 'GET', path: 'plansAndBillings/orders/getCountByCard/{cardId}', access: OWN_ACCOUNT, params: ZCardIdParams, answer: ZCountResponse }),
  createOrder: route({ method: 'POST', path: 'plansAndBillings/payment/stripe/create-order', access: OWN_ACCOUNT, body: ZCreateOrderRequest, answer: ZCreateOrderResponse }),
  confirmOrder: route({ method: 'POST', path: 'plansAndBillings/payment/stripe/confirm-order', access: OWN_ACCOUNT, body: ZConfirmOrderRequest, answer: ZCreateOrderResponse }),
  orders: route({ method: 'GET', path: 'plansAndBillings/orders', access: OWN_ACCOUNT, answer: ZOrdersResponse }),
  plans: route({ method: 'GET', path: 'plansAndBillings/plans', access: OWN_ACCOUNT, answer: ZPlansResponse }),
  receiptPreview: route({ method: 'GET', path: 'plansAndBillings/receipt/preview/order', access: OWN_ACCOUNT, query: ZOrderQuery, answer: ZReceiptPreviewResponse }),
  receiptDownload: route({ method: 'GET', path: 'plansAndBillings/receipt/download/order/{orderId}', access: OWN_ACCOUNT, params: ZOrderIdParams, query: ZReceiptQuery, answer: NOT_JSON }),
  /** Stripe's events: public, trusted only by their signature over the raw body. */
  stripeWebhook: route({ method: 'POST', path: '/api/v1/webhooks/stripe', access: PUBLIC, answer: ZStripeWebhookAck }),
});
