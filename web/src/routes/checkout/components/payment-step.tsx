/**
 * Step 3 (billing §2, §5): the card list, the terms box, Pay Now and Back. Pay Now needs a card,
 * the ticked box, a non-empty cart and a verified user; an unverified user's click opens the
 * verify dialog instead (the button is wrapped by one that warns).
 */
import { useState } from 'react';
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PaymentCards } from '../../../components/payment-cards/payment-cards.js';
import { useVerifyDialog } from '../../../shell/verify-dialog-context.js';
import { TermsAgreement } from './terms-agreement.js';

type Props = {
  currency: string;
  cartIsEmpty: boolean;
  unverified: boolean;
  paying: boolean;
  paymentError: string | null;
  /** What Pay Now charges, formatted. */
  total: string | null;
  onPay(cardId: string): void;
  onBack(): void;
};

export function PaymentStep({ currency, cartIsEmpty, unverified, paying, paymentError, total, onPay, onBack }: Props) {
  const { t } = useTranslation('checkout');
  const openVerify = useVerifyDialog();
  const [cardId, setCardId] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const ready = cardId !== null && agreed && !cartIsEmpty && !paying;

  return (
    <Stack gap="5" bg="bg" borderWidth="1px" rounded="xl" p="6" shadow="xs" data-testid="checkout-payment">
      <PaymentCards currency={currency} selectedId={cardId} onSelect={setCardId} paymentError={paymentError} />
      <TermsAgreement checked={agreed} onChange={setAgreed} />
      {unverified && (
        <Text fontSize="sm" color="fg.warning" data-testid="checkout-unverified">
          {t('payment.unverified')}
        </Text>
      )}
      {total && (
        <Flex justify="space-between" fontWeight="semibold" borderTopWidth="1px" pt="4" data-testid="checkout-total">
          <Text>{t('payment.total')}</Text>
          <Text>{total}</Text>
        </Flex>
      )}
      <Flex gap="3" justify="space-between">
        <Button variant="outline" onClick={onBack} disabled={paying}>
          {t('back')}
        </Button>
        {/* Billing §2: the wrapper warns an unverified user instead of paying. */}
        <Box onClickCapture={unverified ? (event) => (event.stopPropagation(), openVerify()) : undefined} data-testid="checkout-pay-wrapper">
          <Button colorPalette="brand" disabled={unverified ? false : !ready} loading={paying} onClick={() => cardId && onPay(cardId)} data-testid="checkout-pay">
            {t('payment.payNow')}
          </Button>
        </Box>
      </Flex>
    </Stack>
  );
}
