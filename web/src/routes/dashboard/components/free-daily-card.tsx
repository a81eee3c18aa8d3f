import { useTranslation } from 'react-i18next';
import type { TDashboardSummary } from '../../../../../shared/schemas/user.js';
import { SparkIcon } from '../../../components/icons.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { StatCard } from './stat-card.js';

/** A free account's daily free email allowance: what is left today, as a draining bar. */
export function FreeDailyCard({ credits }: { credits: TDashboardSummary['credits'] }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  const percentLeft = credits.freeDailyEmail > 0 ? (credits.freeDailyEmailRemaining / credits.freeDailyEmail) * 100 : 0;
  return (
    <StatCard
      icon={SparkIcon}
      label={t('credits.freeDailyEmail')}
      value={number(credits.freeDailyEmailRemaining)}
      hint={t('credits.freeDailyEmailHint', { total: number(credits.freeDailyEmail) })}
      progress={{ percent: percentLeft, palette: percentLeft === 0 ? 'red' : percentLeft <= 25 ? 'orange' : 'green' }}
      palette="green"
      testId="credit-free-daily"
    />
  );
}
