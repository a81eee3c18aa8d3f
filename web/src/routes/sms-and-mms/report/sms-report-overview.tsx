/**
 * The SMS and MMS overview (spec §2.1): who it went to and what became of it (sent, delivered,
 * failed, skipped), what it cost (message parts and SMS credits), why messages failed (by the
 * status code the receipts carry), the messages and credits per destination country, and the clicks
 * on each shortened link.
 */
import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TCampaignReportResponse } from '../../../../../shared/schemas/campaigns.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { CounterGrid, LinksTable, ReportSection } from '../../../components/campaign-report/report-parts.js';
import { failureText } from '../../../components/campaign-report/report-labels.js';
import { useCountryName } from '../wizard/country-name.js';

const COUNTERS = ['recipients', 'sent', 'delivered', 'failed', 'skipped', 'segments', 'creditsUsed', 'clicks', 'possiblySentTwice'] as const;

export function SmsReportOverview({ report }: { report: TCampaignReportResponse }) {
  const { t } = useTranslation('campaigns');
  const { number, percent } = useFormatters();
  const countryName = useCountryName();
  const { counters } = report;
  const failed = counters.failed;
  const deliveryRate = counters.sent > 0 ? Math.min(1, counters.delivered / counters.sent) : 0;
  const reasons = report.failureReasons ?? [];
  const countries = report.countries ?? [];
  return (
    <Stack gap="8" data-testid="report-overview">
      <CounterGrid
        counters={COUNTERS.map((key) => ({ key, label: t(`sms.report.counter.${key}`), value: counters[key] }))}
        extra={
          <Box px="4" py="3" bg="bg.subtle" rounded="md" data-testid="rate-deliveryRate">
            <Text fontSize="xs" color="fg.muted">
              {t('report.rate.deliveryRate')}
            </Text>
            <Text fontWeight="semibold">{percent(deliveryRate)}</Text>
          </Box>
        }
      />
      <ReportSection title={t('sms.report.failureReasons')} empty={failed === 0 ? t('sms.report.noFailures') : null}>
        <Box bg="bg" borderWidth="1px" rounded="lg" overflowX="auto">
          <Table.Root size="sm" aria-label={t('sms.report.failureReasons')} data-testid="report-failure-reasons">
            <Table.Body>
              {reasons.map((item) => (
                <Table.Row key={item.reason} data-testid="failure-reason" data-reason={item.reason}>
                  <Table.Cell>{failureText(t, item.reason)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(item.count)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </ReportSection>
      <ReportSection title={t('sms.report.countries')} empty={countries.length === 0 ? t('sms.report.noCountries') : null}>
        <Box bg="bg" borderWidth="1px" rounded="lg" overflowX="auto">
          <Table.Root size="sm" aria-label={t('sms.report.countries')} data-testid="report-countries">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('sms.cost.country')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('sms.report.counter.sent')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('sms.report.counter.creditsUsed')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {countries.map((item) => (
                <Table.Row key={item.country} data-testid="report-country" data-country={item.country}>
                  <Table.Cell>{countryName(item.country)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(item.sent)}</Table.Cell>
                  <Table.Cell textAlign="end">{number(item.credits)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </ReportSection>
      {(report.links?.length ?? 0) > 0 && <LinksTable links={report.links ?? []} />}
    </Stack>
  );
}
