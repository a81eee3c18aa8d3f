/**
 * The export worker's work (spec §4 Export): read the job's source a batch of rows at a time
 * (contacts: functions/services/exports/contact-export.ts; a campaign report's list:
 * functions/services/campaigns/campaign-reports.ts), write the rows as CSV or XLSX straight into a streamed
 * upload, and finish the job with its file. Nothing holds the whole table: memory is a few batches
 * and an upload part.
 *
 * At-least-once: a run first claims the job under a new run id; only the run that owns the job
 * can record progress or finish it, and each run writes its own object. A redelivered message
 * for a finished, stopped or failed job does nothing; one for a job whose run died starts the file
 * again and its counts replace the dead run's. A run that loses the job removes what it wrote, so
 * a job never has two files.
 */
import { randomUUID } from 'node:crypto';
import { SERVICE_TIME_ZONE } from '../../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TExportJobSource } from '../../../shared/schemas/exports.js';
import { getAccount } from '../../data/accounts.js';
import { objectKeys } from '../../data/object-keys.js';
import { claimExportRun, endExportJob, finishExportJob, getExportJob, recordExportProgress, type ExportJob } from '../../data/exports.js';
import type { ExportSource } from '../../lib/files/export/export-source.js';
import { attachmentDisposition, deleteObject, ObjectUpload } from '../../lib/aws/storage.js';
import { createTableWriter, EXPORT_CONTENT_TYPES } from '../../lib/files/export/table-writer.js';
import { logger } from '../../lib/logger.js';
import { openReportExportSource } from '../campaigns/campaign-reports.js';
import { openContactExportSource } from './contact-export.js';
import { exportFileExpiry } from './exports.js';
import { createNotification, reportProgress } from '../notifications/notifications.js';

/** How often a run records its progress, tells the user's tabs and looks for a stop request. */
const CHECKPOINT_MS = 1000;

/** The job's rows; times in the exporting user's zone. */
async function openSource(source: TExportJobSource, options: { tuid: string; loginTuid: string }): Promise<ExportSource> {
  const timeZone = (await getAccount(options.loginTuid))?.timezone ?? SERVICE_TIME_ZONE;
  if (source.kind === 'campaignReport') return openReportExportSource({ tuid: options.tuid, source, timeZone });
  return openContactExportSource({ tuid: options.tuid, source, timeZone });
}

/** Why a source that cannot be read failed its export: retrying cannot help. Null for any other error. */
function sourceFailure(error: unknown, source: TExportJobSource): string | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === ERROR_CODES.RECORD_NOT_FOUND) return source.kind === 'campaignReport' ? 'campaignDeleted' : 'groupDeleted';
  if (error.code === ERROR_CODES.INVALID_CONDITION || error.code === ERROR_CODES.UNKNOWN_FIELD) return 'invalidSearch';
  return null;
}

/** The downloaded file's name: the export's name without characters file systems refuse. */
export function exportFileName(name: string, extension: string): string {
  const safe = name
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/[. ]+$/, '');
  return `${safe || 'export'}.${extension}`;
}

/** Where a run writes the job's file (one object per run, ending in the download name). */
export function exportFileKey({ job, runId }: { job: Pick<ExportJob, 'tuid' | 'id' | 'name' | 'format'>; runId: string }): string {
  return objectKeys.exportFile(job.tuid, job.id, runId, exportFileName(job.name, job.format));
}

/** How a run ended; 'superseded' when another run took the job over, 'ended' when it was already over. */
export type ExportRunResult = 'finished' | 'stopped' | 'failed' | 'gone' | 'ended' | 'superseded';

/**
 * Runs one export to its end. Safe to call again for the same job at any time. `lastAttempt`
 * says the queue will not deliver the message again: an unexpected failure then fails the job
 * (and tells the user) instead of leaving it to a retry.
 */
