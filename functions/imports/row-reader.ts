/**
 * Reads the rows of an import file as a stream of batches: CSV through our own splitter (after
 * iconv-lite for encodings other than UTF-8) or the first worksheet of an XLSX through exceljs's
 * streaming reader. Nothing holds the whole file: the source is read only as fast as the
 * consumer takes batches, so memory does not grow with the file (back-pressure).
 *
 * Rows are arrays of trimmed cell texts, the header row included as the first row. Empty rows
 * (no cell with text) are skipped. Limits: a row keeps its first 100 cells and a cell its first
 * 10,000 characters; a CSV record longer than 8 MiB or a quote that never closes (a broken file)
 * stops the read with IMPORT_UNREADABLE.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { TFileFormat } from './file-format.js';

export const IMPORT_ROW_LIMITS = {
  /** Cells kept per row; later cells are dropped. */
  maxCells: 100,
  /** Characters kept per cell; the rest is dropped. */
  maxCellLength: 10_000,
  /** Rows per yielded batch unless the caller asks otherwise. */
  batchSize: 1_000,
} as const;

export type ImportSource = NodeJS.ReadableStream | AsyncIterable<Uint8Array>;

/**
 * The rows of an import file in batches of `batchSize` (default 1,000), header row first.
 * Throws IMPORT_UNREADABLE when a CSV quote never closes or the XLSX cannot be opened.
 */
