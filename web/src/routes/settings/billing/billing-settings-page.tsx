/**
 * `/settings/billing` (billing §2): the account's payment cards, billing info and invoice
 * recipients. Own account only (billing §6: not a collaborator's, nor anyone acting on another
 * account). The payment-card list goes first, above the billing info, when it exists.
 */
import { useTranslation } from 'react-i18next';
import { BillingInfoCard } from '../../../components/billing/billing-info-card.js';
import { InvoiceRecipientsCard } from '../../../components/billing/invoice-recipients-card.js';
import { SettingsPageFrame } from '../settings-page-frame.js';

export default function BillingSettingsPage() {
  const { t } = useTranslation('billing-details');
  return (
    <SettingsPageFrame current="billing" title={t('title')} subtitle={t('subtitle')} testId="billing-settings-page">
      <BillingInfoCard />
      <InvoiceRecipientsCard />
    </SettingsPageFrame>
  );
}
