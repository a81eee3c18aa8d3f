/**
 * Starting and following exports (spec §2.1 /exports, §4 Export): the source (all contacts, a
 * group, a search, or a campaign report's list, started from the report) is checked and the job
 * queued for the export worker; the list shows each job the caller's role may see with its
 * status, and a finished job's file is downloaded through a short-lived presigned link. Bad input
 * answers before anything is written.
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { canSeeExport } from '../../../shared/domain/exports.js';
import type { PermissionClaims } from '../../../shared/domain/permissions.js';
import {
  EXPORT_FILE_RETENTION_DAYS,
  type ExportFormat,
  MAX_RUNNING_EXPORTS,
  type TExportDownloadResponse,
  type TExportJob,
  type TExportJobSource,
  type TExportSource,
  type TStartExportRequest,
} from '../../../shared/schemas/exports.js';
import { createExportJob, endExportJob, getExportJob, listExportJobs, requestExportStop, stopQueuedExport, type ExportJob } from '../../data/exports.js';
import { presignDownload } from '../../lib/aws/storage.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { enqueueExport } from '../../queues/export.js';
import { checkConditionTree, hasGroup, loadFilterContext } from '../contacts/contact-search.js';
import { SYSTEM_GROUPS } from '../contacts/groups.js';

/** How long a download link works; the page asks for a fresh one at every click. */
export const DOWNLOAD_URL_SECONDS = 15 * 60;
const LIST_LIMIT = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export function exportFileExpiry(finishTime: Date): Date {
  return new Date(finishTime.getTime() + EXPORT_FILE_RETENTION_DAYS * DAY_MS);
}

/**
 * A running export records a checkpoint every second, and a queued one is delivered at most 3 times
 * 15 minutes apart: past these ages the worker is gone (killed on its last delivery) and the export
 * will never end by itself.
 */
const SILENT_RUN_MS = 20 * 60 * 1000;
const UNCLAIMED_MS = 60 * 60 * 1000;

/** The status users see: a finished export past its retention is expired, an abandoned one failed. */
function statusOf(job: ExportJob, now: Date): { status: TExportJob['status']; reason: string | null } {
  const age = (at: string) => now.getTime() - new Date(at).getTime();
  if (job.status === 'finished' && job.fileExpiresAt !== null && new Date(job.fileExpiresAt) <= now) return { status: 'expired', reason: null };
  if ((job.status === 'exporting' && age(job.updateTime) > SILENT_RUN_MS) || (job.status === 'queued' && age(job.createTime) > UNCLAIMED_MS)) {
    return { status: 'failed', reason: 'error' };
  }
  return { status: job.status, reason: job.reason };
}

const isRunning = (job: ExportJob, now: Date) => {
  const { status } = statusOf(job, now);
  return status === 'queued' || status === 'exporting';
};

function toApiJob(job: ExportJob, now: Date): TExportJob {
  const { status, reason } = statusOf(job, now);
  return {
    id: job.id,
    name: job.name,
    format: job.format,
    source: job.source,
    status,
    records: job.records,
    progress: job.progress,
    fileSize: job.fileSize,
    reason,
    createTime: job.createTime,
    updateTime: job.updateTime,
    finishTime: job.finishTime,
    expiresAt: job.status === 'finished' ? job.fileExpiresAt : null,
  };
}

/** The source as stored: checked against the account now (the worker checks again when it runs). */
async function resolveSource(tuid: string, source: TExportSource): Promise<TExportJobSource> {
  if (source.kind === 'all') return { kind: 'all' };
  const context = await loadFilterContext(tuid);
  if (source.kind === 'group') {
    if (!hasGroup({ context, id: source.groupId })) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This group no longer exists.');
    const groupName = context.groups.get(source.groupId)?.name ?? SYSTEM_GROUPS.find((group) => group.id === source.groupId)?.name ?? source.groupId;
    return { kind: 'group', groupId: source.groupId, groupName };
  }
  const { filter } = source;
  const conditions = filter.conditions ? checkConditionTree({ context, tree: filter.conditions }) : undefined;
  if (filter.groupId !== undefined && !hasGroup({ context, id: filter.groupId })) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This group no longer exists.');
  return {
    kind: 'search',
    filter: { ...(conditions && { conditions }), ...(filter.quickSearch && { quickSearch: filter.quickSearch }), ...(filter.groupId && { groupId: filter.groupId }) },
  };
}

