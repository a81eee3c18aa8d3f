/**
 * An import followed as it runs (the report page, and the campaign wizard that started one): the
 * job, polled while it runs, with the worker's live progress events over it.
 */
import { useEffect, useState } from 'react';
import { Flex, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TProgressPayload } from '../../../../shared/schemas/realtime.js';
import { revalidateContacts } from '../../api/contacts.js';
import { isImportRunning, useImport, type TImportJob } from '../../api/imports.js';
import { useFormatters } from '../../format/use-formatters.js';
import { useSocketEvent } from '../../realtime/socket.js';

export type ImportProgress = ReturnType<typeof useImportProgress>;

/** One import and its latest progress event; null `id` = not asked. */
export function useImportProgress(id: string | null) {
  const { job, error, isLoading, refetch } = useImport(id);
  const [live, setLive] = useState<TProgressPayload | null>(null);

  useSocketEvent('progress', ({ data }) => {
    if (data.type !== 'import' || data.id !== id) return;
    setLive(data);
    // The last event: read the final counts now rather than at the next poll.
    if (data.status !== 'importing') void refetch();
  });

  // Lists of contacts (and group and recipient counts) read before the end are stale once the
  // import ends, whether this page saw it end or it had already ended (a fast import) when it opened.
  const running = job ? isImportRunning(job) : id !== null;
  useEffect(() => {
    if (!running && id !== null) void revalidateContacts();
  }, [running, id]);

  return { job, live, running, error, isLoading, refetch };
}

/** The bar (indeterminate until the first event), the rows done and, while it runs, the estimated end. */
export function ImportProgressBar({ job, live, running }: { job: TImportJob; live: TProgressPayload | null; running: boolean }) {
  const { t } = useTranslation('contacts');
  const { number, dateTime } = useFormatters();
  const percent = job.status === 'finished' ? 100 : (live?.progress ?? 0);
  return (
    <>
      <Progress.Root value={running && !live ? null : percent} max={100} size="sm" colorPalette={statusPalette(job.status)} aria-label={t('import.report.progress')}>
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Flex justify="space-between" gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
        <Text data-testid="import-position">{t('import.report.position', { count: job.position, n: number(job.position) })}</Text>
        {running && live?.estimatedEndTime && <Text>{t('import.report.estimatedEnd', { time: dateTime(live.estimatedEndTime) })}</Text>}
      </Flex>
    </>
  );
}

function statusPalette(status: TImportJob['status']): string {
  if (status === 'finished') return 'green';
  if (status === 'aborted') return 'red';
  if (status === 'stopped' || status === 'limitReached') return 'orange';
  return 'blue';
}