export async function* readImportRows(
  source: ImportSource,
  format: TFileFormat,
  options: { batchSize?: number } = {},
): AsyncGenerator<string[][]> {
  const batchSize = Math.max(1, options.batchSize ?? IMPORT_ROW_LIMITS.batchSize);
  const input = source instanceof Readable ? source : Readable.from(source);
  const rows = format.format === 'xlsx' ? readXlsxRows(input) : readCsvRows(input, format.encoding, format.delimiter);
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

/** A cell cut to the limit (never in the middle of a surrogate pair) and trimmed. */
function cellText(text: string): string {
  if (text.length > IMPORT_ROW_LIMITS.maxCellLength) {
    const cut = IMPORT_ROW_LIMITS.maxCellLength;
    const code = text.charCodeAt(cut - 1);
    text = text.slice(0, code >= 0xd800 && code <= 0xdbff ? cut - 1 : cut);
  }
  return text.trim();
}

// ---------------------------------------------------------------------------------------------
// CSV

/**
 * Records of the CSV stream. The file is split at the byte level (delimiters, quotes and line
 * ends are ASCII, never part of a UTF-8 sequence); other encodings are decoded by iconv-lite and
 * re-encoded to UTF-8 first. Each cell is decoded on its own, so a kept cell never pins the chunk
 * it came from in memory.
 */
async function* readCsvRows(input: Readable, encoding: string, delimiter: string): AsyncGenerator<string[][]> {
  const splitter = new CsvSplitter(delimiter.charCodeAt(0));
  const decoder = encoding === 'utf-8' ? null : iconv.getDecoder(encoding);
  try {
    for await (const chunk of input) {
      const bytes = decoder ? Buffer.from(decoder.write(toBuffer(chunk))) : toBuffer(chunk);
      const rows = splitter.write(bytes);
      if (rows.length > 0) yield rows;
    }
    const rows = splitter.end(decoder ? Buffer.from(decoder.end() ?? '') : Buffer.alloc(0));
    if (rows.length > 0) yield rows;
  } finally {
    // An early stop (the consumer broke out) must release the source too.
    input.destroy();
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
/** Bytes of one record before the read fails: far beyond 100 cells of 10,000 characters, and a
 * bound on what an unclosed quote can make the reader hold. */
const MAX_RECORD_BYTES = 8 * 1024 * 1024;

/**
 * RFC 4180 records from UTF-8 chunks, leniently: a quote inside an unquoted cell is a character,
 * text after a closing quote is kept (`"a"b` reads ab, as Excel does), line ends may be CRLF, LF
 * or CR and mixed. A record cut by the end of a chunk is carried over to the next one.
 */
export class CsvSplitter {
  private carry: Buffer | null = null;
  private isStart = true;
  private records = 0;

  constructor(private readonly delimiter: number) {}

  /** The complete records up to the end of `chunk`, cleaned (see cleanRecord). */
  write(chunk: Buffer): string[][] {
    return this.split(chunk, false);
  }

  /** The last records, once the stream has ended; an unclosed quote fails here. */
  end(chunk: Buffer = Buffer.alloc(0)): string[][] {
    return this.split(chunk, true);
  }

  private split(chunk: Buffer, isLast: boolean): string[][] {
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = null;
    if (this.isStart) {
      if (bytes.length < 3 && !isLast) {
        this.carry = bytes;
        return [];
      }
      this.isStart = false;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    const rows: string[][] = [];
    let position = 0;
    while (position < bytes.length) {
      const record: string[] = [];
      const next = this.readRecord(bytes, position, isLast, record);
      if (next < 0) {
        if (bytes.length - position > MAX_RECORD_BYTES) throw this.unreadable('has a record longer than 8 MiB (an unclosed quote?)');
        this.carry = Buffer.from(bytes.subarray(position));
        break;
      }
      position = next;
      this.records += 1;
      const row = cleanRecord(record);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** Reads one record starting at `start` into `record`; the position after it, or -1 when the chunk ends first. */
  private readRecord(bytes: Buffer, start: number, isLast: boolean, record: string[]): number {
    const length = bytes.length;
    const delimiter = this.delimiter;
    let position = start;
    for (;;) {
      let value = '';
      if (bytes[position] === QUOTE) {
        let from = position + 1;
        for (;;) {
          const quote = bytes.indexOf(QUOTE, from);
          if (quote < 0) {
            if (!isLast) return -1;
            throw this.unreadable('ends inside a quoted cell');
          }
          // A quote at the chunk's end may be the first of a doubled quote.
          if (quote + 1 >= length && !isLast) return -1;
          if (bytes[quote + 1] === QUOTE) {
            value += decodeCell(bytes, from, quote + 1);
            from = quote + 2;
            continue;
          }
          value += decodeCell(bytes, from, quote);
          position = quote + 1;
          break;
        }
      }
      let end = position;
      let byte = 0;
      while (end < length) {
        byte = bytes[end];
        if (byte === delimiter || byte === LF || byte === CR) break;
        end += 1;
      }
      if (end >= length && !isLast) return -1;
      if (end > position) value += decodeCell(bytes, position, end);
      if (record.length < IMPORT_ROW_LIMITS.maxCells) record.push(value);
      if (end >= length) return end;
      if (byte === delimiter) {
        position = end + 1;
        // A delimiter at the very end: one more, empty, cell.
        if (position >= length) {
          if (!isLast) return -1;
          if (record.length < IMPORT_ROW_LIMITS.maxCells) record.push('');
          return position;
        }
        continue;
      }
      // CRLF, LF or CR; a CR ending a chunk leaves its LF to start the next one as an empty line.
      return byte === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
    }
  }

  private unreadable(problem: string): AppError {
    return new AppError(ERROR_CODES.IMPORT_UNREADABLE, `The CSV file ${problem}, after row ${this.records}.`);
  }
}

/** A cell's bytes as text: ASCII through the cheaper latin1 decoder. */
function decodeCell(bytes: Buffer, start: number, end: number): string {
  for (let i = start; i < end; i += 1) if (bytes[i] >= 0x80) return bytes.toString('utf8', start, end);
  return bytes.toString('latin1', start, end);
}

/** The record's cells cut and trimmed, or null when none has text. */
function cleanRecord(record: string[]): string[] | null {
  let hasText = false;
  for (let i = 0; i < record.length; i += 1) {
    const cell = cellText(record[i]);
    if (cell !== '') hasText = true;
    record[i] = cell;
  }
  return hasText ? record : null;
}

// ---------------------------------------------------------------------------------------------
// XLSX

/** Rows of the first visible worksheet, one group per chunk of the sheet's XML. */
async function* readXlsxRows(input: Readable): AsyncGenerator<string[][]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    // Shared strings come one by one into a compact table of ours instead of one JS string each.
    sharedStrings: 'emit',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  decodePartsAsText(workbook);
  const sharedStrings = new SharedStringTable();
  // parse() interleaves the shared strings and the worksheets; with shared strings emitted, exceljs
  // spools every sheet to a temporary file and reads the sheets after the whole package.
  const events = workbook.parse();
  let isRead = false;
  let isDone = false;
  try {
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const sharedString = sharedStringEvent(next.value);
      if (sharedString) {
        sharedStrings.add(sharedString.index, sharedString.text);
        continue;
      }
      const sheet = worksheetEvent(next.value);
      if (!sheet) continue;
      if (isRead || !isFirstTab(workbook, sheet)) {
        releaseSheet(sheet);
        continue;
      }
      setTextEncoding(Reflect.get(sheet, 'iterator'));
      for await (const rowEventGroup of asyncIterable(sheet.parse())) {
        const rows: string[][] = [];
        for (const row of rowEvents(rowEventGroup)) {
          const cells = sheetRowCells(row, sharedStrings);
          if (cells) rows.push(cells);
        }
        if (rows.length > 0) yield rows;
      }
      isRead = true;
    }
    isDone = true;
  } catch (error) {
    isDone = true;
    if (error instanceof AppError) throw error;
    throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, `The XLSX file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // After an early stop, the later sheets are walked through, not abandoned: exceljs removes each
    // temporary file only when its loop moves on (tmp would otherwise keep them until the process ends).
    if (!isDone) await skipRemainingSheets(events);
    input.destroy();
  }
  if (!isRead) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has no worksheet.');
}

async function skipRemainingSheets(events: AsyncIterator<unknown>): Promise<void> {
  try {
    for (let next = await events.next(); !next.done; next = await events.next()) {
      const sheet = worksheetEvent(next.value);
      if (sheet) releaseSheet(sheet);
    }
  } catch {
    // The file is being abandoned: a read error changes nothing.
  }
}

/**
 * exceljs decodes each chunk of a part's XML on its own, so a character split between two chunks
 * comes out as U+FFFD (exceljs issues #2063, #2084, #2316; fix PR #1665 unmerged): in a Chinese
 * sheet, a name every 16 KiB. Parts read as UTF-8 text streams keep characters whole: the shared
 * strings here, each worksheet where it is read (exceljs spools every sheet to a temporary file
 * when shared strings are emitted, and hands the file stream over).
 */
function decodePartsAsText(workbook: ExcelJS.stream.xlsx.WorkbookReader): void {
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

// exceljs types parse() loosely (AsyncIterator<any>); these narrow what it yields at runtime.

function asyncIterable(iterator: AsyncIterator<unknown>): AsyncIterable<unknown> {
  return { [Symbol.asyncIterator]: () => iterator };
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

function* rowEvents(events: unknown): Generator<ExcelJS.Row> {
  if (!Array.isArray(events)) return;
  for (const event of events) {
    if (typeof event !== 'object' || event === null || Reflect.get(event, 'eventType') !== 'row') continue;
    const row: unknown = Reflect.get(event, 'value');
    if (isRow(row)) yield row;
  }
}

function isRow(value: unknown): value is ExcelJS.Row {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'eachCell') === 'function';
}

/**
 * Whether the sheet is the workbook's first visible tab (workbook.xml lists tabs in order; the
 * sheetN.xml file names do not follow moved tabs). Without that list, the first sheet met is taken.
 */
function isFirstTab(workbook: ExcelJS.stream.xlsx.WorkbookReader, sheet: ExcelJS.stream.xlsx.WorksheetReader): boolean {
  const tabs = tabNames(Reflect.get(workbook, 'model'));
  const name: unknown = Reflect.get(sheet, 'name');
  if (tabs.all.length === 0 || typeof name !== 'string' || !tabs.all.includes(name)) return true;
  return name === tabs.firstVisible;
}

function tabNames(model: unknown): { all: string[]; firstVisible: string | undefined } {
  const sheets: unknown = typeof model === 'object' && model !== null ? Reflect.get(model, 'sheets') : undefined;
  if (!Array.isArray(sheets)) return { all: [], firstVisible: undefined };
  const all: string[] = [];
  let firstVisible: string | undefined;
  for (const tab of sheets) {
    const name: unknown = typeof tab === 'object' && tab !== null ? Reflect.get(tab, 'name') : undefined;
    if (typeof name !== 'string') continue;
    all.push(name);
    const state: unknown = Reflect.get(tab, 'state');
    if (firstVisible === undefined && state !== 'hidden' && state !== 'veryHidden') firstVisible = name;
  }
  return { all, firstVisible };
}

/** A skipped sheet that exceljs spooled to a temporary file holds an open file stream: close it. */
function releaseSheet(sheet: ExcelJS.stream.xlsx.WorksheetReader): void {
  const stream: unknown = Reflect.get(sheet, 'iterator');
  if (stream instanceof Readable) stream.destroy();
}

/**
 * The workbook's shared strings as UTF-8 in 1 MiB buffers, about a byte a character: a sheet's
 * shared strings can be millions of distinct values, too many to keep as JS strings.
 */
class SharedStringTable {
  private static readonly CHUNK = 1 << 20;
  private chunks: Buffer[] = [];
  private used = SharedStringTable.CHUNK;
  /** Per index: start (chunk × CHUNK + offset) and byte length. */
  private spans = new Float64Array(2 * 1024);

  add(index: number, value: unknown): void {
    const text = cellText(sharedStringText(value));
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > SharedStringTable.CHUNK) {
      this.chunks.push(Buffer.allocUnsafe(SharedStringTable.CHUNK));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    this.chunks[chunk].write(text, this.used);
    if (2 * index + 1 >= this.spans.length) {
      const grown = new Float64Array(Math.max(this.spans.length * 2, 2 * index + 2));
      grown.set(this.spans);
      this.spans = grown;
    }
    this.spans[2 * index] = chunk * SharedStringTable.CHUNK + this.used;
    this.spans[2 * index + 1] = bytes;
    this.used += bytes;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || 2 * index + 1 >= this.spans.length) return '';
    const start = this.spans[2 * index];
    const bytes = this.spans[2 * index + 1];
    if (bytes === 0) return '';
    const chunk = Math.floor(start / SharedStringTable.CHUNK);
    const offset = start - chunk * SharedStringTable.CHUNK;
    return this.chunks[chunk].toString('utf8', offset, offset + bytes);
  }
}

/** A shared string as exceljs emits it: text, rich text runs, or null for an empty one. */
function sharedStringText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return '';
  const runs: unknown = Reflect.get(value, 'richText');
  if (!Array.isArray(runs)) return '';
  return runs.map((run: unknown) => {
    const text: unknown = typeof run === 'object' && run !== null ? Reflect.get(run, 'text') : '';
    return typeof text === 'string' ? text : '';
  }).join('');
}

/** The row's cells as text, gaps filled with '', or null when no cell has text. */
function sheetRowCells(row: ExcelJS.Row, sharedStrings: SharedStringTable): string[] | null {
  const cells: string[] = [];
  let hasText = false;
  row.eachCell((cell, column) => {
    if (column > IMPORT_ROW_LIMITS.maxCells) return;
    const value = cell.value;
    // With emitted shared strings exceljs leaves { sharedString: index } for us to look up.
    const text = typeof value === 'object' && value !== null && 'sharedString' in value
      ? sharedStrings.get(Number(value.sharedString))
      : cellText(cellValueText(value, cell));
    if (text === '') return;
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
    hasText = true;
  });
  return hasText ? cells : null;
}

/**
 * What a cell shows, as text: numbers in plain decimal notation (no exponent, no float noise),
 * dates as YYYY-MM-DD, booleans TRUE/FALSE, rich text, hyperlinks and formula results as their
 * text, error values (#N/A…) as nothing.
 */
export function cellValueText(value: ExcelJS.CellValue, cell?: { numFmt?: string }): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    // A formula's number is a date when the cell is formatted as one (exceljs converts only plain values).
    if (typeof result === 'number' && isDateFormat(cell?.numFmt)) return cellValueText(excelSerialDate(result));
    return typeof result === 'object' && result !== null && 'error' in result ? '' : cellValueText(result ?? null);
  }
  if ('hyperlink' in value) return cellValueText(value.text);
  return '';
}

/** Excel's test for a date format: date/time letters outside quoted text and [..] sections. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** A serial day number of the 1900 date system as a UTC date. */
function excelSerialDate(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

/** Plain decimal notation with at most 15 significant digits, as Excel shows numbers. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  const plain = String(value);
  // Up to 15 significant digits and no exponent: already what Excel shows.
  if (plain.length <= 16 && !plain.includes('e')) return plain;
  const text = String(Number(value.toPrecision(15)));
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = '', exponent] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