export async function runExport(options: { tuid: string; exportId: string; lastAttempt?: boolean; now?: () => Date; checkpointMs?: number }): Promise<ExportRunResult> {
  const clock = options.now ?? (() => new Date());
  const checkpointMs = options.checkpointMs ?? CHECKPOINT_MS;
  const { tuid, exportId } = options;
  const existing = await getExportJob(tuid, exportId);
  if (!existing) return 'gone';
  if (existing.status === 'finished' || existing.status === 'stopped' || existing.status === 'failed') return 'ended';

  const runId = randomUUID();
  const claimed = await claimExportRun(tuid, exportId, runId, clock().toISOString());
  if (!claimed) {
    // Asked to stop before any run started it.
    const ended = await endExportJob(tuid, exportId, { status: 'stopped', reason: 'stoppedByUser', at: clock().toISOString() });
    return ended ? 'stopped' : 'ended';
  }
  const job: ExportJob = claimed;
  const startedAt = clock().getTime();
  // A run that died after completing its file but before finishing the job left that file behind.
  if (existing.runId && existing.runId !== runId) {
    await deleteObject(exportFileKey({ job: existing, runId: existing.runId })).catch((error: unknown) =>
      logger.warn('could not remove a dead run’s export file', { tuid, exportId, error }),
    );
  }

  const report = async (status: 'importing' | 'finished' | 'aborted', records: number, share: number, expected: number | null): Promise<void> => {
    const elapsed = clock().getTime() - startedAt;
    const total = status === 'finished' ? records : (expected ?? (share > 0 ? Math.round(records / share) : 0));
    await reportProgress({
      userId: job.loginTuid,
      payload: {
        id: job.id,
        type: 'export',
        taskName: job.name,
        currPos: records,
        total: Math.max(total, records),
        progress: Math.min(100, Math.round(share * 100)),
        status,
        estimatedEndTime: status === 'importing' && share > 0 ? new Date(startedAt + elapsed / share).toISOString() : null,
      },
      now: clock(),
    });
  };

  /** Ends the job unfinished; only the owning run can, and only it tells the user. */
  const end = async (status: 'stopped' | 'failed', reason: string, records: number): Promise<ExportRunResult> => {
    const ended = await endExportJob(tuid, exportId, { status, reason, at: clock().toISOString(), runId });
    if (!ended) return 'superseded';
    await report('aborted', records, 0, null);
    if (status === 'failed') {
      await createNotification({ userId: job.loginTuid, type: 'export', messageType: 'failed', severity: 3, values: { exportName: job.name }, now: clock() });
    }
    return status;
  };

  let upload: ObjectUpload | null = null;
  let records = 0;
  try {
    const source = await openSource(job.source, job);
    const fileName = exportFileName(job.name, job.format);
    const fileKey = exportFileKey({ job, runId });
    upload = new ObjectUpload(fileKey, { contentType: EXPORT_CONTENT_TYPES[job.format], contentDisposition: attachmentDisposition(fileName) });
    const writer = createTableWriter(job.format, upload, source.columns, { sheetName: source.sheetName });
    let lastCheckpoint = clock().getTime();

    for await (const rows of source.rows) {
      for (const row of rows) await writer.writeRow(row);
      records += rows.length;
      if (clock().getTime() - lastCheckpoint < checkpointMs) continue;
      lastCheckpoint = clock().getTime();
      const current = await recordExportProgress(tuid, exportId, runId, { records, progress: Math.floor(source.share() * 100), at: clock().toISOString() });
      if (!current) {
        await upload.abort();
        return 'superseded';
      }
      if (current.stopRequested) {
        await upload.abort();
        return await end('stopped', 'stoppedByUser', records);
      }
      await report('importing', records, source.share(), source.expected);
    }

    await writer.end();
    const finishTime = clock();
    const finished = await finishExportJob(tuid, exportId, runId, {
      fileKey,
      fileName,
      fileSize: upload.size,
      records,
      finishTime: finishTime.toISOString(),
      fileExpiresAt: exportFileExpiry(finishTime).toISOString(),
    });
    if (!finished) {
      // Another run owns the job now: its file is the job's, this one goes.
      await upload.abort();
      return 'superseded';
    }
    // The file is the job's now: nothing below may remove it, and a failure to tell the user is
    // logged rather than retried (a redelivery of a finished export does nothing).
    upload = null;
    try {
      await report('finished', records, 1, records);
      await createNotification({
        userId: job.loginTuid,
        type: 'export',
        messageType: 'finished',
        severity: 0,
        values: { exportName: job.name, numberOfRecords: records, numberOfErrors: 0 },
        now: clock(),
      });
    } catch (error) {
      logger.error('export finished but the user was not told', { tuid, exportId, error });
    }
    return 'finished';
  } catch (error) {
    await upload?.abort().catch(() => undefined);
    const failure = sourceFailure(error, job.source);
    if (failure) return end('failed', failure, records);
    logger.error('export run failed', { tuid, exportId, runId, lastAttempt: Boolean(options.lastAttempt), error });
    // The message goes back to the queue (and on its last delivery to the dead-letter queue).
    if (options.lastAttempt) await end('failed', 'error', records);
    throw error;
  }
}
