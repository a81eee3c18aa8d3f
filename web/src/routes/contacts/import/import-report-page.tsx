/**
 * `/contacts/import-report?id=` (spec §2.1, §4 Import): an import's status and live progress, its
 * counts, why it stopped, Stop while it runs, and once it has ended the downloads of each row list
 * and of the uploaded file (spec §7 get-file).
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FREE_CONTACT_LIMIT } from '../../../../../shared/constants.js';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { downloadImportFile, stopImport, type TImportFileType, type TImportJob } from '../../../api/imports.js';
import { showError } from '../../../components/error-dialog.js';
import { DownloadIcon } from '../../../components/icons.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ListError, ListSkeleton } from '../../../components/list-states.js';
import { PageLayout } from '../../../components/page-layout.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { ErrorPage } from '../../../components/error-page.js';
import { contactPaths } from '../../../paths/contacts.js';
import { PLANS_PAGE } from '../../../paths/plans.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { ImportProgressBar, useImportProgress } from '../../../components/contact-import/import-progress.js';

const COUNTS = ['created', 'changed', 'skipped', 'duplicated', 'errors', 'notImported'] as const;
/** The row lists, each with the count that says how many rows it holds. */
const LISTS = [
  { type: 'created', count: 'created' },
  { type: 'changed', count: 'changed' },
  { type: 'duplicated', count: 'duplicated' },
  { type: 'error', count: 'errors' },
  { type: 'notImported', count: 'notImported' },
] as const;
/** Rows left out by the contact limit are shown only by an import that met it. */
const shownCounts = (job: TImportJob) => COUNTS.filter((count) => count !== 'notImported' || job.status === 'limitReached');
const shownLists = (job: TImportJob) => LISTS.filter(({ type }) => type !== 'notImported' || job.status === 'limitReached');

export default function ImportReportPage() {
  const [params] = useSearchParams();
  const permissions = useContactPermissions();
  const id = params.get('id');
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  if (!id) return <ErrorPage code={ERROR_CODES.RECORD_NOT_FOUND} />;
  return <ImportReport key={id} id={id} canWrite={permissions.canWrite} />;
}

function ImportReport({ id, canWrite }: { id: string; canWrite: boolean }) {
  const { t } = useTranslation(['contacts', 'errors']);
  const { number } = useFormatters();
  const { job, live, running, error, isLoading, refetch } = useImportProgress(id);
  const [stopping, setStopping] = useState(false);

  const layout = (children: ReactNode) => (
    <PageLayout title={t('import.report.title')} subtitle={job?.fileName} back={{ to: contactPaths.list, label: t('action.backToList') }} testId="import-report-page">
      {children}
    </PageLayout>
  );
  if (isLoading) return layout(<ListSkeleton rows={4} />);
  if (error || !job) return layout(<ListError title={t('import.report.failed')} onRetry={refetch} testId="import-report-error" />);

  return layout(
    <Stack gap="6">
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap="3">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text fontWeight="semibold" data-testid="import-status" data-status={job.status}>
                {t(`import.status.${job.status}`)}
              </Text>
              {canWrite && running && (
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setStopping(true)} data-testid="import-stop">
                  {t('import.action.stop')}
                </Button>
              )}
            </Flex>
            <ImportProgressBar job={job} live={live} running={running} />
            {job.reason && (job.status === 'stopped' || job.status === 'aborted' || job.status === 'limitReached') && (
              <Text color={job.status === 'stopped' ? 'fg.muted' : 'fg.error'} role="status" data-testid="import-reason">
                {reasonText(job, t, number)}
              </Text>
            )}
            {job.status === 'limitReached' && (
              <Button asChild alignSelf="start" size="sm" colorPalette="brand">
                <RouterLink to={PLANS_PAGE} data-testid="import-upgrade">
                  {t('import.action.upgrade')}
                </RouterLink>
              </Button>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 2, md: shownCounts(job).length }} gap="3">
        {shownCounts(job).map((count) => (
          <Card.Root key={count} variant="outline" data-testid={`import-count-${count}`} data-value={job.counts[count]}>
            <Card.Body p="4">
              <Text fontSize="sm" color="fg.muted">
                {t(`import.count.${count}`)}
              </Text>
              <Text fontSize="2xl" fontWeight="semibold">
                {number(job.counts[count])}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      {!running && <ImportDownloads job={job} />}

      <Flex gap="2" wrap="wrap">
        <Button asChild variant="outline">
          <RouterLink to={contactPaths.list} data-testid="import-back-to-contacts">
            {t('action.backToList')}
          </RouterLink>
        </Button>
        {canWrite && !running && (
          <Button asChild variant="ghost">
            <RouterLink to={contactPaths.importContacts}>{t('import.action.importAnother')}</RouterLink>
          </Button>
        )}
      </Flex>

      {stopping && (
        <ConfirmDialog
          title={t('import.stop.title')}
          confirmLabel={t('import.action.stop')}
          destructive
          onConfirm={async () => {
            await stopImport(id);
            setStopping(false);
          }}
          onClose={() => setStopping(false)}
          testId="import-stop-dialog"
        >
          <Box>{t('import.stop.text')}</Box>
        </ConfirmDialog>
      )}
    </Stack>,
  );
}

function ImportDownloads({ job }: { job: TImportJob }) {
  const { t } = useTranslation('contacts');
  const { number } = useFormatters();
  const [busy, setBusy] = useState<TImportFileType | null>(null);
  const download = async (type: TImportFileType) => {
    setBusy(type);
    try {
      await downloadImportFile(job, type);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };
  const button = (type: TImportFileType, label: string, rows?: number) => (
    <Button
      key={type}
      size="sm"
      variant="outline"
      disabled={rows === 0 || (busy !== null && busy !== type)}
      loading={busy === type}
      onClick={() => void download(type)}
      data-testid={`import-download-${type}`}
    >
      <DownloadIcon boxSize="4" />
      {rows === undefined ? label : `${label} (${number(rows)})`}
    </Button>
  );
  return (
    <Card.Root variant="outline" data-testid="import-downloads">
      <Card.Body>
        <Stack gap="3">
          <Text fontWeight="semibold">{t('import.download.title')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('import.download.hint', { format: job.fileFormat.toUpperCase() })}
          </Text>
          <Flex gap="2" wrap="wrap">
            {shownLists(job).map(({ type, count }) => button(type, t(`import.download.${type}`), job.counts[count]))}
            {button('file', t('import.download.file'))}
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function reasonText(job: TImportJob, t: (key: string, options?: Record<string, unknown>) => string, number: (value: number) => string): string {
  if (job.status === 'limitReached') return t('import.reason.limitReached', { count: job.counts.notImported, n: number(job.counts.notImported), limit: number(FREE_CONTACT_LIMIT) });
  if (job.status === 'stopped') return t('import.reason.stopped');
  return t('import.reason.aborted');
}
