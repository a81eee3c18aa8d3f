/** The pages of provider support's area, as tabs. */
import { useTranslation } from 'react-i18next';
import { LinkTabs } from '../../components/link-tabs.js';

export type AdminPage = 'announcements' | 'sender-ids';

export function AdminTabs({ current }: { current: AdminPage }) {
  const { t } = useTranslation('realtime');
  const tabs = [
    { key: 'announcements', to: '/admin/announcements', label: t('admin.tab.announcements'), testId: 'admin-tab-announcements' },
    { key: 'sender-ids', to: '/admin/sender-ids', label: t('admin.tab.senderIds'), testId: 'admin-tab-sender-ids' },
  ];
  return <LinkTabs tabs={tabs} current={current} label={t('admin.tabs')} />;
}
