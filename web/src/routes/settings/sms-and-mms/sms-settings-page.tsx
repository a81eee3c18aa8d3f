/**
 * `/settings/sms-and-mms` (spec §2.1): the account's sender IDs (spec §4 "Sender ID") and the
 * countries its SMS campaigns may send to (spec §8 STT-SMS-01). Needs read on the sms section.
 */
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { ErrorPage } from '../../../components/error-page.js';
import { SettingsPageFrame } from '../settings-page-frame.js';
import { CallingCodesSection } from './components/calling-codes-section.js';
import { SenderIdsSection } from './components/sender-ids-section.js';
import { useSectionPermissions } from '../use-section-permissions.js';

export default function SmsSettingsPage() {
  const { t } = useTranslation('sms-settings');
  const permissions = useSectionPermissions('sms');
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  return (
    <SettingsPageFrame current="sms-and-mms" title={t('title')} subtitle={t('subtitle')} testId="sms-settings-page">
      <SenderIdsSection permissions={permissions} />
      <CallingCodesSection canWrite={permissions.canWrite} />
    </SettingsPageFrame>
  );
}
