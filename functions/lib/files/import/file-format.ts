/**
 * What an uploaded contact file is, decided from its first bytes before anything is written:
 * XLSX or CSV, and for CSV the text encoding and the delimiter (a packed file's are those of the
 * file inside, see file-container.ts). A wrongly encoded file answers
 * IMPORT-UPLOAD-C-001, an encrypted workbook (or an old .xls) IMPORT-UPLOAD-C-002 (spec §8).
 */
import { analyse } from 'chardet';
import iconv from 'iconv-lite';
import { AppError, ERROR_CODES } from '../../../../shared/errors.js';
import type { TFileContainer } from './file-container.js';

/** The encodings an import may be read in; the names are iconv-lite's (and the upload form's). */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'big5', 'gb18030', 'windows-1252'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** How a file is read: as CSV or as one sheet of a workbook (the first visible one unless named), packed as TFileContainer says. */
export type TFileFormat = ({ format: 'csv'; encoding: TextEncodingName; delimiter: CsvDelimiter } | { format: 'xlsx'; sheet?: string }) & TFileContainer;

/** How much of the file the sniffing reads (the caller passes at most this many first bytes). */
export const SNIFF_BYTES = 64 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
// Compound File Binary: an encrypted OOXML package or a legacy .xls/.doc.
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const SPREADSHEET_NAME = /\.(xlsx|xlsm|xls)$/i;
/** Lines of the head the delimiter is decided on. */
const DELIMITER_SAMPLE_LINES = 50;

function startsWith(head: Uint8Array, magic: readonly number[]): boolean {
  return head.length >= magic.length && magic.every((byte, index) => head[index] === byte);
}

/**
 * Decides the format of an import file from its first ≤ 64 KiB (`head`) and its name.
 * Throws IMPORT_UNREADABLE for an encrypted workbook or .xls, IMPORT_BAD_ENCODING for text that
 * is not cleanly UTF-8, UTF-16, Big5, GB18030 or Windows-1252 (binary files included). With `options.encoding`
 * (the user's choice) the text is read in that encoding instead of a detected one, and must
 * decode cleanly in it; the delimiter is still detected, on that text.
 */
export function sniffImportFile(head: Uint8Array, fileName: string, options: { encoding?: TextEncodingName } = {}): TFileFormat {
  if (startsWith(head, ZIP_MAGIC)) return { format: 'xlsx' };
  if (startsWith(head, OLE_MAGIC)) {
    throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The file is an encrypted (password-protected) workbook or an old .xls file.');
  }
  // A spreadsheet name on anything but a ZIP package is not something we can open.
  if (SPREADSHEET_NAME.test(fileName)) throw new AppError(ERROR_CODES.IMPORT_UNREADABLE, 'The file is not a readable XLSX workbook.');

  const { encoding, text } = options.encoding ? { encoding: options.encoding, text: checkEncoding(head, options.encoding) } : detectEncoding(head);
  return { format: 'csv', encoding, delimiter: detectDelimiter(text, fileName) };
}

/**
 * Checks that `head` decodes cleanly in the encoding the user chose and answers the text; throws
 * IMPORT_BAD_ENCODING otherwise. A multi-byte character cut by the end of the head is not an error.
 */
export function checkEncoding(head: Uint8Array, encoding: TextEncodingName): string {
  const text = decodeHead(head, encoding);
  if (text === null || !isCleanText(text)) throw badEncoding(encoding);
  return text;
}

function badEncoding(encoding?: string): AppError {
  return new AppError(ERROR_CODES.IMPORT_BAD_ENCODING, encoding ? `The file does not read as ${encoding}.` : 'The file is not text in a supported encoding.');
}

function detectEncoding(head: Uint8Array): { encoding: TextEncodingName; text: string } {
  const bomEncoding = byteOrderMark(head) ?? bomlessUtf16(head);
  const candidates: TextEncodingName[] = bomEncoding ? [bomEncoding] : ['utf-8', ...legacyCandidates(head)];
  for (const encoding of candidates) {
    const text = decodeHead(head, encoding);
    if (text !== null && isCleanText(text)) return { encoding, text };
  }
  throw badEncoding(bomEncoding ?? undefined);
}

