/**
 * Writes an export's rows to a byte stream as CSV or as an XLSX workbook, row by row: nothing
 * holds the table. Each write waits while the stream behind it is full (back-pressure), so the
 * contacts are read only as fast as the file is stored.
 */
import type { Writable } from 'node:stream';
import { loadExcelJs } from '../exceljs.js';
import type { ExportCell, ExportColumn } from '../../../../shared/domain/contact-export.js';
import type { ExportFormat } from '../../../../shared/schemas/exports.js';
import { CSV_BOM, csvLine } from './csv.js';

/** What a writer needs of a column: its header (and, for XLSX, its width). Contact export columns are ones. */
export type TableColumn = Pick<ExportColumn, 'header' | 'width'>;

export type TableWriter = {
  writeRow(cells: readonly ExportCell[]): Promise<void>;
  /** Ends the file and waits until the stream has taken all of it. */
  end(): Promise<void>;
};

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** CSV text is handed to the stream in pieces of about this size. */
const CSV_CHUNK_CHARS = 64 * 1024;
/** XLSX rows between looks at the stream's back-pressure. */
const XLSX_ROWS_PER_CHECK = 200;

/** Resolves when the stream emits `event`, or closes or fails (the caller then checks for the failure). */
function settled(output: Writable, event: 'drain' | 'finish'): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const name of [event, 'close', 'error']) output.off(name, done);
      resolve();
    };
    for (const name of [event, 'close', 'error']) output.on(name, done);
  });
}

/** Follows the stream's errors, so a failed upload stops the writer at its next row instead of crashing the process. */
function watch(output: Writable): { check(): void; drained(): Promise<void> } {
  let failure: unknown = null;
  output.on('error', (error) => {
    failure ??= error;
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    check,
    async drained() {
      check();
      if (output.writableNeedDrain) {
        await settled(output, 'drain');
        check();
      }
    },
  };
}

function csvWriter(output: Writable, columns: readonly TableColumn[]): TableWriter {
  const stream = watch(output);
  let pending = CSV_BOM + csvLine(columns.map((column) => column.header));
  const flush = async () => {
    if (pending === '') return;
    output.write(Buffer.from(pending, 'utf8'));
    pending = '';
    await stream.drained();
  };
  return {
    async writeRow(cells) {
      pending += csvLine(cells);
      if (pending.length >= CSV_CHUNK_CHARS) await flush();
    },
    async end() {
      await flush();
      output.end();
      if (!output.writableFinished) await settled(output, 'finish');
      stream.check();
    },
  };
}

function xlsxWriter(output: Writable, columns: readonly TableColumn[], sheetName: string): TableWriter {
  const stream = watch(output);
  // The workbook starts once exceljs has loaded (loadExcelJs); every write waits for it.
  const opening = loadExcelJs().then((excel) => {
    // Inline strings instead of a shared-string table, which would hold every distinct text in memory.
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ width: column.width }));
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    return { workbook, sheet };
  });
  // A failure to load is reported by the first write or the end, not as an unhandled rejection.
  opening.catch(() => undefined);
  let sinceCheck = 0;
  return {
    async writeRow(cells) {
      const { sheet } = await opening;
      // Every value is typed (text or number), so no cell is ever read as a formula.
      sheet.addRow(cells.map((cell) => cell ?? undefined)).commit();
      sinceCheck += 1;
      if (sinceCheck >= XLSX_ROWS_PER_CHECK) {
        sinceCheck = 0;
        await stream.drained();
      }
    },
    async end() {
      const { workbook, sheet } = await opening;
      stream.check();
      sheet.commit();
      await workbook.commit();
      stream.check();
    },
  };
}

/** A writer of `format` over `output`, the header row already written. */
export function createTableWriter(format: ExportFormat, output: Writable, columns: readonly TableColumn[], options: { sheetName: string }): TableWriter {
  return format === 'csv' ? csvWriter(output, columns) : xlsxWriter(output, columns, options.sheetName);
}
