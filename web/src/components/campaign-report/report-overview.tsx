/** The overview (spec §2.1): the counters, the rates of reportRates, opens and clicks over time, and each link's clicks. */
import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../format/use-formatters.js';
import { reportRates } from '../../../../shared/domain/campaign-report.js';
import type { TCampaignReportResponse } from '../../../../shared/schemas/campaigns.js';
import { CounterGrid, LinksTable, ReportSection } from './report-parts.js';
import { TimelineChart } from './timeline-chart.js';

const COUNTERS = ['recipients', 'sent', 'delivered', 'opens', 'machineOpens', 'uniqueOpens', 'clicks', 'uniqueClicks', 'bounces', 'failed', 'skipped', 'unsubscribes', 'complaints', 'possiblySentTwice'] as const;
const RATES = ['deliveryRate', 'openRate', 'clickRate', 'clickToOpenRate', 'bounceRate', 'unsubscribeRate', 'complaintRate'] as const;

export function ReportOverview({ report }: { report: TCampaignReportResponse }) {
  const { t } = useTranslation('campaigns');
  const { percent } = useFormatters();
  const { counters } = report;
  const values: Record<(typeof COUNTERS)[number], number> = { ...counters, bounces: counters.hardBounces + counters.softBounces };
  const rates = reportRates(counters);
  return (
    <Stack gap="8" data-testid="report-overview">
      <CounterGrid counters={COUNTERS.map((key) => ({ key, label: t(`report.counter.${key}`), value: values[key] }))} />
      <Grid templateColumns="repeat(auto-fill, minmax(150px, 1fr))" gap="3">
        {RATES.map((key) => (
          <Box key={key} px="4" py="3" bg="bg.subtle" rounded="md" data-testid={`rate-${key}`}>
            <Text fontSize="xs" color="fg.muted">
              {t(`report.rate.${key}`)}
            </Text>
            <Text fontWeight="semibold">{percent(rates[key])}</Text>
          </Box>
        ))}
      </Grid>
      <ReportSection title={t('report.timeline')} empty={null}>
        <TimelineChart points={report.timeline ?? []} />
      </ReportSection>
      <LinksTable links={report.links ?? []} />
    </Stack>
  );
}