function byteOrderMark(head: Uint8Array): TextEncodingName | null {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(head, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf-16be';
  return null;
}

/** UTF-16 without a BOM shows as a NUL byte in every other position for ASCII text (delimiters, emails, digits). */
function bomlessUtf16(head: Uint8Array): TextEncodingName | null {
  const pairs = Math.floor(Math.min(head.length, 4096) / 2);
  if (pairs < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (head[2 * i] === 0) evenZeros += 1;
    if (head[2 * i + 1] === 0) oddZeros += 1;
  }
  if (oddZeros >= pairs * 0.4 && evenZeros <= pairs * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.4 && oddZeros <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** chardet's names of the legacy encodings we read; ISO-8859-1 is read as Windows-1252, as browsers do (WHATWG Encoding). */
const CHARDET_NAMES: Record<string, TextEncodingName> = { Big5: 'big5', GB18030: 'gb18030', 'windows-1252': 'windows-1252', 'ISO-8859-1': 'windows-1252' };

/**
 * chardet's guesses among the legacy encodings we read: the Chinese ones first, best first
 * (GB2312/GBK files read as GB18030), then Windows-1252. Western 8-bit text read as Big5 or
 * GB18030 is full of replacement characters, so it falls through to Windows-1252; Chinese text
 * read as Windows-1252 would look clean, so it never comes first. Text that is valid UTF-8 is
 * never read as Windows-1252: it would read (as mojibake) whatever it holds.
 */
function legacyCandidates(head: Uint8Array): TextEncodingName[] {
  const chinese: TextEncodingName[] = [];
  let isWestern = false;
  // analyse() lists matches by falling confidence; with a tie (short files) Big5 comes first.
  for (const match of analyse(head)) {
    const encoding = CHARDET_NAMES[match.name];
    if (!encoding || match.confidence <= 0) continue;
    if (encoding === 'windows-1252') isWestern = true;
    else if (!chinese.includes(encoding)) chinese.push(encoding);
  }
  return isWestern && decodeHead(head, 'utf-8') === null ? [...chinese, 'windows-1252'] : chinese;
}

/** The head as text, or null when it is not valid UTF-8; a trailing cut character is left out. */
function decodeHead(head: Uint8Array, encoding: TextEncodingName): string | null {
  if (encoding === 'utf-8') {
    try {
      // stream: true keeps an incomplete last sequence pending instead of failing on it.
      return new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    } catch {
      return null;
    }
  }
  // write() without end() likewise keeps a cut last character pending.
  return iconv.getDecoder(encoding).write(Buffer.from(head.buffer, head.byteOffset, head.byteLength));
}

/**
 * Text is clean when it has no NUL, almost no other control characters, and (almost) no
 * replacement characters or lone surrogates: at most one per hundred non-ASCII characters, for a
 * stray unmapped character in a long Big5 file; Latin-1 read as Big5 or GB18030 produces far more.
 * A CSV always has ASCII delimiters or line breaks: 8-bit text read as UTF-16 has none.
 */
function isCleanText(text: string): boolean {
  let controls = 0;
  let replacements = 0;
  let nonAscii = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20) {
      if (code === 0) return false;
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) controls += 1;
    } else if (code >= 0x80) {
      nonAscii += 1;
      if (code === 0xfffd) {
        replacements += 1;
      } else if (code >= 0xd800 && code <= 0xdbff) {
        // A high surrogate needs a low one after it, unless the head ends there.
        const next = text.charCodeAt(i + 1);
        if (next >= 0xdc00 && next <= 0xdfff) i += 1;
        else if (i + 1 < text.length) replacements += 1;
      } else if (code >= 0xdc00 && code <= 0xdfff) {
        replacements += 1;
      }
    }
  }
  if (nonAscii === text.length && text.length >= 16) return false;
  return controls <= text.length / 100 && replacements <= Math.floor(nonAscii / 100);
}

/**
 * The delimiter that splits the first lines most consistently: for each candidate, the share of
 * lines having the most common (non-zero) count of it outside quotes; ties go to the higher count,
 * then to tab for .tsv/.txt names, then to the order comma, semicolon, tab. One column: comma.
 */
export function detectDelimiter(text: string, fileName = ''): CsvDelimiter {
  const lines = sampleLineCounts(text);
  const preferTab = /\.(tsv|tab|txt)$/i.test(fileName);
  let best: { delimiter: CsvDelimiter; share: number; count: number; rank: number } | null = null;
  for (const [order, delimiter] of CSV_DELIMITERS.entries()) {
    const frequency = new Map<number, number>();
    for (const line of lines) if (line[delimiter] > 0) frequency.set(line[delimiter], (frequency.get(line[delimiter]) ?? 0) + 1);
    let mode = 0;
    let modeLines = 0;
    for (const [count, times] of frequency) {
      if (times > modeLines || (times === modeLines && count > mode)) {
        mode = count;
        modeLines = times;
      }
    }
    if (mode === 0) continue;
    const share = modeLines / lines.length;
    const rank = delimiter === '\t' && preferTab ? -1 : order;
    if (!best || share > best.share || (share === best.share && (mode > best.count || (mode === best.count && rank < best.rank)))) {
      best = { delimiter, share, count: mode, rank };
    }
  }
  return best?.delimiter ?? ',';
}

type LineCounts = Record<CsvDelimiter, number>;

/** Delimiter counts per line outside quotes; a line cut by the end of the head is left out. */
function sampleLineCounts(text: string): LineCounts[] {
  const lines: LineCounts[] = [];
  let current: LineCounts = { ',': 0, ';': 0, '\t': 0 };
  let isEmpty = true;
  let inQuotes = false;
  for (let i = 0; i < text.length && lines.length < DELIMITER_SAMPLE_LINES; i += 1) {
    const char = text[i];
    if (char === '"') {
      inQuotes = !inQuotes;
      isEmpty = false;
    } else if (inQuotes) {
      continue;
    } else if (char === '\n' || char === '\r') {
      if (!isEmpty) lines.push(current);
      current = { ',': 0, ';': 0, '\t': 0 };
      isEmpty = true;
    } else {
      if (char === ',' || char === ';' || char === '\t') current[char] += 1;
      if (char !== ' ') isEmpty = false;
    }
  }
  // The last line counts only when it is the only one (a one-line head).
  if (!isEmpty && lines.length === 0) lines.push(current);
  return lines;
}
