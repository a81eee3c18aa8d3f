/**
 * `/settings/billing` (billing §2): the account's payment cards (per currency: billing §7 lists
 * them by currency), billing info and invoice recipients. Own account only (billing §6: not a
 * collaborator's, nor anyone acting on another account).
 */
import { useState } from 'react';
import { Box, Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePricebook, useShoppingCart } from '../../../api/shopping-cart.js';
import { BillingInfoCard } from '../../../components/billing/billing-info-card.js';
import { InvoiceRecipientsCard } from '../../../components/billing/invoice-recipients-card.js';
import { PaymentCards } from '../../../components/payment-cards/payment-cards.js';
import { SettingsPageFrame } from '../settings-page-frame.js';

export default function BillingSettingsPage() {
  const { t } = useTranslation('billing-details');
  const { t: tCheckout } = useTranslation('checkout');
  const { pricebook } = usePricebook();
  const { cart } = useShoppingCart(true);
  const [chosen, setChosen] = useState<string | null>(null);
  // The cart's currency until the user picks another: the cards they are about to pay with.
  const currency = chosen ?? cart?.currency ?? 'HKD';
  return (
    <SettingsPageFrame current="billing" title={t('title')} subtitle={t('subtitle')} testId="billing-settings-page">
      <Box bg="bg" borderWidth="1px" rounded="xl" p="5" shadow="xs">
        <Field.Root maxW="48" mb="4">
          <Field.Label>{tCheckout('cards.currency')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={currency} onChange={(event) => setChosen(event.target.value)} data-testid="billing-cards-currency">
              {(pricebook?.forex ?? [{ name: currency }]).map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <PaymentCards currency={currency} />
      </Box>
      <BillingInfoCard />
      <InvoiceRecipientsCard />
    </SettingsPageFrame>
  );
}
