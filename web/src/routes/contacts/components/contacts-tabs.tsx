/** The two tabs of `/contacts` (`?tab=0` contacts, `?tab=1` custom fields), as links so the tab is in the URL. */
import { useTranslation } from 'react-i18next';
import { LinkTabs } from '../../../components/link-tabs.js';
import { contactPaths } from '../../../paths/contacts.js';

export type ContactsTab = 'contacts' | 'fields';

const TABS = [
  { tab: 'contacts', to: contactPaths.list },
  { tab: 'fields', to: contactPaths.fields },
] as const;

export function ContactsTabs({ current }: { current: ContactsTab }) {
  const { t } = useTranslation('contacts');
  const tabs = TABS.map(({ tab, to }) => ({ key: tab, to, label: t(`tabs.${tab}`), testId: `tab-${tab}` }));
  return <LinkTabs tabs={tabs} current={current} label={t('tabs.label')} />;
}
