/**
 * The settings pages this build has (spec §2.1 /settings children), as link tabs above each of
 * them: the user panel's settings entry and a notification land on one page, and the others are
 * a click away. Children of later issues are not listed until they exist.
 */
import { useTranslation } from 'react-i18next';
import { isActingOnOtherAccount } from '../../../../shared/domain/permissions.js';
import { LinkTabs } from '../../components/link-tabs.js';
import { useClaims } from '../../session/session.js';

const SETTINGS_CHILDREN = ['account', 'billing', 'emails', 'sms-and-mms', 'notifications', 'developers'] as const;
export type SettingsChild = (typeof SETTINGS_CHILDREN)[number];

/** `current` null: a child of a later issue, shown with every tab inactive. */
export function SettingsTabs({ current }: { current: SettingsChild | null }) {
  const { t } = useTranslation('settings');
  const claims = useClaims();
  // Billing is the login account's own (billing §6): a collaborator acting on the account has no tab for it.
  const children = claims && isActingOnOtherAccount(claims) ? SETTINGS_CHILDREN.filter((child) => child !== 'billing') : SETTINGS_CHILDREN;
  const tabs = children.map((child) => ({ key: child, to: `/settings/${child}`, label: t(`tabs.${child}`), testId: `settings-tab-${child}` }));
  return <LinkTabs tabs={tabs} current={current ?? ''} label={t('tabs.label')} />;
}
