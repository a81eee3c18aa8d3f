/**
 * Billing §4 "Payment flow": create-order charges the chosen card; 'Payment successful' ends it;
 * a payment intent asks the card's bank to authenticate the buyer (3-D Secure) with its client
 * secret, after which the server re-reads the payment (confirm-order). A failure is shown beside
 * the card list and in the error dialog, except a failed authentication, which the buyer saw.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { PAYMENT_SUCCESSFUL } from '../../../../shared/schemas/payments.js';
import { ApiError, toApiError } from '../../api/errors.js';
import { confirmOrder, createOrder } from '../../api/payments.js';
import { showError } from '../../components/error-dialog.js';

/** What the card provider answers after authenticating a payment in the browser. */
export type AuthenticationResult = { error?: { code?: string; message?: string } };
export type AuthenticatePayment = (clientSecret: string, paymentMethodId: string) => Promise<AuthenticationResult>;

export type PayRequest = { billingInterval: 'monthly' | 'quarterly' | 'annually' | 'oneoff'; rate: number; currency: string; cardId: string };

export type PayState = { status: 'idle' } | { status: 'paying' } | { status: 'paid'; orderId: string } | { status: 'processing'; orderId: string };

export function usePayNow(authenticate: AuthenticatePayment) {
  const { t } = useTranslation('errors');
  const [state, setState] = useState<PayState>({ status: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown) => {
      const apiError = toApiError(error);
      if (apiError.cancelled) return;
      setFailure(apiError.stripeMessage ?? t(apiError.code, { defaultValue: apiError.message }));
      if (apiError.code !== ERROR_CODES.PAYMENT_AUTHENTICATION_FAILED) showError(apiError);
    },
    [t],
  );

  const pay = useCallback(
    async (request: PayRequest) => {
      setState({ status: 'paying' });
      setFailure(null);
      try {
        let answer = await createOrder({ billingInterval: request.billingInterval, rate: request.rate, name: request.currency, cardId: request.cardId, paymentMethodId: request.cardId });
        if (answer.paymentIntent) {
          const authenticated = await authenticate(answer.paymentIntent.client_secret, request.cardId);
          // The server re-reads the payment either way: a failed authentication fails the order and frees the next Pay Now.
          answer = await confirmOrder(answer.orderId).catch((error: unknown) => {
            if (authenticated.error) throw new ApiError({ code: authenticated.error.code ?? ERROR_CODES.PAYMENT_AUTHENTICATION_FAILED, message: authenticated.error.message, httpStatus: 402, stripeMessage: authenticated.error.message });
            throw error;
          });
        }
        setState(answer.message === PAYMENT_SUCCESSFUL ? { status: 'paid', orderId: answer.orderId } : { status: 'processing', orderId: answer.orderId });
      } catch (error) {
        setState({ status: 'idle' });
        fail(error);
      }
    },
    [authenticate, fail],
  );

  return { state, failure, pay, reset: () => setState({ status: 'idle' }) };
}
