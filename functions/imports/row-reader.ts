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
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, ReadStream, rmSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
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

/**
 * Rows of the first visible worksheet. exceljs's streaming WorkbookReader does the package: the
 * zip, the workbook's tab list, the shared strings, the styles, and a temporary file per sheet
 * (Excel writes the sheets before the shared strings, so a sheet can only be read after them).
 * The sheet's XML itself is read here (SheetXmlReader): through exceljs's Row and Cell objects,
 * the bench's 200,000-row workbook read at 39,000 rows/s; this way, at 87,000.
 */
async function* readXlsxRows(input: Readable): AsyncGenerator<string[][]> {
  // A failing source (a dropped connection) is no broken file: its error goes out as it is. exceljs
  // would never hear of it (its unzipper waits forever for the rest), so the file it reads ends there.
  let sourceError: unknown = null;
  const feed = new PassThrough();
  input.on('error', (error) => {
    sourceError ??= error;
    feed.end();
  });
  input.pipe(feed);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(feed, {
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
      if (isRead || !isFirstTab(workbook, sheet) || !isAsyncIterable(content)) {
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

type DateStyles = { is1904: boolean; isDate(style: number): boolean };

/** Excel's test for a date format: date/time letters outside quoted text and [..] sections. */
function isDateFormat(format: string): boolean {
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Text of a shared string or inline string as OOXML stores it: _xHHHH_ escapes characters XML cannot hold. */
function unescapeOoxml(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/**
 * The workbook's shared strings as UTF-8 in 256 KiB chunks, about a byte a character plus six per
 * string: a sheet's shared strings can be millions of distinct values, too many to keep as JS
 * strings (some 40 bytes each more). The first 32 MiB stay in memory; beyond that, full chunks go
 * to a temporary file and are read back through a small cache. Excel numbers shared strings in
 * the order it first meets them, so a sheet read top to bottom walks the chunks nearly in order.
 */
export class SharedStringTable {
  private static readonly CHUNK_BITS = 18;
  private static readonly CHUNK = 1 << SharedStringTable.CHUNK_BITS;
  /** 4 GiB of strings: more than any upload can hold. */
  private static readonly MAX_CHUNKS = 1 << (32 - SharedStringTable.CHUNK_BITS);
  private chunks: Array<Buffer | null> = [];
  private used = SharedStringTable.CHUNK;
  /** Per index: chunk number and offset in it (chunk << 18 | offset), and byte length (a cut cell fits 16 bits). */
  private starts = new Uint32Array(1024);
  private lengths = new Uint16Array(1024);
  private spill: { fd: number; path: string } | null = null;
  /** Chunks read back from the temporary file, most recently used last. */
  private cache = new Map<number, Buffer>();

  constructor(
    private readonly memoryChunks = 128,
    private readonly cachedChunks = 32,
  ) {}

  add(index: number, value: unknown): void {
    const text = cellText(unescapeOoxml(sharedStringText(value)));
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > SharedStringTable.CHUNK) this.startChunk();
    const chunk = this.chunks.length - 1;
    this.chunks[chunk]?.write(text, this.used);
    if (index >= this.starts.length) {
      const size = Math.max(this.starts.length * 2, index + 1);
      const starts = new Uint32Array(size);
      starts.set(this.starts);
      this.starts = starts;
      const lengths = new Uint16Array(size);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.starts[index] = ((chunk << SharedStringTable.CHUNK_BITS) | this.used) >>> 0;
    this.lengths[index] = bytes;
    this.used += bytes;
  }

  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.starts.length) return '';
    const bytes = this.lengths[index];
    if (bytes === 0) return '';
    const start = this.starts[index];
    const offset = start & (SharedStringTable.CHUNK - 1);
    return this.chunk(start >>> SharedStringTable.CHUNK_BITS).toString('utf8', offset, offset + bytes);
  }

  /** Removes the temporary file, if there is one. */
  close(): void {
    if (!this.spill) return;
    closeSync(this.spill.fd);
    rmSync(this.spill.path, { force: true });
    this.spill = null;
    this.cache.clear();
  }

  private startChunk(): void {
    if (this.chunks.length >= SharedStringTable.MAX_CHUNKS) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has more text than can be read.');
    const last = this.chunks.length - 1;
    const full = this.chunks[last];
    if (full && last >= this.memoryChunks) {
      if (!this.spill) {
        const path = join(tmpdir(), `import-strings-${randomUUID()}`);
        this.spill = { fd: openSync(path, 'w+'), path };
      }
      writeSync(this.spill.fd, full, 0, this.used, last * SharedStringTable.CHUNK);
      this.chunks[last] = null;
    }
    this.chunks.push(Buffer.allocUnsafe(SharedStringTable.CHUNK));
    this.used = 0;
  }

  private chunk(number: number): Buffer {
    const inMemory = this.chunks[number];
    if (inMemory) return inMemory;
    let cached = this.cache.get(number);
    if (cached) {
      this.cache.delete(number);
    } else {
      if (!this.spill) return Buffer.alloc(0);
      cached = this.cache.size >= this.cachedChunks ? this.evict() : Buffer.allocUnsafe(SharedStringTable.CHUNK);
      readSync(this.spill.fd, cached, 0, SharedStringTable.CHUNK, number * SharedStringTable.CHUNK);
    }
    this.cache.set(number, cached);
    return cached;
  }

  /** Drops the least recently used cached chunk and answers its buffer for reuse. */
  private evict(): Buffer {
    const [oldest, buffer] = this.cache.entries().next().value ?? [-1, Buffer.allocUnsafe(SharedStringTable.CHUNK)];
    this.cache.delete(oldest);
    return buffer;
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

/** Characters of XML the sheet reader holds while waiting for the end of a tag or a text. */
const MAX_PENDING_XML = 8 * 1024 * 1024;

type PendingCell = { column: number; type: string; style: number; value: string; inline: string };

/**
 * The rows of a worksheet's XML (SpreadsheetML sheetData), fed as text chunks: each <row> becomes
 * the texts of its cells (<c r="B2" t="…" s="…"><v>…</v></c>), gaps filled with ''. Values:
 * shared (t="s") and inline strings (t="inlineStr", phonetic runs left out), formula results
 * (t="str" and numbers), booleans TRUE/FALSE, errors as nothing, ISO dates (t="d"), and numbers,
 * which are dates when their style's number format is a date format.
 */
export class SheetXmlReader {
  private pending = '';
  private cells: string[] | null = null;
  private nextColumn = 0;
  private cell: PendingCell | null = null;
  /** Where text goes: the cell's value (<v>), its inline string (<is><t>), or nowhere. */
  private collecting: 'value' | 'inline' | null = null;
  private isInInlineString = false;
  private isInPhonetic = false;

  constructor(
    private readonly sharedStrings: { get(index: number): string },
    private readonly dates: DateStyles,
  ) {}

  /** The rows completed by this chunk. */
  write(chunk: string): string[][] {
    const rows: string[][] = [];
    const xml = this.pending === '' ? chunk : this.pending + chunk;
    this.pending = '';
    let position = 0;
    while (position < xml.length) {
      const open = xml.indexOf('<', position);
      if (open < 0) {
        this.keep(xml, position);
        break;
      }
      if (open > position && this.collecting) this.addText(decodeXmlText(xml.slice(position, open)));
      let close: number;
      const isSpecial = xml.charCodeAt(open + 1) === 0x21; // '!'
      if (isSpecial && xml.startsWith('<![CDATA[', open)) {
        close = xml.indexOf(']]>', open);
        if (close < 0) {
          this.keep(xml, open);
          break;
        }
        if (this.collecting) this.addText(xml.slice(open + 9, close));
        position = close + 3;
        continue;
      }
      if (isSpecial && xml.startsWith('<!--', open)) {
        close = xml.indexOf('-->', open);
        if (close < 0) {
          this.keep(xml, open);
          break;
        }
        position = close + 3;
        continue;
      }
      close = xml.indexOf('>', open);
      if (close < 0) {
        this.keep(xml, open);
        break;
      }
      this.tag(xml, open + 1, close, rows);
      position = close + 1;
    }
    return rows;
  }

  private keep(xml: string, from: number): void {
    if (xml.length - from > MAX_PENDING_XML) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The XLSX file has a cell longer than 8 MiB.');
    this.pending = xml.slice(from);
  }

  private addText(text: string): void {
    if (!this.cell) return;
    if (this.collecting === 'value') this.cell.value += text;
    else this.cell.inline += text;
  }

  /** One tag, `xml[start..end)` without its angle brackets. */
  private tag(xml: string, start: number, end: number, rows: string[][]): void {
    const isClosing = xml.charCodeAt(start) === 0x2f; // '/'
    const isEmpty = !isClosing && xml.charCodeAt(end - 1) === 0x2f;
    let nameEnd = isClosing ? start + 1 : start;
    while (nameEnd < end) {
      const code = xml.charCodeAt(nameEnd);
      if (code === 0x20 || code === 0x2f || code === 0x09 || code === 0x0a || code === 0x0d) break;
      nameEnd += 1;
    }
    const name = knownTagName(xml, isClosing ? start + 1 : start, nameEnd);
    if (isClosing) {
      this.closeTag(name, rows);
      return;
    }
    switch (name) {
      case 'row':
        this.cells = [];
        this.nextColumn = 0;
        if (isEmpty) this.closeTag('row', rows);
        break;
      case 'c': {
        if (!this.cells) break;
        const { reference, type, style } = cellAttributes(xml, nameEnd, isEmpty ? end - 1 : end);
        const column = reference ? columnIndex(reference) : this.nextColumn;
        this.nextColumn = column + 1;
        if (isEmpty) break;
        this.cell = { column, type: type ?? 'n', style: style ? Number(style) : 0, value: '', inline: '' };
        break;
      }
      case 'v':
        if (this.cell && !isEmpty) this.collecting = 'value';
        break;
      case 'is':
        if (!isEmpty) this.isInInlineString = true;
        break;
      case 'rPh':
        if (!isEmpty) this.isInPhonetic = true;
        break;
      case 't':
        if (this.cell && this.isInInlineString && !this.isInPhonetic && !isEmpty) this.collecting = 'inline';
        break;
      default:
        break;
    }
  }

  private closeTag(name: string, rows: string[][]): void {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = null;
        break;
      case 'is':
        this.isInInlineString = false;
        break;
      case 'rPh':
        this.isInPhonetic = false;
        break;
      case 'c':
        if (this.cell && this.cells) this.setCell(this.cells, this.cell);
        this.cell = null;
        this.collecting = null;
        break;
      case 'row':
        if (this.cells && this.cells.length > 0) rows.push(this.cells);
        this.cells = null;
        break;
      default:
        break;
    }
  }

  private setCell(cells: string[], cell: PendingCell): void {
    if (cell.column >= IMPORT_ROW_LIMITS.maxCells) return;
    const text = cellText(this.cellValue(cell));
    if (text === '') return;
    while (cells.length < cell.column) cells.push('');
    cells[cell.column] = text;
  }

  private cellValue(cell: PendingCell): string {
    switch (cell.type) {
      case 's':
        return cell.value === '' ? '' : this.sharedStrings.get(Number(cell.value));
      case 'inlineStr':
        return unescapeOoxml(cell.inline);
      case 'str':
        return unescapeOoxml(cell.value);
      case 'b':
        return cell.value === '' ? '' : cell.value.trim() === '1' ? 'TRUE' : 'FALSE';
      case 'e':
        return '';
      case 'd':
        return cell.value.trim().slice(0, 10);
      default: {
        if (cell.value === '') return '';
        const number = Number(cell.value);
        if (Number.isNaN(number)) return cell.value;
        return this.dates.isDate(cell.style) ? serialDateText(number, this.dates.is1904) : numberText(number);
      }
    }
  }
}

/** The local name (after any prefix) of a tag the sheet reader acts on, `xml[from..to)`, or ''. */
function knownTagName(xml: string, from: number, to: number): string {
  for (let i = from; i < to; i += 1) if (xml.charCodeAt(i) === 0x3a) from = i + 1; // ':'
  const first = xml.charCodeAt(from);
  switch (to - from) {
    case 1:
      return first === 0x63 ? 'c' : first === 0x76 ? 'v' : first === 0x74 ? 't' : '';
    case 2:
      return first === 0x69 && xml.charCodeAt(from + 1) === 0x73 ? 'is' : '';
    case 3:
      return xml.startsWith('row', from) ? 'row' : xml.startsWith('rPh', from) ? 'rPh' : '';
    default:
      return '';
  }
}

/** The r, t and s attributes of a <c> tag, from its attribute text `xml[start..end)`. */
function cellAttributes(xml: string, start: number, end: number): { reference?: string; type?: string; style?: string } {
  const found: { reference?: string; type?: string; style?: string } = {};
  let position = start;
  for (;;) {
    const equals = xml.indexOf('=', position);
    if (equals < 0 || equals >= end) return found;
    let nameEnd = equals;
    while (nameEnd > position && xml.charCodeAt(nameEnd - 1) <= 0x20) nameEnd -= 1;
    let nameStart = nameEnd;
    while (nameStart > position && xml.charCodeAt(nameStart - 1) > 0x20) nameStart -= 1;
    let quote = equals + 1;
    while (quote < end && xml.charCodeAt(quote) <= 0x20) quote += 1;
    const mark = xml[quote];
    if (mark !== '"' && mark !== "'") return found;
    const close = xml.indexOf(mark, quote + 1);
    if (close < 0 || close >= end) return found;
    if (nameEnd - nameStart === 1) {
      const value = xml.slice(quote + 1, close);
      const name = xml.charCodeAt(nameStart);
      if (name === 0x72) found.reference = value; // r
      else if (name === 0x74) found.type = value; // t
      else if (name === 0x73) found.style = value; // s
    }
    position = close + 1;
  }
}

/** 0-based column of a cell reference: "A1" → 0, "AB12" → 27. */
function columnIndex(reference: string): number {
  let column = 0;
  for (let i = 0; i < reference.length; i += 1) {
    const code = reference.charCodeAt(i) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
  }
  return column - 1;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
    return XML_ENTITIES[body] ?? entity;
  });
}

/** Dates already written out: a column of birthdays repeats the same few thousand days. */
const dateTexts = new Map<number, string>();

/** A serial day number as YYYY-MM-DD (1900 date system, or 1904 for old Mac workbooks). */
function serialDateText(serial: number, is1904: boolean): string {
  const day = serial + (is1904 ? 1462 : 0);
  let text = dateTexts.get(day);
  if (text === undefined) {
    const date = new Date(Math.round((day - 25569) * 86_400_000));
    text = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
    if (dateTexts.size >= 10_000) dateTexts.clear();
    dateTexts.set(day, text);
  }
  return text;
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
