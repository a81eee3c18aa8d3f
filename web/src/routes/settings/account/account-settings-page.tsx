/**
 * `/settings/account?tab=` (spec §2.1): tab 0 is the account and login email (profile, login
 * email), tab 1 the password, tab 2 sign-in activity. Own account only (the route's OwnAccountOnly).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LinkTabs } from '../../../components/link-tabs.js';
import { SettingsPageFrame } from '../settings-page-frame.js';
import { LoginEmailSection } from './components/login-email-section.js';
import { PasswordSection } from './components/password-section.js';
import { ProfileSection } from './components/profile-section.js';
import { SignInActivitySection } from './components/sign-in-activity-section.js';

const ACCOUNT_TABS = ['account', 'password', 'activity'] as const;

export default function AccountSettingsPage() {
  const { t } = useTranslation('account-settings');
  const [params] = useSearchParams();
  const tab = ACCOUNT_TABS[Number(params.get('tab'))] ?? 'account';
  const tabs = ACCOUNT_TABS.map((key, index) => ({ key, to: `/settings/account?tab=${index}`, label: t(`tabs.${key}`), testId: `account-tab-${key}` }));

  return (
    <SettingsPageFrame current="account" title={t('title')} subtitle={t('subtitle')} testId="account-settings-page" maxW="3xl" tabs={<LinkTabs tabs={tabs} current={tab} label={t('tabs.label')} />}>
      {tab === 'account' && (
        <>
          <ProfileSection />
          <LoginEmailSection />
        </>
      )}
      {tab === 'password' && <PasswordSection />}
      {tab === 'activity' && <SignInActivitySection />}
    </SettingsPageFrame>
  );
}
