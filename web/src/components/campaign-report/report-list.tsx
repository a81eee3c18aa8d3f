/**
 * A list view of the report (spec §2.1 delivery, open, click, bounce, unsubscribe; for SMS and MMS
 * the recipient is a mobile number, in the rows' `email` field, and a bounce is a failure): who, when, and
 * what each view adds (status, count, link, bounce type and reason), paged by the server, with an
 * Export of the whole view (or the one link chosen) as CSV or XLSX, made by the export worker and
 * downloaded from /exports. The click view can be narrowed to one link.
 */
import { useState } from 'react';
import { Box, Button, Flex, Menu, NativeSelect, Portal, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EmailReportView } from '../../../../shared/domain/campaign-report.js';
import type { TCampaignReportResponse, TReportRow } from '../../../../shared/schemas/campaigns.js';
import type { CampaignType } from '../../../../shared/domain/campaign-channels.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../shared/schemas/exports.js';
import { exportCampaignReport } from '../../api/campaigns.js';
import { useCampaignFamily } from '../campaigns/campaign-family.js';
import { bounceText, failureText } from './report-labels.js';
import { DownloadIcon, InboxIcon } from '../icons.js';
import { ListMessage } from '../list-states.js';
import { NumberedPager } from '../pager.js';
import { notify } from '../toaster.js';
import { describeError } from '../../errors/error-messages.js';
import { EXPORTS_PAGE } from '../../paths/exports.js';
import { useFormatters } from '../../format/use-formatters.js';

type ListView = Exclude<EmailReportView, 'overview'>;

/** The columns each view adds after the address. */
const EXTRA_COLUMNS: Record<ListView, readonly ('status' | 'count' | 'url' | 'bounceType' | 'reason')[]> = {
  delivery: ['status'],
  open: ['count'],
  click: ['url', 'count'],
  bounce: ['bounceType', 'reason'],
  failed: ['reason'],
  skipped: ['reason'],
  unsubscribe: [],
};

type Props = {
  report: TCampaignReportResponse;
  view: ListView;
  campaignId: string;
  type: CampaignType;
  page: number;
  link: number | undefined;
  onPage(page: number): void;
};

export function ReportList({ report, view, campaignId, type, page, link, onPage }: Props) {
  const { t } = useTranslation(['campaigns', 'exports']);
  const { dateTime, number } = useFormatters();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [isExporting, setExporting] = useState(false);
  const rows = report.rows ?? [];
  const total = report.total ?? rows.length;
  const family = useCampaignFamily();
  const columns = EXTRA_COLUMNS[view];

  // The file is made by the export worker, however long the list: its progress and download are on /exports.
  const exportView = async (format: ExportFormat) => {
    setExporting(true);
    try {
      await exportCampaignReport({ view, campaignId, type, link, format });
      notify({ type: 'success', title: t('exports:toast.started'), description: t('exports:toast.startedText') });
      navigate(EXPORTS_PAGE);
    } catch (failure) {
      // Spec §8 "Toasts": export failed to start, with why when the server said.
      notify({ type: 'error', title: t('exports:toast.failedToStart'), description: describeError(failure, t)?.message });
      setExporting(false);
    }
  };

  const cell = (row: TReportRow, column: (typeof columns)[number]) => {
    if (column === 'count') return row.count === undefined ? '' : number(row.count);
    if (column === 'status') return row.status ? t(`report.deliveryStatus.${row.status}`, { defaultValue: row.status }) : '';
    if (column === 'bounceType') return row.bounceType ? t(`report.bounceType.${row.bounceType}`) : '';
    // A provider's code and a skip's reason are shown as a sentence, never as the code itself.
    if (column === 'reason' && view === 'failed') return failureText(t, row.reason ?? '');
    // The sentence first; the receiving server's own words (which name the real cause) after it.
    if (column === 'reason' && view === 'bounce' && row.code) return [bounceText(t, row.code), row.reason].filter(Boolean).join(' — ');
    if (column === 'reason' && view === 'skipped') return t(`report.skipReason.${row.reason ?? ''}`, { defaultValue: row.reason ?? '' });
    return row[column] ?? '';
  };

  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" overflow="hidden" data-testid={`report-list-${view}`}>
      <Flex gap="3" px="4" py="3" borderBottomWidth="1px" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" flex="1" data-testid="report-total">
          {t('report.total', { count: total, n: number(total) })}
        </Text>
        {view === 'click' && (report.links?.length ?? 0) > 0 && (
          <NativeSelect.Root size="sm" w="72">
            <NativeSelect.Field
              aria-label={t('report.linkFilter')}
              value={link === undefined ? '' : String(link)}
              onChange={(event) =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  const value = event.currentTarget.value;
                  if (value) next.set('link', value);
                  else next.delete('link');
                  next.delete('page');
                  return next;
                })
              }
            >
              <option value="">{t('report.allLinks')}</option>
              {report.links?.map((item) => (
                <option key={item.index} value={item.index}>
                  {item.url}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        <Menu.Root positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" loading={isExporting} disabled={total === 0} data-testid="report-export">
              <DownloadIcon boxSize="4" />
              {t('report.export')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="44">
                {EXPORT_FORMATS.map((format) => (
                  <Menu.Item key={format} value={format} onClick={() => void exportView(format)} data-testid={`report-export-${format}`}>
                    {t(`exports:format.${format}`)}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
      {rows.length === 0 ? (
        <ListMessage icon={InboxIcon} title={t(`report.empty.${view}`)} testId="report-list-empty" />
      ) : (
        <>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={t(`report.view.${view}`)}>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>{t(family === 'sms' ? 'report.column.mobile' : 'report.column.email')}</Table.ColumnHeader>
                  {columns.map((column) => (
                    <Table.ColumnHeader key={column}>{t(`report.column.${column}`)}</Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader whiteSpace="nowrap">{t('report.column.time')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, index) => (
                  <Table.Row key={`${row.contactId}-${index}`} data-testid="report-row">
                    <Table.Cell>{row.email}</Table.Cell>
                    {columns.map((column) => {
                      const text = cell(row, column);
                      // A cut-off reason stays readable on hover.
                      return (
                        <Table.Cell key={column} maxW="md">
                          <Text truncate title={typeof text === 'string' && text.length > 40 ? text : undefined}>
                            {text}
                          </Text>
                        </Table.Cell>
                      );
                    })}
                    <Table.Cell whiteSpace="nowrap" color="fg.muted">
                      {row.time ? dateTime(row.time) : ''}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
          <NumberedPager page={page} shown={rows.length} total={total} onPage={onPage} />
        </>
      )}
    </Box>
  );
}
