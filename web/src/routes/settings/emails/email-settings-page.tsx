/**
 * `/settings/emails` (spec §2.1): the sender addresses and sender domains email campaigns send
 * from. Needs read on the email section.
 */
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ErrorPage } from '../../../components/error-page.js';
import { useClaims } from '../../../session/session.js';
import { SettingsPageFrame } from '../settings-page-frame.js';
import { SenderAddressesSection } from './components/sender-addresses-section.js';
import { SenderDomainsSection } from './components/sender-domains-section.js';

/** What the user may do here: the email section's flags, as the API's routes demand (spec §6). */
export type EmailSettingsPermissions = { canWrite: boolean; canDelete: boolean };

export default function EmailSettingsPage() {
  const { t } = useTranslation('email-settings');
  const claims = useClaims();
  const can = (flag: 'read' | 'write' | 'delete') => (claims ? hasPermission(claims, 'email', flag) : false);
  if (!can('read')) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  const permissions = { canWrite: can('write'), canDelete: can('delete') };

  return (
    <SettingsPageFrame current="emails" title={t('title')} subtitle={t('subtitle')} testId="email-settings-page">
      <SenderAddressesSection permissions={permissions} />
      <SenderDomainsSection permissions={permissions} />
    </SettingsPageFrame>
  );
}
