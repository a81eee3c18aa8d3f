/**
 * Reads the rows of an import file as a stream of batches: CSV through our own splitter (after
 * iconv-lite for encodings other than UTF-8; csv-reader.ts) or one worksheet of an XLSX through
 * exceljs's streaming reader (xlsx-reader.ts, with sheet-xml-reader.ts and shared-string-table.ts). Nothing holds the whole file: the source is read only as fast as the
 * consumer takes batches, so memory does not grow with the file (back-pressure).
 *
 * Rows are arrays of trimmed cell texts, the header row included as the first row. Empty rows
 * (no cell with text) are skipped. Limits: a row keeps its first 100 cells and a cell its first
 * 10,000 characters; a CSV record longer than 8 MiB or a quote that never closes (a broken file)
 * stops the read with IMPORT_UNREADABLE.
 */
import { Readable } from 'node:stream';
import { readCsvRows } from './csv-reader.js';
import type { TFileFormat } from './file-format.js';
import { IMPORT_ROW_LIMITS } from './row-text.js';
import { readXlsxRows, type SheetChoice } from './xlsx-reader.js';

export type ImportSource = NodeJS.ReadableStream | AsyncIterable<Uint8Array>;

/**
 * The rows of an import file in batches of `batchSize` (default 1,000), header row first; of a
 * workbook, the rows of `format.sheet` (the first visible sheet by default), and `onSheets` hears
 * of its visible sheets. Throws IMPORT_UNREADABLE when a CSV quote never closes or the XLSX
 * cannot be opened, INVALID_INPUT when the workbook has no such sheet.
 */
export async function* readImportRows(
  source: ImportSource,
  format: TFileFormat,
  options: { batchSize?: number; onSheets?: SheetChoice['onSheets'] } = {},
): AsyncGenerator<string[][]> {
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_ROW_LIMITS.batchSize);
  const input = source instanceof Readable ? source : Readable.from(source);
  const rows = format.format === 'xlsx' ? readXlsxRows(input, { sheet: format.sheet, onSheets: options.onSheets }) : readCsvRows(input, format.encoding, format.delimiter);
  let batch: string[][] = [];
  for await (const chunk of rows) {
    for (const row of chunk) {
      batch.push(row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}
