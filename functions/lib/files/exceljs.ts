/**
 * exceljs, loaded the first time a workbook is read or written rather than with every module that
 * might: loading it costs a process about 27 MiB (7 MiB of it live heap, the rest heap grown while
 * it loads), and most imports and exports are CSV. Under `npm start` every worker and API module
 * shares the host's process, so a CSV import would otherwise carry it.
 */
import type ExcelJS from 'exceljs';

export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
