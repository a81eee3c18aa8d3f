/**
 * Starting contact imports (spec §2.1 import-contacts and confirm, §4 Import): the browser puts
 * the file straight into storage with a presigned URL, asks for a preview (format, first rows,
 * guessed mapping), confirms a mapping, and the import runs in the contact-import worker. A gzip
 * file or a ZIP archive is read unpacked (the archive's file the user chose), a workbook's chosen
 * sheet. Bad files answer IMPORT-UPLOAD-C-001/002 at preview, before anything is written.
 */
import type { z } from 'zod';
import { guessColumnMapping } from '../../../shared/domain/import-mapping.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import {
  isImportEnded,
  type TImportFileType,
  type TImportJob,
  type TImportKind,
  type TImportPreviewResponse,
  type TImportUploadResponse,
  type TStartImportRequest,
  type ZImportPreviewRequest,
} from '../../../shared/schemas/imports.js';
import { listGroups } from '../../data/groups.js';
import { createImportJob, getImportJob, listImportJobs, NO_COUNTS, requestImportStop, updateImportJob, type ImportJob } from '../../data/imports.js';
import { objectKeys } from '../../data/object-keys.js';
import { presignUpload, readObjectRanges } from '../../lib/aws/storage.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { SNIFF_BYTES, sniffImportFile, type TFileFormat } from '../../lib/files/import/file-format.js';
import { findContainer, openContainedFile, readStreamHead } from '../../lib/files/import/file-container.js';
import { fileFormatOf, reportDownloadUrl } from './import-report.js';
import { readImportRows } from '../../lib/files/import/row-reader.js';
import { enqueueContactImport } from '../../queues/contact-import.js';
import { listContactFields } from '../contacts/contact-fields.js';

/** How long a presigned upload URL works. */
const UPLOAD_URL_SECONDS = 15 * 60;
const PREVIEW_ROWS = 10;
/** The one column an unsubscribe list maps; null for a contact import. */
const ADDRESS_OF_KIND: Record<TImportKind, 'email' | 'mobile' | null> = { contacts: null, unsubscribedEmails: 'email', unsubscribedMobiles: 'mobile' };

/** How long a report download link works: enough to start the download (spec §7: a 50 s timeout). */
const DOWNLOAD_URL_SECONDS = 5 * 60;

function toApiJob(job: ImportJob): TImportJob {
  const { id, kind, fileName, status, position, counts, reason, createTime, updateTime } = job;
  return { id, kind, fileName, fileFormat: fileFormatOf(job), status, position, counts, reason, createTime, updateTime };
}

