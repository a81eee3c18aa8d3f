/**
 * `/contacts/import-contacts`, `/contacts/import-unsubscribed-emails` and
 * `/contacts/import-unsubscribed-mobile-numbers` (spec §2.1, §4 Import): choose or drop a CSV or
 * XLSX file (or a ZIP or gzip file of one), upload it straight to storage with a progress bar, then map it on the confirm page.
 * Tabs switch between the three kinds of import; recent imports are listed below. Opened from an
 * email campaign (`?campaign=`), it imports contacts for that campaign and leads back to it.
 */
import { useRef, useState, type DragEvent } from 'react';
import { Box, Button, Card, Heading, Link, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CODES } from '../../../../../shared/errors.js';
import { IMPORT_KINDS, MAX_IMPORT_BYTES } from '../../../../../shared/schemas/imports.js';
import { createImportUpload, uploadImportFile, useImports, type TImportKind } from '../../../api/imports.js';
import { showError } from '../../../components/error-dialog.js';
import { FileTextIcon } from '../../../components/icons.js';
import { LinkTabs } from '../../../components/link-tabs.js';
import { ListError, ListSkeleton } from '../../../components/list-states.js';
import { PageLayout } from '../../../components/page-layout.js';
import { useFormatters } from '../../../format/use-formatters.js';
import { ErrorPage } from '../../../components/error-page.js';
import { contactPaths, IMPORT_UPLOAD_PATHS } from '../../../paths/contacts.js';
import { useContactPermissions } from '../use-contact-permissions.js';
import { readCampaignRef, uploadStepPath } from '../../../paths/campaign-import.js';
import { CampaignImportNotice } from './campaign-import-notice.js';
import { ImportStatusBadge } from '../../../components/contact-import/import-status-badge.js';

const ACCEPTED = /\.(csv|txt|xlsx|zip|gz)$/i;
const MAX_MB = MAX_IMPORT_BYTES / (1024 * 1024);
/** The recent imports shown under the upload. */
const RECENT = 10;

export default function ImportUploadPage({ kind }: { kind: TImportKind }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only contacts are imported for a campaign: its recipients.
  const campaign = kind === 'contacts' ? readCampaignRef(params) : null;
  const permissions = useContactPermissions();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  if (!permissions.canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;

  const upload = async (file: File | undefined) => {
    if (!file || percent !== null) return;
    setProblem(null);
    if (!ACCEPTED.test(file.name)) return setProblem(t('import.upload.wrongType'));
    if (file.size === 0) return setProblem(t('import.upload.empty'));
    if (file.size > MAX_IMPORT_BYTES) return setProblem(t('import.upload.tooLarge', { size: MAX_MB }));
    setPercent(0);
    try {
      const target = await createImportUpload(file, kind);
      await uploadImportFile(target, file, setPercent);
      navigate(contactPaths.importConfirm(target.id, campaign));
    } catch (error) {
      showError(error);
      setPercent(null);
    }
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <PageLayout
      title={t(`import.kind.${kind}.title`)}
      subtitle={t(`import.kind.${kind}.subtitle`)}
      back={campaign ? { to: uploadStepPath(campaign), label: t('import.campaign.back') } : { to: contactPaths.list, label: t('action.backToList') }}
      testId="import-upload-page"
    >
      <Stack gap="8">
        {campaign ? (
          <CampaignImportNotice campaign={campaign} />
        ) : (
          <LinkTabs
            tabs={IMPORT_KINDS.map((each) => ({ key: each, to: IMPORT_UPLOAD_PATHS[each], label: t(`import.kind.${each}.tab`), testId: `import-kind-${each}` }))}
            current={kind}
            label={t('import.kind.label')}
          />
        )}
        <Box
          borderWidth="2px"
          borderStyle="dashed"
          borderColor={dragging ? 'brand.solid' : 'border'}
          bg={dragging ? 'brand.subtle' : 'bg.subtle'}
          rounded="lg"
          p={{ base: '6', md: '10' }}
          textAlign="center"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="import-drop-zone"
        >
          <Stack align="center" gap="3">
            <FileTextIcon boxSize="10" color="brand.fg" />
            <Text fontWeight="semibold">{t('import.upload.drop')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('import.upload.hint', { size: MAX_MB })}
            </Text>
            <input
              ref={input}
              type="file"
              accept=".csv,.txt,.xlsx,.zip,.gz"
              hidden
              data-testid="import-file-input"
              onChange={(event) => {
                void upload(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
            <Button onClick={() => input.current?.click()} loading={percent !== null} data-testid="import-choose-file">
              {t('import.upload.choose')}
            </Button>
            {percent !== null && (
              <Box w="full" maxW="md" data-testid="import-upload-progress">
                <Progress.Root value={percent} max={100} size="sm" colorPalette="blue" aria-label={t('import.upload.uploading')}>
                  <Progress.Track rounded="full">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="sm" color="fg.muted" mt="1">
                  {t('import.upload.progress', { percent })}
                </Text>
              </Box>
            )}
            {problem && (
              <Text color="fg.error" fontSize="sm" role="alert" data-testid="import-upload-error">
                {problem}
              </Text>
            )}
          </Stack>
        </Box>
        <RecentImports />
      </Stack>
    </PageLayout>
  );
}

function RecentImports() {
  const { t } = useTranslation('contacts');
  const { dateTime, number } = useFormatters();
  const { jobs, error, isLoading, refetch } = useImports();
  if (isLoading) return <ListSkeleton rows={3} />;
  if (error) return <ListError title={t('import.recent.failed')} onRetry={refetch} testId="import-recent-error" />;
  const shown = (jobs ?? []).filter((job) => job.status !== 'uploading').slice(0, RECENT);
  if (shown.length === 0) return null;
  return (
    <Card.Root variant="outline" data-testid="import-recent">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('import.recent.title')}
        </Heading>
      </Card.Header>
      <Card.Body pt="0" overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('import.recent.file')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('import.recent.kind')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('import.recent.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('import.recent.created')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((job) => (
              <Table.Row key={job.id} data-testid="import-recent-row">
                <Table.Cell>
                  <Link asChild color="brand.fg">
                    <RouterLink to={contactPaths.importReport(job.id)}>{job.fileName}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell color="fg.muted">{t(`import.kind.${job.kind}.tab`)}</Table.Cell>
                <Table.Cell>
                  <ImportStatusBadge status={job.status} />
                  {job.status === 'limitReached' && (
                    <Text fontSize="xs" color="fg.muted" mt="1" data-testid="import-recent-not-imported">
                      {t('import.recent.notImported', { count: job.counts.notImported, n: number(job.counts.notImported) })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell color="fg.muted">{dateTime(job.createTime)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}
