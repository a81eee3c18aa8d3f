/** The overview (spec §2.1): the counters, the rates of reportRates, opens and clicks over time, and each link's clicks. */
import { Box, Grid, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { reportRates } from '../../../../../shared/domain/campaigns.js';
import type { TCampaignReportResponse } from '../../../../../shared/schemas/campaigns.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { TimelineChart } from './timeline-chart.js';

const COUNTERS = ['recipients', 'sent', 'delivered', 'opens', 'uniqueOpens', 'clicks', 'uniqueClicks', 'bounces', 'unsubscribes', 'complaints'] as const;
const RATES = ['deliveryRate', 'openRate', 'clickRate', 'clickToOpenRate', 'bounceRate', 'unsubscribeRate', 'complaintRate'] as const;

export function ReportOverview({ report }: { report: TCampaignReportResponse }) {
  const { t, i18n } = useTranslation('campaigns');
  const { number } = useFormatters();
  const { counters } = report;
  const values: Record<(typeof COUNTERS)[number], number> = { ...counters, bounces: counters.hardBounces + counters.softBounces };
  const rates = reportRates(counters);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const links = report.links ?? [];
  return (
    <Stack gap="8" data-testid="report-overview">
      <Grid templateColumns="repeat(auto-fill, minmax(150px, 1fr))" gap="3">
        {COUNTERS.map((key) => (
          <Box key={key} bg="bg" borderWidth="1px" rounded="lg" p="4" data-testid={`counter-${key}`} data-value={values[key]}>
            <Text fontSize="sm" color="fg.muted">
              {t(`report.counter.${key}`)}
            </Text>
            <Text fontSize="2xl" fontWeight="semibold">
              {number(values[key])}
            </Text>
          </Box>
        ))}
      </Grid>
      <Grid templateColumns="repeat(auto-fill, minmax(150px, 1fr))" gap="3">
        {RATES.map((key) => (
          <Box key={key} px="4" py="3" bg="bg.subtle" rounded="md" data-testid={`rate-${key}`}>
            <Text fontSize="xs" color="fg.muted">
              {t(`report.rate.${key}`)}
            </Text>
            <Text fontWeight="semibold">{percent.format(rates[key])}</Text>
          </Box>
        ))}
      </Grid>
      <Stack gap="3">
        <Heading size="md">{t('report.timeline')}</Heading>
        <TimelineChart points={report.timeline ?? []} />
      </Stack>
      <Stack gap="3">
        <Heading size="md">{t('report.links')}</Heading>
        {links.length === 0 ? (
          <Text color="fg.muted">{t('report.noLinks')}</Text>
        ) : (
          <Box bg="bg" borderWidth="1px" rounded="lg" overflowX="auto">
            <Table.Root size="sm" aria-label={t('report.links')} data-testid="report-links">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>{t('report.column.url')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('report.counter.clicks')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('report.counter.uniqueClicks')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {links.map((link) => (
                  <Table.Row key={link.index}>
                    <Table.Cell maxW="lg">
                      <Text truncate title={link.url}>
                        {link.url}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{number(link.clicks)}</Table.Cell>
                    <Table.Cell textAlign="end">{number(link.uniqueClicks)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