const CONTENT_TYPES: Array<[RegExp, string]> = [
  [/\.xlsx$/i, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [/\.zip$/i, 'application/zip'],
  [/\.gz$/i, 'application/gzip'],
];
const contentTypeOf = (fileName: string) => CONTENT_TYPES.find(([name]) => name.test(fileName))?.[1] ?? 'text/csv';

/** Reserves an import and answers where to upload the file. */
export async function createImportUpload(options: { tuid: string; loginTuid: string; fileName: string; kind: TImportKind; now: Date }): Promise<TImportUploadResponse> {
  const { tuid, loginTuid, fileName, kind, now } = options;
  const id = timeOrderedId(now);
  const fileKey = objectKeys.importUpload(tuid, id);
  const at = now.toISOString();
  await createImportJob({
    id, tuid, loginTuid, kind, fileName, fileKey,
    format: {}, hasHeader: true, mapping: [], existing: 'update', groupIds: [],
    status: 'uploading', stopRequested: false, position: 0, counts: { ...NO_COUNTS }, consecutiveErrors: 0, reservation: null, reason: null,
    createTime: at, updateTime: at,
  });
  const contentType = contentTypeOf(fileName);
  return { id, uploadUrl: await presignUpload(fileKey, contentType, UPLOAD_URL_SECONDS), method: 'PUT', headers: { 'content-type': contentType } };
}

async function requireJob(tuid: string, importId: string): Promise<ImportJob> {
  const job = await getImportJob(tuid, importId);
  if (!job) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This import no longer exists.');
  return job;
}

function requireUploading(job: ImportJob): void {
  if (job.status !== 'uploading') throw new AppError(ERROR_CODES.INVALID_INPUT, 'This import has already started.');
}

/** Format, first rows, a guessed mapping, and the archive's files and workbook's sheets to choose from; the format is kept for the import. */
export async function previewImport(options: { tuid: string; importId: string; request: z.infer<typeof ZImportPreviewRequest> }): Promise<TImportPreviewResponse> {
  const { tuid, request } = options;
  const job = await requireJob(tuid, options.importId);
  requireUploading(job);
  const file = await readObjectRanges(job.fileKey);
  if (!file) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The file has not been uploaded yet.');
  const storedHead = await readStreamHead(file.readRange(0, Math.min(file.size, SNIFF_BYTES)), SNIFF_BYTES);
  const { container, entries, innerName } = await findContainer(file, storedHead, { fileName: job.fileName, entry: request.entry });
  const head = container.archive ? await readStreamHead((await openContainedFile(file, container)).content, SNIFF_BYTES) : storedHead;
  // A chosen encoding is checked (and its delimiter detected) instead of the detected one.
  const sniffed = sniffImportFile(head, innerName, { encoding: request.encoding });
  const format: TFileFormat =
    sniffed.format === 'csv'
      ? { ...sniffed, ...(request.delimiter ? { delimiter: request.delimiter } : {}), ...container }
      : { ...sniffed, ...(request.sheet ? { sheet: request.sheet } : {}), ...container };
  const rows: string[][] = [];
  let sheets: string[] = [];
  const { content } = await openContainedFile(file, format);
  for await (const batch of readImportRows(content, format, { batchSize: PREVIEW_ROWS + 1, onSheets: (names) => (sheets = names) })) {
    rows.push(...batch);
    if (rows.length > PREVIEW_ROWS) break;
  }
  await updateImportJob(tuid, job.id, job.position, { format, updateTime: new Date().toISOString() });
  const headers = rows[0] ?? [];
  return { format, headers, rows: rows.slice(1, PREVIEW_ROWS + 1), mapping: guessColumnMapping(headers, await listContactFields(tuid)), entries, sheets };
}

/** Checks the mapping and the groups, stores the choices and queues the import. */
export async function startImport(options: { tuid: string; importId: string; input: TStartImportRequest; now: Date }): Promise<TImportJob> {
  const { tuid, input, now } = options;
  const job = await requireJob(tuid, options.importId);
  requireUploading(job);
  if (!('format' in job.format)) throw new AppError(ERROR_CODES.INVALID_INPUT, 'Preview the file before starting the import.');
  const targets = input.mapping.filter((target): target is string => target !== null);
  if (new Set(targets).size !== targets.length) throw new AppError(ERROR_CODES.INVALID_INPUT, 'Each field can take one column only.');
  const address = ADDRESS_OF_KIND[job.kind];
  if (address !== null) {
    // An unsubscribe list brings one column, its addresses, into no group.
    if (targets.length !== 1 || targets[0] !== address) throw new AppError(ERROR_CODES.INVALID_INPUT, `Map one column, to the ${address === 'email' ? 'email' : 'mobile number'}, and no other.`);
    if (input.groupIds.length > 0) throw new AppError(ERROR_CODES.INVALID_INPUT, 'An unsubscribe list adds no one to a group.');
  }
  if (!targets.includes('email') && !targets.includes('mobile')) throw new AppError(ERROR_CODES.INVALID_INPUT, 'Map a column to the email or the mobile number.');
  const fieldIds = new Set((await listContactFields(tuid)).map((field) => `field:${field.id}`));
  const unknown = targets.find((target) => target.startsWith('field:') && !fieldIds.has(target));
  if (unknown) throw new AppError(ERROR_CODES.UNKNOWN_FIELD, `There is no field '${unknown}'.`);
  const groups = new Map((await listGroups(tuid)).map((group) => [group.id, group]));
  for (const groupId of input.groupIds) {
    const group = groups.get(groupId);
    if (!group) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no group '${groupId}'.`);
    if (group.type !== 'S') throw new AppError(ERROR_CODES.GROUP_NOT_EDITABLE, `'${group.name}' is an auto-update group: its members follow its conditions.`);
  }
  const stored = await updateImportJob(tuid, job.id, job.position, {
    mapping: input.mapping,
    hasHeader: input.hasHeader,
    // Known addresses of an unsubscribe list are always unsubscribed.
    existing: address === null ? input.existing : 'update',
    groupIds: input.groupIds,
    status: 'queued',
    updateTime: now.toISOString(),
  });
  if (!stored) throw new AppError(ERROR_CODES.INVALID_INPUT, 'This import has already started.');
  await enqueueContactImport({ tuid, importId: job.id });
  return toApiJob((await getImportJob(tuid, job.id))!);
}

/** Asks the import to stop after the batch in hand; a finished import stays as it is. */
export async function stopImport({ tuid, importId }: { tuid: string; importId: string }): Promise<TImportJob> {
  await requireJob(tuid, importId);
  await requestImportStop(tuid, importId);
  return toApiJob(await requireJob(tuid, importId));
}

export async function getImport({ tuid, importId }: { tuid: string; importId: string }): Promise<TImportJob> {
  return toApiJob(await requireJob(tuid, importId));
}

/**
 * A short-lived link to one of the report's row lists, or to the uploaded file (spec §7 get-file).
 * The lists exist once the import has ended; the upload from the moment it was uploaded.
 */
export async function importFileUrl({ tuid, importId, type }: { tuid: string; importId: string; type: TImportFileType }): Promise<string> {
  const job = await requireJob(tuid, importId);
  if (type === 'file' ? job.status === 'uploading' : !isImportEnded(job.status)) {
    throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, type === 'file' ? 'The file has not been uploaded yet.' : 'The report is ready when the import has ended.');
  }
  return reportDownloadUrl({ job, type, expiresInSeconds: DOWNLOAD_URL_SECONDS });
}

export async function listImports({ tuid }: { tuid: string }): Promise<TImportJob[]> {
  return (await listImportJobs(tuid, 50)).map(toApiJob);
}
