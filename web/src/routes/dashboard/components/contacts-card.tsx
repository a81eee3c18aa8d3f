import { useTranslation } from 'react-i18next';
import type { TDashboardSummary } from '../../../../../shared/schemas/user.js';
import { ContactsIcon } from '../../../components/icons.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { StatCard } from './stat-card.js';

/** Usage turns orange and red at the spec's 75% and 100% notices. */
function usageBar(percent: number) {
  return { percent, palette: percent >= 100 ? 'red' : percent >= 75 ? 'orange' : 'cyan' };
}

/** Contacts stored against the plan's limit; a standard account has no limit. */
export function ContactsCard({ contacts }: { contacts: TDashboardSummary['contacts'] }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  const hint =
    contacts.limit === null
      ? t('contacts.unlimited')
      : contacts.count === 0
        ? t('contacts.emptyWithLimit', { limit: number(contacts.limit) })
        : t('contacts.ofLimit', { limit: number(contacts.limit) });
  return (
    <StatCard
      icon={ContactsIcon}
      label={t('contacts.title')}
      value={number(contacts.count)}
      hint={hint}
      progress={contacts.limit ? usageBar((contacts.count / contacts.limit) * 100) : undefined}
      palette="cyan"
      testId="contacts-card"
    />
  );
}
