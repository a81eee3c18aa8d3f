/**
 * Export jobs: one item per export under the account, holding what the user chose, the run that
 * owns it and, once finished, where its file is. Every move of a job is conditional on its status
 * (and on the owning run while it exports), so a redelivered or overtaken run changes nothing: a
 * finished job stays finished and only the run that claimed a job last can finish it.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFormat, TExportJobSource } from '../../shared/schemas/exports.js';
import { keys } from './keys.js';
import { queryPages, table, unlessConditionFails, updateFields } from './table-client.js';

/** Stored statuses; 'expired' is only ever derived from a finished job's fileExpiresAt. */
export type ExportStatus = 'queued' | 'exporting' | 'finished' | 'stopped' | 'failed';

export type ExportJob = {
  id: string;
  tuid: string;
  /** Who started it: progress and the notification go to this user. */
  loginTuid: string;
  name: string;
  format: ExportFormat;
  source: TExportJobSource;
  status: ExportStatus;
  stopRequested: boolean;
  /** The run (one delivery of the queue message) that owns the job while it exports. */
  runId: string | null;
  /** Contacts written by the owning run so far; all of them once finished. */
  records: number;
  /** 0–100, the share of the source read. */
  progress: number;
  /** The finished file: its object key, download name and size. */
  fileKey: string | null;
  fileName: string | null;
  fileSize: number | null;
  reason: string | null;
  createTime: string;
  updateTime: string;
  finishTime: string | null;
  /** When the bucket's lifecycle rule removes the file (ISO time). */
  fileExpiresAt: string | null;
};

export async function createExportJob(job: ExportJob): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.exportJob(job.tuid, job.id), ...job }, ConditionExpression: 'attribute_not_exists(PK)' }));
}

function toJob(item: Record<string, unknown>): ExportJob {
  const { PK: _pk, SK: _sk, ...job } = item;
  return job as ExportJob;
}

export async function getExportJob(tuid: string, exportId: string): Promise<ExportJob | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.exportJob(tuid, exportId), ConsistentRead: true }));
  return answer.Item ? toJob(answer.Item) : null;
}

/** The account's exports, newest first. */
export async function listExportJobs(tuid: string, limit: number): Promise<ExportJob[]> {
  const jobs: ExportJob[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.exportPrefix },
    ScanIndexForward: false,
    Limit: limit,
  })) {
    jobs.push(...page.map(toJob));
    if (jobs.length >= limit) break;
  }
  return jobs.slice(0, limit);
}

/** An update that answers the item after it, or null when its condition failed. */
async function conditionalUpdate(
  tuid: string,
  exportId: string,
  update: { set: Record<string, unknown>; condition: string; values?: Record<string, unknown> },
): Promise<ExportJob | null> {
  const { db, name } = table();
  const answer = await unlessConditionFails(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.exportJob(tuid, exportId),
        ...updateFields(update.set, {
          condition: { expression: `attribute_exists(PK) AND (${update.condition})`, names: { '#status': 'status' }, values: update.values },
        }),
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes ? toJob(answer.Attributes) : null;
}

/**
 * A run takes the job: queued or exporting (an earlier run crashed or was overtaken) and not asked
 * to stop. The run starts from nothing, so its counts replace any earlier run's. Null when the
 * job is already over or a stop was asked for.
 */
export function claimExportRun(tuid: string, exportId: string, runId: string, at: string): Promise<ExportJob | null> {
  return conditionalUpdate(tuid, exportId, {
    set: { status: 'exporting', runId, records: 0, progress: 0, updateTime: at },
    condition: '(#status = :queued OR #status = :exporting) AND stopRequested = :no',
    values: { ':queued': 'queued', ':exporting': 'exporting', ':no': false },
  });
}

/**
 * The owning run's checkpoint: how far it is. Answers the job (its stopRequested tells the run to
 * stop), or null when another run took the job over or it ended meanwhile.
 */
export function recordExportProgress(tuid: string, exportId: string, runId: string, progress: { records: number; progress: number; at: string }): Promise<ExportJob | null> {
  return conditionalUpdate(tuid, exportId, {
    set: { records: progress.records, progress: progress.progress, updateTime: progress.at },
    condition: '#status = :exporting AND runId = :run',
    values: { ':exporting': 'exporting', ':run': runId },
  });
}

/** The owning run finishes the job with its file; null when it no longer owns it. */
export function finishExportJob(
  tuid: string,
  exportId: string,
  runId: string,
  file: { fileKey: string; fileName: string; fileSize: number; records: number; finishTime: string; fileExpiresAt: string },
): Promise<ExportJob | null> {
  return conditionalUpdate(tuid, exportId, {
    set: { ...file, status: 'finished', progress: 100, reason: null, updateTime: file.finishTime },
    condition: '#status = :exporting AND runId = :run',
    values: { ':exporting': 'exporting', ':run': runId },
  });
}

/**
 * Ends a job that is not finished: stopped or failed, with the reason. With `runId`, only while
 * that run owns it; without, from queued or exporting. Null when it had already ended.
 */
export function endExportJob(tuid: string, exportId: string, end: { status: 'stopped' | 'failed'; reason: string; at: string; runId?: string }): Promise<ExportJob | null> {
  const set = { status: end.status, reason: end.reason, updateTime: end.at, finishTime: end.at };
  if (end.runId !== undefined) {
    return conditionalUpdate(tuid, exportId, { set, condition: '#status = :exporting AND runId = :run', values: { ':exporting': 'exporting', ':run': end.runId } });
  }
  return conditionalUpdate(tuid, exportId, { set, condition: '#status = :queued OR #status = :exporting', values: { ':queued': 'queued', ':exporting': 'exporting' } });
}

/** A queued job stops at once (no run has it yet); null when it is not queued. */
export function stopQueuedExport(tuid: string, exportId: string, at: string): Promise<ExportJob | null> {
  return conditionalUpdate(tuid, exportId, {
    set: { status: 'stopped', reason: 'stoppedByUser', stopRequested: true, updateTime: at, finishTime: at },
    condition: '#status = :queued',
    values: { ':queued': 'queued' },
  });
}

/** Asks the running export to stop at its next checkpoint; null when it is not exporting. */
export function requestExportStop(tuid: string, exportId: string, at: string): Promise<ExportJob | null> {
  return conditionalUpdate(tuid, exportId, {
    set: { stopRequested: true, updateTime: at },
    condition: '#status = :exporting',
    values: { ':exporting': 'exporting' },
  });
}
