/** Step 2 (billing §2): who the receipt is made out to and who receives it, then Next or Back. */
import { Button, Flex, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BillingInfoCard } from '../../../components/billing/billing-info-card.js';
import { InvoiceRecipientsCard } from '../../../components/billing/invoice-recipients-card.js';

export function BillingStep({ onBack, onNext }: { onBack(): void; onNext(): void }) {
  const { t } = useTranslation('checkout');
  return (
    <Stack gap="4" data-testid="checkout-billing">
      <BillingInfoCard />
      <InvoiceRecipientsCard />
      <Flex justify="space-between" gap="3">
        <Button variant="outline" onClick={onBack}>
          {t('back')}
        </Button>
        <Button colorPalette="brand" onClick={onNext} data-testid="checkout-billing-next">
          {t('next')}
        </Button>
      </Flex>
    </Stack>
  );
}
