/**
 * `/exports` (spec §2.1, §4 Export): the account's exports the user's role may see (contacts, and
 * campaign report lists started from a report), newest first, each with its
 * source, format, status and size; a running export shows its progress live (the socket's
 * progress events, and a refetch every few seconds while any runs) and can be stopped; a finished
 * one downloads through a fresh short-lived link until its file expires.
 */
import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EXPORT_FILE_RETENTION_DAYS } from '../../../../shared/schemas/exports.js';
import { canSeeExports } from '../../../../shared/domain/exports.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { TProgressPayload } from '../../../../shared/schemas/realtime.js';
import { fetchExportDownload, isExportRunning, revalidateExports, stopExport, useExports, type TExportJob } from '../../api/exports.js';
import { saveFromUrl } from '../../api/save-file.js';
import { showError } from '../../components/error-dialog.js';
import { ContactsIcon, DownloadIcon } from '../../components/icons.js';
import { ListError, ListMessage, ListSkeleton } from '../../components/list-states.js';
import { PageLayout } from '../../components/page-layout.js';
import { formatFileSize } from '../../format/file-size.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useSocketEvent } from '../../realtime/socket.js';
import { useClaims } from '../../session/session.js';
import { ErrorPage } from '../../components/error-page.js';

const STATUS_PALETTES: Record<TExportJob['status'], string> = {
  queued: 'gray',
  exporting: 'blue',
  finished: 'green',
  stopped: 'orange',
  failed: 'red',
  expired: 'gray',
};

export default function ExportsPage() {
  const { t } = useTranslation('exports');
  const claims = useClaims();
  if (claims === null || !canSeeExports(claims)) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return (
    <PageLayout title={t('title')} subtitle={t('subtitle', { days: EXPORT_FILE_RETENTION_DAYS })} testId="exports-page">
      <ExportList />
    </PageLayout>
  );
}

function ExportList() {
  const { t } = useTranslation('exports');
  const { jobs, error, isLoading, refetch } = useExports();
  // The latest progress event of each running export, between refetches.
  const [live, setLive] = useState<Record<string, TProgressPayload>>({});
  useSocketEvent('progress', ({ data }) => {
    if (data.type !== 'export') return;
    setLive((current) => ({ ...current, [data.id]: data }));
    if (data.status !== 'importing') void revalidateExports();
  });

  let content;
  if (isLoading) content = <ListSkeleton rows={4} testId="exports-loading" />;
  else if (error && !jobs) content = <ListError title={t('loadFailed')} onRetry={() => void refetch()} testId="exports-error" />;
  else if (!jobs || jobs.length === 0) {
    content = (
      <ListMessage icon={DownloadIcon} title={t('empty.title')} text={t('empty.text')} testId="exports-empty">
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/contacts?tab=0">
            <ContactsIcon boxSize="4" />
            {t('empty.action')}
          </RouterLink>
        </Button>
      </ListMessage>
    );
  } else {
    content = (
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={t('title')} data-testid="exports-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('column.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('column.status')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('column.records')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('column.created')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>{t('column.actions')}</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {jobs.map((job) => (
              <ExportRow key={job.id} job={job} live={isExportRunning(job) ? live[job.id] : undefined} />
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    );
  }
  return (
    <Box bg="bg" borderWidth="1px" rounded="xl" shadow="xs" overflow="hidden" data-testid="export-list">
      {content}
    </Box>
  );
}

function sourceText(job: TExportJob, t: (key: string, options?: Record<string, unknown>) => string): string {
  const { source } = job;
  if (source.kind === 'campaignReport') {
    return source.link ? t('source.campaignReportLink', { name: source.campaignName, url: source.link.url }) : t('source.campaignReport', { name: source.campaignName, view: t(`source.reportView.${source.view}`) });
  }
  if (job.source.kind === 'group') return t('source.group', { name: job.source.groupName });
  if (job.source.kind === 'search') return job.source.filter.quickSearch && !job.source.filter.conditions ? t('source.quickSearch', { search: job.source.filter.quickSearch }) : t('source.search');
  return t('source.all');
}

function ExportRow({ job, live }: { job: TExportJob; live?: TProgressPayload }) {
  const { t } = useTranslation('exports');
  const { dateTime, number, locale } = useFormatters();
  const [busy, setBusy] = useState<'download' | 'stop' | null>(null);
  const running = isExportRunning(job);
  const records = live?.currPos ?? job.records;
  const progress = live?.progress ?? job.progress;

  const download = async () => {
    setBusy('download');
    try {
      const link = await fetchExportDownload(job.id);
      // The link names the file (same origin) or the file's own Content-Disposition does (S3).
      saveFromUrl(link.url, link.fileName);
    } catch (error) {
      showError(error);
      void revalidateExports();
    } finally {
      setBusy(null);
    }
  };
  const stop = async () => {
    setBusy('stop');
    try {
      await stopExport(job.id);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  let detail: string | null = null;
  if (job.status === 'finished' && job.expiresAt) detail = t('detail.availableUntil', { time: dateTime(job.expiresAt) });
  else if (job.status === 'expired') detail = t('detail.expired', { days: EXPORT_FILE_RETENTION_DAYS });
  else if ((job.status === 'failed' || job.status === 'stopped') && job.reason) detail = t(`reason.${job.reason}`, { defaultValue: t('reason.error') });

  return (
    <Table.Row data-testid="export-row" data-status={job.status} data-id={job.id}>
      <Table.Cell maxW="sm">
        <HStack gap="2" minW="0">
          <Text fontWeight="medium" lineClamp="1" title={job.name} data-testid="export-name-cell">
            {job.name}
          </Text>
          <Badge size="sm" variant="outline" colorPalette="gray" flexShrink="0">
            {t(`format.short.${job.format}`)}
          </Badge>
        </HStack>
        <Text fontSize="xs" color="fg.muted" lineClamp="1" data-testid="export-source">
          {sourceText(job, t)}
        </Text>
      </Table.Cell>
      <Table.Cell minW="44">
        <Stack gap="1.5">
          <Badge colorPalette={STATUS_PALETTES[job.status]} alignSelf="flex-start" data-testid="export-status">
            {t(`status.${job.status}`)}
          </Badge>
          {running && (
            <Progress.Root value={job.status === 'queued' ? null : progress} max={100} size="xs" colorPalette="blue" maxW="40" aria-label={t('progress', { name: job.name })}>
              <Progress.Track rounded="full">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {detail && (
            <Text fontSize="xs" color={job.status === 'failed' ? 'fg.error' : 'fg.muted'}>
              {detail}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="export-records">
        {job.status === 'queued' ? '—' : number(records)}
        {job.fileSize !== null && job.status === 'finished' && (
          <Text fontSize="xs" color="fg.muted">
            {formatFileSize(job.fileSize, locale)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell color="fg.muted" whiteSpace="nowrap">
        {dateTime(job.createTime)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Flex justify="flex-end">
          {job.status === 'finished' && (
            <Button size="sm" variant="outline" onClick={() => void download()} loading={busy === 'download'} data-testid="export-download" aria-label={t('action.downloadNamed', { name: job.name })}>
              <DownloadIcon boxSize="4" />
              {t('action.download')}
            </Button>
          )}
          {running && (
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void stop()} loading={busy === 'stop'} data-testid="export-stop" aria-label={t('action.stopNamed', { name: job.name })}>
              {t('action.stop')}
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
