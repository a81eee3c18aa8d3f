/** Pieces the email and the SMS/MMS overviews share: the counter cards, a titled section, each link's clicks. */
import type { ReactNode } from 'react';
import { Box, Grid, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TCampaignReportResponse } from '../../../../shared/schemas/campaigns.js';
import { useFormatters } from '../../format/use-formatters.js';

/** One card per counter, in the order given; `extra` (e.g. a rate) closes the grid. */
export function CounterGrid({ counters, extra }: { counters: ReadonlyArray<{ key: string; label: string; value: number }>; extra?: ReactNode }) {
  const { number } = useFormatters();
  return (
    <Grid templateColumns="repeat(auto-fill, minmax(150px, 1fr))" gap="3">
      {counters.map(({ key, label, value }) => (
        <Box key={key} bg="bg" borderWidth="1px" rounded="lg" p="4" data-testid={`counter-${key}`} data-value={value}>
          <Text fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Text fontSize="2xl" fontWeight="semibold">
            {number(value)}
          </Text>
        </Box>
      ))}
      {extra}
    </Grid>
  );
}

/** A titled part of the overview: its content, or a line saying there is nothing yet. */
export function ReportSection({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Heading size="md">{title}</Heading>
      {empty !== null ? <Text color="fg.muted">{empty}</Text> : children}
    </Stack>
  );
}

/** Each tracked link with its clicks and unique clickers, in message order. */
export function LinksTable({ links }: { links: NonNullable<TCampaignReportResponse['links']> }) {
  const { t } = useTranslation('campaigns');
  const { number } = useFormatters();
  return (
    <ReportSection title={t('report.links')} empty={links.length === 0 ? t('report.noLinks') : null}>
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
    </ReportSection>
  );
}
