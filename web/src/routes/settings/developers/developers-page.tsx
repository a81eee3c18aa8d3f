/**
 * `/settings/developers` (spec §2.1): API keys for scripts, webhook endpoints that hear the
 * account's events, and the reference of the routes keys reach with curl examples. Own account only (spec §6: not a collaborator's).
 */
import { useTranslation } from 'react-i18next';
import { SettingsPageFrame } from '../settings-page-frame.js';
import { ApiKeysSection } from './components/api-keys-section.js';
import { ApiReferenceSection } from './components/api-reference-section.js';
import { WebhooksSection } from './components/webhooks-section.js';

export default function DevelopersPage() {
  const { t } = useTranslation('developers');
  return (
    <SettingsPageFrame current="developers" title={t('title')} subtitle={t('subtitle')} testId="developers-page">
      <ApiKeysSection />
      <WebhooksSection />
      <ApiReferenceSection />
    </SettingsPageFrame>
  );
}
