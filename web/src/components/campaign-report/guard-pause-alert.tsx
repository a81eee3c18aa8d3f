/** The deliverability guard paused this campaign: which rate, on how many messages, and what the owner can do. */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TCampaignReportState } from '../../../../shared/schemas/campaigns.js';
import { useFormatters } from '../../format/use-formatters.js';

type GuardPause = NonNullable<TCampaignReportState['guardPause']>;

export function GuardPauseAlert({ pause }: { pause: GuardPause }) {
  // The rate's name is the notices' own word for it: the same in the alert and in the notice.
  const { t } = useTranslation(['campaigns', 'notifications']);
  const { number, dateTime, percent } = useFormatters();
  return (
    <Alert.Root status="error" variant="subtle" mb="6" data-testid="report-guard-pause" data-reason={pause.reason}>
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{t('report.guardPause.title', { time: dateTime(pause.time) })}</Alert.Title>
        <Alert.Description>
          {t('report.guardPause.text', {
            reason: t(`notifications:guardReason.${pause.reason}`),
            rate: percent(pause.rate, 2),
            limit: percent(pause.limit, 2),
            events: number(pause.count),
            messages: number(pause.sample),
          })}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
