import type { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import { cellText, IMPORT_ROW_LIMITS, toBuffer } from './row-text.js';

/**
 * Records of the CSV stream. The file is split at the byte level (delimiters, quotes and line
 * ends are ASCII, never part of a UTF-8 sequence); other encodings are decoded by iconv-lite and
 * re-encoded to UTF-8 first. Each cell is decoded on its own, so a kept cell never pins the chunk
 * it came from in memory.
 */
export async function* readCsvRows(input: Readable, encoding: string, delimiter: string): AsyncGenerator<string[][]> {
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
