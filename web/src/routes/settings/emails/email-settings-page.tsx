/**
 * `/settings/emails` (spec §2.1): the sender addresses and sender domains email campaigns send
 * from. Needs read on the email section.
 */
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ErrorPage } from '../../../components/error-page.js';
import { SettingsPageFrame } from '../settings-page-frame.js';
import { useSectionPermissions } from '../use-section-permissions.js';
import { SenderAddressesSection } from './components/sender-addresses-section.js';
import { SenderDomainsSection } from './components/sender-domains-section.js';

export default function EmailSettingsPage() {
  const { t } = useTranslation('email-settings');
  const permissions = useSectionPermissions('email');
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  return (
    <SettingsPageFrame current="emails" title={t('title')} subtitle={t('subtitle')} testId="email-settings-page">
      <SenderAddressesSection permissions={permissions} />
      <SenderDomainsSection permissions={permissions} />
    </SettingsPageFrame>
  );
}
