import { ReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../exceljs.js';
import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import { toBuffer } from './row-text.js';
import { SharedStringTable } from './shared-string-table.js';
import { type DateStyles, SheetXmlReader } from './sheet-xml-reader.js';

/** Which sheet to read (the first visible tab unless named), and who hears of the workbook's visible tabs. */
export type SheetChoice = { sheet?: string; onSheets?: (sheets: string[]) => void };

/**
 * Rows of the chosen worksheet (the first visible one by default). exceljs's streaming WorkbookReader does the package: the
 * zip, the workbook's tab list, the shared strings, the styles, and a temporary file per sheet
 * (Excel writes the sheets before the shared strings, so a sheet can only be read after them).
 * The sheet's XML itself is read here (SheetXmlReader): through exceljs's Row and Cell objects,
 * the bench's 200,000-row workbook read at 39,000 rows/s; this way, at 87,000.
 */
export async function* readXlsxRows(input: Readable, choice: SheetChoice = {}): AsyncGenerator<string[][]> {
  // A failing source (a dropped connection) is no broken file: its error goes out as it is. exceljs
  // would never hear of it (its unzipper waits forever for the rest), so the file it reads ends there.
  let sourceError: unknown = null;
  const feed = new PassThrough();
  input.on('error', (error) => {
    sourceError ??= error;
    feed.end();
  });
  input.pipe(feed);
  const excel = await loadExcelJs();
  const workbook = new excel.stream.xlsx.WorkbookReader(feed, {
    worksheets: 'emit',
    // Shared strings come one by one into a compact table of ours instead of one JS string each;
    // exceljs then spools every sheet to a temporary file and hands the sheets over at the end.
    sharedStrings: 'emit',
    // Number formats tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  decodeSharedStringsAsText(workbook);
  const sharedStrings = new SharedStringTable();
  const events = workbook.parse();
  let isRead = false;
  let isDone = false;
  let isToldSheets = false;
  let reading: unknown = null;
  try {
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const sharedString = sharedStringEvent(next.value);
      if (sharedString) {
        sharedStrings.add(sharedString.index, sharedString.text);
        continue;
      }
      const sheet = worksheetEvent(next.value);
      if (!sheet) continue;
      // Sheets come after the whole package: a source that failed cut it short.
      if (sourceError !== null) throw sourceError;
      const content: unknown = Reflect.get(sheet, 'iterator');
      const tabs = tabNames(Reflect.get(workbook, 'model'));
      if (!isToldSheets) {
        isToldSheets = true;
        choice.onSheets?.(tabs.visible);
      }
      if (isRead || !isChosenTab(tabs, sheet, choice.sheet) || !isAsyncIterable(content)) {
        await releaseSheet(content);
        continue;
      }
      setTextEncoding(content);
      reading = content;
      const reader = new SheetXmlReader(sharedStrings, dateStyles(workbook));
      const decoder = new TextDecoder();
      for await (const chunk of content) {
        const rows = reader.write(typeof chunk === 'string' ? chunk : decoder.decode(toBuffer(chunk), { stream: true }));
        if (rows.length > 0) yield rows;
      }
      await releaseSheet(content);
      reading = null;
      isRead = true;
    }
    isDone = true;
  } catch (error) {
    if (sourceError !== null) throw sourceError;
    if (error instanceof AppError) throw error;
    throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, `The XLSX file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (reading !== null) await releaseSheet(reading);
    // After an early stop or a failure, the sheets still to come are walked through, not abandoned:
    // exceljs closes each temporary file only when its loop moves on. (When the package itself is
    // broken, exceljs stops at once and the sheets it spooled stay until the process ends.)
    if (!isDone) await skipRemainingSheets(events);
    sharedStrings.close();
    input.destroy();
    feed.destroy();
  }
  if (sourceError !== null) throw sourceError;
  if (!isRead && choice.sheet !== undefined) throw new AppError(ERROR_CODES.INVALID_INPUT, `The workbook has no sheet named '${choice.sheet}'.`);
  if (!isRead) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has no worksheet.');
}

async function skipRemainingSheets(events: AsyncIterator<unknown>): Promise<void> {
  try {
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const sheet = worksheetEvent(next.value);
      if (sheet) await releaseSheet(Reflect.get(sheet, 'iterator'));
    }
  } catch {
    // The file is being abandoned: a read error changes nothing.
  }
}

/**
 * exceljs decodes each chunk of a part's XML on its own, so a character split between two chunks
 * comes out as U+FFFD (exceljs issues #2063, #2084, #2316; fix PR #1665 unmerged): in a Chinese
 * file, a name every 16 KiB. Its shared strings part is therefore read as a UTF-8 text stream (and
 * the sheet, by SheetXmlReader, from its temporary file as text too).
 */
function decodeSharedStringsAsText(workbook: ExcelJS.stream.xlsx.WorkbookReader): void {
  const parseSharedStrings: unknown = Reflect.get(workbook, '_parseSharedStrings');
  if (typeof parseSharedStrings !== 'function') return;
  Reflect.set(workbook, '_parseSharedStrings', function (this: unknown, entry: unknown) {
    setTextEncoding(entry);
    return Reflect.apply(parseSharedStrings, this, [entry]);
  });
}

function setTextEncoding(stream: unknown): void {
  const setEncoding: unknown = typeof stream === 'object' && stream !== null ? Reflect.get(stream, 'setEncoding') : undefined;
  if (typeof setEncoding === 'function') Reflect.apply(setEncoding, stream, ['utf8']);
}

/**
 * Closes a sheet's stream and removes its temporary file now: exceljs removes it asynchronously
 * once its loop moves on, which a process that ends right after the read (or a read stopped
 * early) never waits for. The file goes only once the stream has closed: a sheet being skipped
 * may not have opened its file yet, and removing it first would fail that open.
 */
async function releaseSheet(content: unknown): Promise<void> {
  if (!(content instanceof Readable)) return;
  // An abandoned sheet's read error (the file already gone) is of no interest.
  content.on('error', () => undefined);
  const closed = content.closed ? Promise.resolve() : new Promise<void>((resolve) => content.once('close', () => resolve()));
  content.destroy();
  await closed;
  if (content instanceof ReadStream && typeof content.path === 'string') await rm(content.path, { force: true });
}

// exceljs types parse() loosely (AsyncIterator<any>); these narrow what it yields at runtime.

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, Symbol.asyncIterator) === 'function';
}

function sharedStringEvent(event: unknown): { index: number; text: unknown } | null {
  if (typeof event !== 'object' || event === null) return null;
  const index: unknown = Reflect.get(event, 'index');
  return typeof index === 'number' ? { index, text: Reflect.get(event, 'text') } : null;
}

function worksheetEvent(event: unknown): ExcelJS.stream.xlsx.WorksheetReader | null {
  if (typeof event !== 'object' || event === null || Reflect.get(event, 'eventType') !== 'worksheet') return null;
  const sheet: unknown = Reflect.get(event, 'value');
  return isWorksheetReader(sheet) ? sheet : null;
}

// exceljs exports no WorksheetReader class at runtime: recognise one by its shape.
function isWorksheetReader(value: unknown): value is ExcelJS.stream.xlsx.WorksheetReader {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'parse') === 'function';
}

/**
 * Whether the sheet is the chosen tab, by default the workbook's first visible one (workbook.xml
 * lists tabs in order; the sheetN.xml file names do not follow moved tabs). Without that list, the
 * first sheet met is the default.
 */
function isChosenTab(tabs: { all: string[]; visible: string[] }, sheet: ExcelJS.stream.xlsx.WorksheetReader, chosen: string | undefined): boolean {
  const name: unknown = Reflect.get(sheet, 'name');
  if (chosen !== undefined) return name === chosen;
  if (tabs.all.length === 0 || typeof name !== 'string' || !tabs.all.includes(name)) return true;
  return name === tabs.visible[0];
}

function tabNames(model: unknown): { all: string[]; visible: string[] } {
  const sheets: unknown = typeof model === 'object' && model !== null ? Reflect.get(model, 'sheets') : undefined;
  if (!Array.isArray(sheets)) return { all: [], visible: [] };
  const all: string[] = [];
  const visible: string[] = [];
  for (const tab of sheets) {
    const name: unknown = typeof tab === 'object' && tab !== null ? Reflect.get(tab, 'name') : undefined;
    if (typeof name !== 'string') continue;
    all.push(name);
    const state: unknown = Reflect.get(tab, 'state');
    if (state !== 'hidden' && state !== 'veryHidden') visible.push(name);
  }
  return { all, visible };
}

/** Which cell styles show a date, and the workbook's date system, from exceljs's parsed styles. */
function dateStyles(workbook: ExcelJS.stream.xlsx.WorkbookReader): DateStyles {
  const styles: unknown = Reflect.get(workbook, 'styles');
  const properties: unknown = Reflect.get(workbook, 'properties');
  const propertiesModel: unknown = typeof properties === 'object' && properties !== null ? Reflect.get(properties, 'model') : undefined;
  const is1904 = typeof propertiesModel === 'object' && propertiesModel !== null && Reflect.get(propertiesModel, 'date1904') === true;
  const getStyleModel: unknown = typeof styles === 'object' && styles !== null ? Reflect.get(styles, 'getStyleModel') : undefined;
  const known = new Map<number, boolean>();
  return {
    is1904,
    isDate(style: number): boolean {
      let isDate = known.get(style);
      if (isDate === undefined) {
        const model: unknown = typeof getStyleModel === 'function' ? Reflect.apply(getStyleModel, styles, [style]) : undefined;
        const numFmt: unknown = typeof model === 'object' && model !== null ? Reflect.get(model, 'numFmt') : undefined;
        isDate = typeof numFmt === 'string' && isDateFormat(numFmt);
        known.set(style, isDate);
      }
      return isDate;
    },
  };
}

/** Excel's test for a date format: date/time letters outside quoted text and [..] sections. */
function isDateFormat(format: string): boolean {
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}