/** Checks the contacts to export, then stores the job and queues it (queueExport). */
export async function startExport(options: { tuid: string; loginTuid: string; input: TStartExportRequest; now: Date }): Promise<TExportJob> {
  const { input } = options;
  return queueExport({ ...options, name: input.name, format: input.format, source: await resolveSource(options.tuid, input.source) });
}

/**
 * Stores an export job and queues it for the export worker. At most MAX_RUNNING_EXPORTS of an
 * account run at once. When the queue cannot take it, the job is marked failed and the caller is
 * told the export failed to start.
 */
export async function queueExport(options: { tuid: string; loginTuid: string; name: string; format: ExportFormat; source: TExportJobSource; now: Date }): Promise<TExportJob> {
  const { tuid, loginTuid, name, format, source, now } = options;
  const running = (await listExportJobs(tuid, LIST_LIMIT)).filter((job) => isRunning(job, now)).length;
  if (running >= MAX_RUNNING_EXPORTS) {
    throw new AppError(ERROR_CODES.LIMIT_REACHED, `At most ${MAX_RUNNING_EXPORTS} exports can run at once; wait for one to finish.`);
  }
  const at = now.toISOString();
  const job: ExportJob = {
    id: timeOrderedId(now),
    tuid,
    loginTuid,
    name,
    format,
    source,
    status: 'queued',
    stopRequested: false,
    runId: null,
    records: 0,
    progress: 0,
    fileKey: null,
    fileName: null,
    fileSize: null,
    reason: null,
    createTime: at,
    updateTime: at,
    finishTime: null,
    fileExpiresAt: null,
  };
  await createExportJob(job);
  try {
    await enqueueExport({ tuid, exportId: job.id });
  } catch (error) {
    logger.error('export enqueue failed', { tuid, exportId: job.id, error });
    await endExportJob(tuid, job.id, { status: 'failed', reason: 'notQueued', at: new Date().toISOString() });
    throw new AppError(ERROR_CODES.GENERIC, 'The export failed to start. Please try again.');
  }
  return toApiJob(job, now);
}

/** An export the caller may see; one whose source their role does not reach answers as missing. */
async function requireJob(claims: PermissionClaims, exportId: string): Promise<ExportJob> {
  const job = await getExportJob(claims.tuid, exportId);
  if (!job || !canSeeExport(claims, job.source)) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This export no longer exists.');
  return job;
}

export async function getExport({ claims, exportId, now }: { claims: PermissionClaims; exportId: string; now: Date }): Promise<TExportJob> {
  return toApiJob(await requireJob(claims, exportId), now);
}

/** The account's exports the caller may see, newest first (of the latest 50). */
export async function listExports({ claims, now }: { claims: PermissionClaims; now: Date }): Promise<TExportJob[]> {
  return (await listExportJobs(claims.tuid, LIST_LIMIT)).filter((job) => canSeeExport(claims, job.source)).map((job) => toApiJob(job, now));
}

/**
 * Stops an export: a queued one at once, a running one at its next checkpoint (its partial file
 * is removed). An export that already ended stays as it is.
 */
export async function stopExport({ claims, exportId, now }: { claims: PermissionClaims; exportId: string; now: Date }): Promise<TExportJob> {
  const { tuid } = claims;
  const job = await requireJob(claims, exportId);
  const at = now.toISOString();
  const changed = job.status === 'queued' ? await stopQueuedExport(tuid, exportId, at) : job.status === 'exporting' ? await requestExportStop(tuid, exportId, at) : null;
  // Raced with the worker (it claimed or finished the job meanwhile): ask again in its new state.
  if (!changed && (job.status === 'queued' || job.status === 'exporting')) {
    const fresh = await requireJob(claims, exportId);
    if (fresh.status === 'exporting') return toApiJob((await requestExportStop(tuid, exportId, at)) ?? (await requireJob(claims, exportId)), now);
    return toApiJob(fresh, now);
  }
  return toApiJob(changed ?? job, now);
}

/** A fresh short-lived link to a finished export's file. */
export async function getExportDownload({ claims, exportId, now }: { claims: PermissionClaims; exportId: string; now: Date }): Promise<TExportDownloadResponse> {
  const job = await requireJob(claims, exportId);
  if (job.status !== 'finished' || !job.fileKey || !job.fileName) throw new AppError(ERROR_CODES.INVALID_INPUT, 'This export has no file to download.');
  if (job.fileExpiresAt && new Date(job.fileExpiresAt) <= now) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This export has expired; export it again.');
  const url = await presignDownload(job.fileKey, DOWNLOAD_URL_SECONDS, { fileName: job.fileName });
  return { url, fileName: job.fileName, expiresAt: new Date(now.getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
}
