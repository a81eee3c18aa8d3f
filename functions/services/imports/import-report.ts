/**
 * The import report's row lists (spec §7 data-import get-file): the rows that were created,
 * changed, duplicated within the file, or refused (with the reason), each a file in the upload's
 * format. While the import runs, each batch stores what happened to each of its rows (one small
 * object per batch, written before the batch commits and overwritten by a retry, so it always
 * matches the committed counts). When the import ends, the original file is read once more and
 * its rows are dealt into the four lists, each streamed to S3 as a multipart upload while it is
 * written: nothing holds the rows, and each list holds at most two parts (ObjectUpload), whatever
 * the file's size. A crash while they are written leaves the lists as they were (a multipart
 * upload replaces its object only when it completes); the next delivery writes each list again
 * from the first row, and the bucket's lifecycle rule removes the dead upload's parts
 * (docs/data-model.md "Import report lists").
 */
import type { ImportJob } from '../../data/imports.js';
import { objectKeys } from '../../data/object-keys.js';
import { ObjectUpload, presignDownload, readObjectText, writeObject } from '../../lib/aws/storage.js';
import { createTableWriter, EXPORT_CONTENT_TYPES, type TableWriter } from '../../lib/files/export/table-writer.js';
import type { TFileFormat } from '../../lib/files/import/file-format.js';
import { readImportRows } from '../../lib/files/import/row-reader.js';
import { openImportFile } from './import-file.js';
import { IMPORT_LIST_SUFFIXES, importFileName } from '../../../shared/domain/import-report.js';
import type { TImportFileType } from '../../../shared/schemas/imports.js';

/** What happened to one row: created, changed (updated), duplicated, error, skipped (an existing contact left alone), not imported (the contact limit). */
export type RowKind = 'c' | 'u' | 'd' | 'e' | 's' | 'n';

/** One batch's rows: `kinds[i]` is row `from + i`; reasons of error rows by that offset. */
export type BatchOutcomes = { from: number; kinds: string; reasons: Record<number, string> };

const LIST_KINDS = { created: 'c', changed: 'u', duplicated: 'd', error: 'e', notImported: 'n' } as const satisfies Record<Exclude<TImportFileType, 'file'>, RowKind>;
type ListType = keyof typeof LIST_KINDS;
const LIST_TYPES = Object.keys(LIST_KINDS) as ListType[];

/** What writing one list took: its size, its multipart parts (0 for one PUT) and the most memory its upload held. */
export type ReportListStats = Record<ListType, { bytes: number; parts: number; peakHeldBytes: number }>;

const outcomesKey = (job: Pick<ImportJob, 'tuid' | 'id'>, from: number) => objectKeys.importBatchOutcomes(job.tuid, job.id, from);
const listKey = (job: Pick<ImportJob, 'tuid' | 'id'>, type: ListType) => objectKeys.importReportList(job.tuid, job.id, type);

/** The upload's format, which the row lists take. */
export const fileFormatOf = (job: Pick<ImportJob, 'format'>): 'csv' | 'xlsx' => ((job.format as TFileFormat).format === 'xlsx' ? 'xlsx' : 'csv');

export async function saveBatchOutcomes({ job, outcomes }: { job: Pick<ImportJob, 'tuid' | 'id'>; outcomes: BatchOutcomes }): Promise<void> {
  await writeObject(outcomesKey(job, outcomes.from), JSON.stringify(outcomes), 'application/json');
}

/**
 * Writes the lists from the original file and the batches' outcomes. Rows no batch reached are in
 * the not-imported list when the import ended at the contact limit (`restNotImported`), in no list
 * after a stop or an abort. Safe to run again: each list is rewritten whole. Answers how many rows
 * the not-imported list holds, and each list's size, parts and most bytes held at once.
 */
export async function writeImportReport(job: ImportJob, options: { restNotImported: boolean }): Promise<{ notImported: number; lists: ReportListStats }> {
  const format = fileFormatOf(job);
  const { content: stream } = await openImportFile({ job });
  let writers: Record<ListType, { upload: ObjectUpload; table: TableWriter }> | null = null;
  let batch: BatchOutcomes | null = null;
  let nextFrom = 0;
  let rowIndex = -1;
  let pastBatches = false;
  let notImported = 0;
  try {
    reading: for await (const rows of readImportRows(stream, job.format as TFileFormat)) {
      for (const row of rows) {
        rowIndex += 1;
        if (writers === null) writers = openLists(job, format, job.hasHeader ? row : row.map((_, i) => `Column ${i + 1}`));
        if (rowIndex === 0 && job.hasHeader) continue;
        const dataRow = job.hasHeader ? rowIndex - 1 : rowIndex;
        if (!pastBatches && (batch === null || dataRow >= batch.from + batch.kinds.length)) {
          batch = await readBatchOutcomes(job, nextFrom);
          if (batch === null) pastBatches = true;
          else nextFrom = batch.from + batch.kinds.length;
        }
        if (batch === null) {
          // No batch reached this row: the import ended before it.
          if (!options.restNotImported) break reading;
          notImported += 1;
          await writers.notImported.table.writeRow(row);
          continue;
        }
        const offset = dataRow - batch.from;
        const type = LIST_TYPES.find((candidate) => LIST_KINDS[candidate] === batch!.kinds[offset]);
        if (type === undefined) continue;
        if (type === 'notImported') notImported += 1;
        await writers[type].table.writeRow(type === 'error' ? [...row, batch.reasons[offset] ?? ''] : row);
      }
    }
    writers ??= openLists(job, format, []);
    for (const { table } of Object.values(writers)) await table.end();
  } catch (error) {
    stream.destroy();
    if (writers) await Promise.all(Object.values(writers).map(({ upload }) => upload.abort().catch(() => undefined)));
    throw error;
  }
  stream.destroy();
  const written = writers;
  const lists = Object.fromEntries(
    LIST_TYPES.map((type) => [type, { bytes: written[type].upload.size, parts: written[type].upload.partCount, peakHeldBytes: written[type].upload.peakHeldBytes }]),
  ) as ReportListStats;
  return { notImported, lists };
}

function openLists(job: ImportJob, format: 'csv' | 'xlsx', header: readonly string[]): Record<ListType, { upload: ObjectUpload; table: TableWriter }> {
  const columns = header.map((text) => ({ header: text, width: Math.min(40, Math.max(12, text.length + 2)) }));
  const entries = LIST_TYPES.map((type) => {
    const upload = new ObjectUpload(listKey(job, type), { contentType: EXPORT_CONTENT_TYPES[format] });
    const listColumns = type === 'error' ? [...columns, { header: 'Reason', width: 48 }] : columns;
    return [type, { upload, table: createTableWriter(format, upload, listColumns, { sheetName: IMPORT_LIST_SUFFIXES[type] }) }] as const;
  });
  return Object.fromEntries(entries) as Record<ListType, { upload: ObjectUpload; table: TableWriter }>;
}

async function readBatchOutcomes(job: ImportJob, from: number): Promise<BatchOutcomes | null> {
  const text = await readObjectText(outcomesKey(job, from));
  return text === null ? null : (JSON.parse(text) as BatchOutcomes);
}

/** A short-lived link to one list, or to the uploaded file; the link names the download. */
export async function reportDownloadUrl({ job, type, expiresInSeconds }: { job: ImportJob; type: TImportFileType; expiresInSeconds: number }): Promise<string> {
  return presignDownload(type === 'file' ? job.fileKey : listKey(job, type), expiresInSeconds, { fileName: importFileName({ fileName: job.fileName, fileFormat: fileFormatOf(job) }, type) });
}
