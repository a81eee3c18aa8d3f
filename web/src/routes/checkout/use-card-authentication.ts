/** The checkout's 3-D Secure: the card provider completes a payment intent with the chosen card (billing §4). */
import { useCallback } from 'react';
import { useCardPayments } from '../../components/payments/card-payments.js';
import type { AuthenticatePayment } from './use-pay-now.js';

export function useCardAuthentication(): AuthenticatePayment {
  const provider = useCardPayments();
  return useCallback(
    async (clientSecret, paymentMethodId) => {
      if (!provider) return { error: { code: 'api_connection_error', message: '' } };
      const result = await provider.confirmCardPayment(clientSecret, { paymentMethodId });
      return 'error' in result ? { error: { code: result.error.decline_code ?? result.error.code, message: result.error.message } } : {};
    },
    [provider],
  );
}
