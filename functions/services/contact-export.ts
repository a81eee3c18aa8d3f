/**
 * The contact export worker's work (spec §4 Export): read the source's contacts in contact-number
 * order a block at a time, write them as CSV or XLSX straight into a streamed upload, and finish
 * the job with its file. Nothing holds the contact list: memory is a few blocks and an upload part.
 *
 * At-least-once: a run first claims the job under a new run id; only the run that owns the job
 * can record progress or finish it, and each run writes its own object. A redelivered message
 * for a finished, stopped or failed job does nothing; one for a job whose run died starts the file
 * again and its counts replace the dead run's. A run that loses the job removes what it wrote, so
 * a job never has two files.
 */
import { randomUUID } from 'node:crypto';
import type { ContactPredicate } from '../../shared/domain/contact-filter.js';
import { exportColumns } from '../../shared/domain/contact-export.js';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { TExportJobSource } from '../../shared/schemas/exports.js';
import { getAccount } from '../data/accounts.js';
import { getContactSet } from '../data/contact-sets.js';
import { contactBlockOf, getHighestContactId, readContactBlocks, walkContacts } from '../data/contacts.js';
import { claimExportRun, endExportJob, finishExportJob, getExportJob, recordExportProgress, type ExportJob } from '../data/exports.js';
import { attachmentDisposition, deleteObject, ObjectUpload } from '../lib/aws/storage.js';
import { createTableWriter, EXPORT_CONTENT_TYPES } from '../exports/table-writer.js';
import { compileContactFilter, loadFilterContext, type FilterContext } from './contact-search.js';
import { exportFileExpiry } from './exports.js';
import { createNotification, reportProgress } from './notifications.js';

/** How often a run records its progress, tells the user's tabs and looks for a stop request. */
const CHECKPOINT_MS = 1000;
/** Errors that mean the source itself is gone or no longer valid: retrying cannot help. */
const SOURCE_ERRORS: ReadonlySet<string> = new Set([ERROR_CODES.RECORD_NOT_FOUND, ERROR_CODES.INVALID_CONDITION, ERROR_CODES.UNKNOWN_FIELD]);

/** Contacts to export in number order, and how far through them the reader is. */
type ExportSource = {
  batches: AsyncIterable<ContactRecord[]>;
  /** 0–1: the share of the source read. */
  share(): number;
  /** How many contacts the export will have, when known without reading them. */
  expected: number | null;
};

/** Every contact numbered up to now, in order, filtered by `predicate`. */
async function walkSource(tuid: string, predicate: ContactPredicate | null, expected: number | null): Promise<ExportSource> {
  // Contacts created while the export runs are not in it: the export is the list as it started.
  const highestId = await getHighestContactId(tuid);
  let lastId = 0;
  return {
    expected,
    share: () => (highestId === 0 ? 1 : Math.min(1, lastId / highestId)),
    batches: (async function* () {
      for await (const block of walkContacts(tuid, { direction: 'asc', startId: 1, highestId })) {
        const last = block[block.length - 1];
        if (last) lastId = last.id;
        yield predicate ? block.filter(predicate) : block;
      }
      lastId = highestId;
    })(),
  };
}

/** A snapshot group reads only the blocks its members live in. */
async function snapshotSource(tuid: string, groupId: string, memberCount: number): Promise<ExportSource> {
  const members = await getContactSet(tuid, groupId);
  const blocks = [...new Set(Array.from(members.ids(), contactBlockOf))].sort((a, b) => a - b);
  let done = 0;
  return {
    expected: memberCount,
    share: () => (blocks.length === 0 ? 1 : done / blocks.length),
    batches: (async function* () {
      for await (const block of readContactBlocks(tuid, blocks)) {
        done += 1;
        yield block.filter((contact) => members.has(contact.id));
      }
    })(),
  };
}

async function openSource(context: FilterContext, source: TExportJobSource): Promise<ExportSource> {
  const { tuid } = context;
  switch (source.kind) {
    case 'all':
      return walkSource(tuid, null, (await getAccount(tuid))?.contactCount ?? null);
    case 'group': {
      const group = context.groups.get(source.groupId);
      if (group?.type === 'S') return snapshotSource(tuid, group.id, group.memberCount);
      // Auto-update groups and the system lists select by their conditions now; a deleted group throws.
      return walkSource(tuid, await compileContactFilter(context, { groupId: source.groupId }), null);
    }
    case 'search':
      return walkSource(tuid, await compileContactFilter(context, source.filter), null);
  }
}

/** The downloaded file's name: the export's name without characters file systems refuse. */
export function exportFileName(name: string, extension: string): string {
  const safe = name
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/[. ]+$/, '');
  return `${safe || 'contacts'}.${extension}`;
}

/**
 * Each run writes its own object, so a run never overwrites the file of another. The key ends in
 * the download name: where a store ignores the object's Content-Disposition (the local emulator),
 * browsers name the file after the URL's last segment.
 */
export function exportFileKey(job: Pick<ExportJob, 'tuid' | 'id' | 'name' | 'format'>, runId: string): string {
  return `exports/${job.tuid}/${job.id}/${runId}/${exportFileName(job.name, job.format)}`;
}

/** How a run ended; 'superseded' when another run took the job over, 'ended' when it was already over. */
export type ExportRunResult = 'finished' | 'stopped' | 'failed' | 'gone' | 'ended' | 'superseded';

/**
 * Runs one export to its end. Safe to call again for the same job at any time. `lastAttempt`
 * says the queue will not deliver the message again: an unexpected failure then fails the job
 * (and tells the user) instead of leaving it to a retry.
 */
export async function runContactExport(options: { tuid: string; exportId: string; lastAttempt?: boolean; now?: () => Date; checkpointMs?: number }): Promise<ExportRunResult> {
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
    await deleteObject(exportFileKey(existing, existing.runId)).catch((error: unknown) =>
      console.warn(JSON.stringify({ level: 'warn', msg: 'could not remove a dead run’s export file', tuid, exportId, error: String(error) })),
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
    const context = await loadFilterContext(tuid);
    const timeZone = (await getAccount(job.loginTuid))?.timezone ?? context.timeZone;
    const source = await openSource(context, job.source);
    const columns = exportColumns(context.fields, { timeZone });
    const fileName = exportFileName(job.name, job.format);
    const fileKey = exportFileKey(job, runId);
    upload = new ObjectUpload(fileKey, { contentType: EXPORT_CONTENT_TYPES[job.format], contentDisposition: attachmentDisposition(fileName) });
    const writer = createTableWriter(job.format, upload, columns, { sheetName: 'Contacts' });
    let lastCheckpoint = clock().getTime();

    for await (const contacts of source.batches) {
      for (const contact of contacts) await writer.writeRow(columns.map((column) => column.value(contact)));
      records += contacts.length;
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
      console.error(JSON.stringify({ level: 'error', msg: 'export finished but the user was not told', tuid, exportId, error: String(error) }));
    }
    return 'finished';
  } catch (error) {
    await upload?.abort().catch(() => undefined);
    if (error instanceof AppError && SOURCE_ERRORS.has(error.code)) {
      return end('failed', error.code === ERROR_CODES.RECORD_NOT_FOUND ? 'groupDeleted' : 'invalidSearch', records);
    }
    console.error(JSON.stringify({ level: 'error', msg: 'export run failed', tuid, exportId, runId, lastAttempt: Boolean(options.lastAttempt), error: String(error) }));
    // The message goes back to the queue (and on its last delivery to the dead-letter queue).
    if (options.lastAttempt) await end('failed', 'error', records);
    throw error;
  }
}
