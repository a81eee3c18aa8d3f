/**
 * The file-reading core of contact imports: format sniffing (encodings, delimiters, workbooks,
 * unreadable and wrongly encoded files) and the streamed row reader. Every file is generated here.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { checkEncoding, SNIFF_BYTES, sniffImportFile, type TextEncodingName, type TFileFormat } from '../../../functions/lib/files/import/file-format.js';
import { readImportRows } from '../../../functions/lib/files/import/row-reader.js';
import { IMPORT_ROW_LIMITS } from '../../../functions/lib/files/import/row-text.js';
import { SharedStringTable } from '../../../functions/lib/files/import/shared-string-table.js';
import { numberText, SheetXmlReader } from '../../../functions/lib/files/import/sheet-xml-reader.js';
import { ERROR_CODES } from '../../../shared/errors.js';

const TRADITIONAL = ['陳大文', '李小龍', '張學友', '黃家駒', '劉德華', '梁朝偉', '周潤發', '吳鎮宇', '鄭秀文', '楊千嬅'];
const SIMPLIFIED = ['陈大文', '李小龙', '张学友', '黄家驹', '刘德华', '梁朝伟', '周润发', '吴镇宇', '郑秀文', '杨千嬅'];

/** Header plus one row per name, as cells. */
function contactRows(names: string[]): string[][] {
  return [['Email', '姓名', 'Mobile'], ...names.map((name, i) => [`user${i}@example.com`, name, `+85291234${String(i).padStart(3, '0')}`])];
}

function csvText(rows: string[][], delimiter = ','): string {
  return rows.map((row) => row.join(delimiter)).join('\r\n') + '\r\n';
}

function encode(text: string, encoding: TextEncodingName, withBom: boolean): Buffer {
  return iconv.encode(text, encoding, { addBOM: withBom });
}

/** Reads a whole file from memory in chunks, small by default (so records and characters cross chunk boundaries). */
async function readAll(bytes: Uint8Array, format: TFileFormat, batchSize?: number, chunkSize = 7): Promise<string[][][]> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
  }
  const batches: string[][][] = [];
  for await (const batch of readImportRows(chunks(), format, { batchSize })) batches.push(batch);
  return batches;
}

async function rowsOf(bytes: Uint8Array, fileName = 'contacts.csv'): Promise<{ format: TFileFormat; rows: string[][] }> {
  const format = sniffImportFile(bytes.subarray(0, SNIFF_BYTES), fileName);
  return { format, rows: (await readAll(bytes, format)).flat() };
}

/** Runs `work` with TMPDIR (where exceljs and the reader put temporary files) at a fresh directory, removed afterwards. */
async function withTmpdir(work: (dir: string) => Promise<void>): Promise<void> {
  const previous = process.env.TMPDIR;
  const dir = await mkdtemp(join(tmpdir(), 'import-files-'));
  process.env.TMPDIR = dir;
  try {
    await work(dir);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    await rm(dir, { recursive: true, force: true });
  }
}

function errorCodeOf(work: () => unknown): string {
  try {
    work();
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

async function asyncErrorCodeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('CSV encodings', () => {
  const cases: Array<{ encoding: TextEncodingName; withBom: boolean; names: string[] }> = [
    { encoding: 'utf-8', withBom: false, names: TRADITIONAL },
    { encoding: 'utf-8', withBom: true, names: SIMPLIFIED },
    { encoding: 'utf-16le', withBom: true, names: TRADITIONAL },
    { encoding: 'utf-16be', withBom: true, names: SIMPLIFIED },
    { encoding: 'big5', withBom: false, names: TRADITIONAL },
    { encoding: 'gb18030', withBom: false, names: SIMPLIFIED },
  ];

  it.each(cases)('detects $encoding (BOM: $withBom) and reads the Chinese names exactly', async ({ encoding, withBom, names }) => {
    // Prepare
    const expected = contactRows(names);
    const bytes = encode(csvText(expected), encoding, withBom);

    // Act
    const { format, rows } = await rowsOf(bytes);

    // Assess
    expect(format).toEqual({ format: 'csv', encoding, delimiter: ',' });
    expect(rows).toEqual(expected);
  });

  it('reads GB18030 text written with GBK-only characters and traditional characters', async () => {
    // Prepare: GBK is a subset of GB18030; traditional characters exist in it too.
    const expected = contactRows([...TRADITIONAL, ...SIMPLIFIED]);
    const bytes = iconv.encode(csvText(expected), 'gbk');

    // Act
    const { format, rows } = await rowsOf(bytes);

    // Assess
    expect(format).toEqual({ format: 'csv', encoding: 'gb18030', delimiter: ',' });
    expect(rows).toEqual(expected);
  });

  it('detects UTF-16 without a BOM from its NUL bytes', () => {
    const text = csvText(contactRows(TRADITIONAL));
    expect(sniffImportFile(iconv.encode(text, 'utf-16le'), 'a.csv')).toEqual({ format: 'csv', encoding: 'utf-16le', delimiter: ',' });
    expect(sniffImportFile(iconv.encode(text, 'utf-16be'), 'a.csv')).toEqual({ format: 'csv', encoding: 'utf-16be', delimiter: ',' });
  });

  it('does not count a multi-byte character cut by the end of the head as an error', () => {
    // Prepare: files longer than the head, each head ending on the first byte of a character.
    const text = csvText(contactRows(Array.from({ length: 4_000 }, (_, i) => TRADITIONAL[i % 10])));
    const utf8 = headCutInsideCharacter(text, 'utf-8');
    const big5 = headCutInsideCharacter(text, 'big5');

    // Act / Assess
    expect(sniffImportFile(utf8, 'a.csv')).toEqual({ format: 'csv', encoding: 'utf-8', delimiter: ',' });
    expect(sniffImportFile(big5, 'a.csv')).toEqual({ format: 'csv', encoding: 'big5', delimiter: ',' });
    expect(checkEncoding(big5, 'big5')).not.toContain('\uFFFD');
  });

  it('checks an encoding the user chose and reads the text in it', () => {
    // Prepare
    const big5 = iconv.encode(csvText(contactRows(TRADITIONAL), ';'), 'big5');

    // Act / Assess
    expect(errorCodeOf(() => checkEncoding(big5, 'utf-8'))).toBe(ERROR_CODES.IMPORT_BAD_ENCODING);
    expect(checkEncoding(big5, 'big5')).toContain('陳大文');
    expect(sniffImportFile(big5, 'a.csv', { encoding: 'big5' })).toEqual({ format: 'csv', encoding: 'big5', delimiter: ';' });
    expect(errorCodeOf(() => sniffImportFile(big5, 'a.csv', { encoding: 'utf-16le' }))).toBe(ERROR_CODES.IMPORT_BAD_ENCODING);
  });
});

/** The file's first bytes up to and including the first byte of a multi-byte character near SNIFF_BYTES. */
function headCutInsideCharacter(text: string, encoding: TextEncodingName): Buffer {
  const bytes = iconv.encode(text, encoding);
  let offset = 0;
  for (const char of text) {
    const length = iconv.encode(char, encoding).length;
    if (length > 1 && offset + length > SNIFF_BYTES - 64) return bytes.subarray(0, offset + 1);
    offset += length;
  }
  throw new Error('The text is shorter than the head.');
}

describe('wrongly encoded and unreadable files', () => {
  it('answers IMPORT-UPLOAD-C-002 for an encrypted workbook or an old .xls (OLE magic)', () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024, 0)]);
    expect(errorCodeOf(() => sniffImportFile(ole, 'contacts.xlsx'))).toBe('IMPORT-UPLOAD-C-002');
    expect(errorCodeOf(() => sniffImportFile(ole, 'contacts.xls'))).toBe('IMPORT-UPLOAD-C-002');
  });

  it('answers IMPORT-UPLOAD-C-001 for random binary', () => {
    // Prepare: a fixed pseudo-random sequence, so the test never flickers.
    let seed = 42;
    const binary = Uint8Array.from({ length: 8192 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
    const noNul = binary.map((byte) => (byte === 0 ? 1 : byte));

    // Act / Assess
    expect(errorCodeOf(() => sniffImportFile(binary, 'contacts.csv'))).toBe('IMPORT-UPLOAD-C-001');
    expect(errorCodeOf(() => sniffImportFile(noNul, 'contacts.csv'))).toBe('IMPORT-UPLOAD-C-001');
  });

  it('answers IMPORT-UPLOAD-C-001 for text already full of replacement characters or with a NUL', () => {
    const mojibake = Buffer.from('Email,Name\nann@example.com,\uFFFD\uFFFD\uFFFD\nben@example.com,\uFFFD\uFFFD\n');
    const withNul = Buffer.from('Email,Name\nann@example.com,Ann\0\n');
    expect(errorCodeOf(() => sniffImportFile(mojibake, 'contacts.csv'))).toBe('IMPORT-UPLOAD-C-001');
    expect(errorCodeOf(() => sniffImportFile(withNul, 'contacts.csv'))).toBe('IMPORT-UPLOAD-C-001');
  });

  it('answers IMPORT-UPLOAD-C-002 for a spreadsheet name on a file that is no workbook, and for a broken package', async () => {
    expect(errorCodeOf(() => sniffImportFile(Buffer.from('<html><table></table></html>'), 'contacts.xls'))).toBe('IMPORT-UPLOAD-C-002');
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]);
    expect(sniffImportFile(broken, 'contacts.xlsx')).toEqual({ format: 'xlsx' });
    expect(await asyncErrorCodeOf(() => readAll(broken, { format: 'xlsx' }))).toBe('IMPORT-UPLOAD-C-002');
  });

  it('answers IMPORT-UPLOAD-C-002 for a CSV whose quote never closes', async () => {
    const bytes = Buffer.from('Email,Name\nann@example.com,"Ann\nben@example.com,Ben\n');
    expect(await asyncErrorCodeOf(() => readAll(bytes, { format: 'csv', encoding: 'utf-8', delimiter: ',' }))).toBe('IMPORT-UPLOAD-C-002');
  });
});

describe('CSV delimiters and quoting', () => {
  it.each([
    { delimiter: ',' as const, name: 'comma' },
    { delimiter: ';' as const, name: 'semicolon' },
    { delimiter: '\t' as const, name: 'tab' },
  ])('detects the $name and keeps delimiters, quotes and newlines inside quoted fields', async ({ delimiter }) => {
    // Prepare
    const d = delimiter;
    const text = [
      `Email${d}Name${d}Note`,
      `ann@example.com${d}"Chan${d} Ann"${d}"She said ""hi"""`,
      `ben@example.com${d}Ben${d}"two`,
      `lines"`,
      `"cat@example.com"${d}  Cat  ${d}`,
      '',
      `dan@example.com${d}陳大文${d}"a${d}b${d}c"`,
    ].join('\n');

    // Act
    const { format, rows } = await rowsOf(Buffer.from(text));

    // Assess
    expect(format).toEqual({ format: 'csv', encoding: 'utf-8', delimiter });
    expect(rows).toEqual([
      ['Email', 'Name', 'Note'],
      ['ann@example.com', `Chan${d} Ann`, 'She said "hi"'],
      ['ben@example.com', 'Ben', 'two\nlines'],
      ['cat@example.com', 'Cat', ''],
      ['dan@example.com', '陳大文', `a${d}b${d}c`],
    ]);
  });

  it('splits random files as csv-parse does, cell for cell, whatever the chunks', async () => {
    // Prepare: 60 files of random cells with delimiters, quotes, line breaks, CJK and emoji.
    let seed = 7;
    const next = (below: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % below;
    };
    const pieces = ['a', 'b', 'ann@example.com', ' ', ',', ';', '\t', '"', '""', '\n', '\r\n', '\r', '陳', 'é', '😀', '9123 4567'];
    for (let file = 0; file < 60; file += 1) {
      const delimiter = ([',', ';', '\t'] as const)[file % 3];
      const cells = Array.from({ length: 1 + next(15) }, () =>
        Array.from({ length: 1 + next(6) }, () => Array.from({ length: next(6) }, () => pieces[next(pieces.length)]).join('')),
      );
      const quoted = (cell: string) => (/["\r\n,;\t]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
      const text = cells.map((row) => row.map(quoted).join(delimiter)).join(['\n', '\r\n', '\r'][file % 3]);

      // Act
      const rows = (await readAll(Buffer.from(text), { format: 'csv', encoding: 'utf-8', delimiter })).flat();

      // Assess: csv-parse and the cells themselves agree with the reader (trimmed, empty rows left out).
      const clean = (records: string[][]) => records.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell !== ''));
      const oracle: string[][] = parseCsv(text, { delimiter, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
      expect(rows).toEqual(clean(oracle));
      expect(rows).toEqual(clean(cells));
    }
  });

  it('prefers the delimiter that splits every line the same way over one that appears in the values', () => {
    const semicolons = 'Email;Name;City\nann@example.com;Chan, Ann;Hong Kong, Central\nben@example.com;Lee, Ben;Kowloon\ncat@example.com;Cat;Taipei, Da-an, 2F\n';
    const tabs = 'Email\tName\nann@example.com\tChan, Ann; Senior\nben@example.com\tBen\n';
    const oneColumn = 'Email\nann@example.com\nben@example.com\n';
    expect(sniffImportFile(Buffer.from(semicolons), 'a.csv')).toMatchObject({ delimiter: ';' });
    expect(sniffImportFile(Buffer.from(tabs), 'a.csv')).toMatchObject({ delimiter: '\t' });
    expect(sniffImportFile(Buffer.from(oneColumn), 'a.csv')).toMatchObject({ delimiter: ',' });
  });

  it('skips empty lines and lines of empty cells, trims cells and reads CR, LF and CRLF line ends', async () => {
    const bytes = Buffer.from('Email,Name\r\n\r\n ann@example.com , Ann \r\n,,\n   \nben@example.com,Ben\rcat@example.com,Cat');
    const { rows } = await rowsOf(bytes);
    expect(rows).toEqual([['Email', 'Name'], ['ann@example.com', 'Ann'], ['ben@example.com', 'Ben'], ['cat@example.com', 'Cat']]);
  });

  it('keeps the first 100 cells of a row and the first 10,000 characters of a cell', async () => {
    // Prepare
    const wide = Array.from({ length: 150 }, (_, i) => `c${i}`);
    const long = '長'.repeat(12_000);
    const bytes = Buffer.from(`${wide.join(',')}\nann@example.com,${long}\n`);

    // Act
    const { rows } = await rowsOf(bytes);

    // Assess
    expect(rows[0]).toEqual(wide.slice(0, IMPORT_ROW_LIMITS.maxCells));
    expect(rows[1]).toEqual(['ann@example.com', '長'.repeat(IMPORT_ROW_LIMITS.maxCellLength)]);
  });

  it('reads a UTF-16 file whose chunks split characters and a Big5 file with semicolons', async () => {
    const expected = contactRows(TRADITIONAL);
    const utf16 = encode(csvText(expected, '\t'), 'utf-16be', true);
    const big5 = encode(csvText(expected, ';'), 'big5', false);
    expect(await rowsOf(utf16)).toEqual({ format: { format: 'csv', encoding: 'utf-16be', delimiter: '\t' }, rows: expected });
    expect(await rowsOf(big5)).toEqual({ format: { format: 'csv', encoding: 'big5', delimiter: ';' }, rows: expected });
  });
});

describe('batches and back-pressure', () => {
  it('yields batches of the asked size, the header row first', async () => {
    // Prepare
    const rows = [['Email'], ...Array.from({ length: 2_500 }, (_, i) => [`user${i}@example.com`])];
    const bytes = Buffer.from(csvText(rows));

    // Act
    const batches = await readAll(bytes, { format: 'csv', encoding: 'utf-8', delimiter: ',' }, 1_000);

    // Assess
    expect(batches.map((batch) => batch.length)).toEqual([1_000, 1_000, 501]);
    expect(batches[0][0]).toEqual(['Email']);
    expect(batches.flat()).toEqual(rows);
  });

  it('reads the source only as fast as batches are taken, and releases it when the reader stops early', async () => {
    // Prepare: a 200 MB file produced lazily, counting what was pulled from it.
    const line = Buffer.from('someone@example.com,+85291234567,Ann,Chan,42,2024-01-31,Gold,some text here\n');
    const chunk = Buffer.concat(Array.from({ length: 1_000 }, () => line));
    const totalChunks = Math.ceil((200 * 1024 * 1024) / chunk.length);
    let pulled = 0;
    let isReleased = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < totalChunks; i += 1) {
          pulled += 1;
          yield chunk;
        }
      } finally {
        isReleased = true;
      }
    }

    // Act: a slow consumer takes three batches, then stops.
    let taken = 0;
    for await (const batch of readImportRows(source(), { format: 'csv', encoding: 'utf-8', delimiter: ',' })) {
      expect(batch).toHaveLength(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
      taken += 1;
      if (taken === 3) break;
    }

    // Assess: a few chunks of ~80 KB were read, not the 200 MB.
    expect(pulled).toBeLessThan(40);
    await new Promise((resolve) => setImmediate(resolve));
    expect(isReleased).toBe(true);
  });
});

describe('XLSX', () => {
  /** A workbook with a hidden first tab, the contacts tab, and a later tab that must be ignored. */
  async function contactWorkbook(write: 'buffer' | 'stream'): Promise<Buffer> {
    const fill = (sheet: ExcelJS.Worksheet) => {
      sheet.addRow(['Email', '姓名', 'Mobile', 'Joined', 'Score', 'Note', 'VIP', 'Total']);
      const first = sheet.addRow(['ann@example.com', '陳大文', 85291234567, new Date(Date.UTC(2024, 0, 31)), 1234.5, { richText: [{ text: 'Likes ' }, { text: 'tea', font: { bold: true } }] }, true, { formula: 'E2*2', result: 2469 }]);
      first.getCell(4).numFmt = 'yyyy-mm-dd';
      sheet.addRow([]);
      const second = sheet.addRow(['  ben@example.com ', { text: 'Lee Ben', hyperlink: 'https://example.com/ben' }, '+852 6123 4567', new Date(Date.UTC(1999, 11, 1)), 0.1 + 0.2, null, false, { formula: 'D3+1', result: 36496 }]);
      second.getCell(4).numFmt = 'd-mmm-yy';
      second.getCell(8).numFmt = 'yyyy-mm-dd';
      sheet.addRow([null, null, null, null, 1e-7, '', null, { formula: 'NA()', result: { error: '#N/A' } }]);
    };
    if (write === 'buffer') {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Instructions', { state: 'hidden' }).addRow(['not a contact']);
      fill(workbook.addWorksheet('Contacts'));
      workbook.addWorksheet('Later').addRow(['also not a contact']);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    }
    const output: Buffer[] = [];
    const stream = new (await import('node:stream')).PassThrough();
    stream.on('data', (data: Buffer) => output.push(data));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true, useStyles: true });
    const sheet = workbook.addWorksheet('Contacts');
    fill(sheet);
    sheet.commit();
    await workbook.commit();
    return Buffer.concat(output);
  }

  const EXPECTED = [
    ['Email', '姓名', 'Mobile', 'Joined', 'Score', 'Note', 'VIP', 'Total'],
    ['ann@example.com', '陳大文', '85291234567', '2024-01-31', '1234.5', 'Likes tea', 'TRUE', '2469'],
    ['ben@example.com', 'Lee Ben', '+852 6123 4567', '1999-12-01', '0.3', '', 'FALSE', '1999-12-02'],
    ['', '', '', '', '0.0000001'],
  ];

  it.each(['buffer', 'stream'] as const)('reads the first visible worksheet as text (written to a %s, shared strings)', async (write) => {
    // Prepare
    const bytes = await contactWorkbook(write);

    // Act
    const { format, rows } = await rowsOf(bytes, 'contacts.xlsx');

    // Assess
    expect(format).toEqual({ format: 'xlsx' });
    expect(rows).toEqual(EXPECTED);
  });

  it('keeps every shared string of a large workbook, across its 256 KiB chunks', { timeout: 30_000 }, async () => {
    // Prepare: 40,000 distinct strings of ~40 bytes, over 1.5 MiB in all.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contacts');
    sheet.addRow(['Email', '姓名']);
    for (let i = 0; i < 40_000; i += 1) sheet.addRow([`user${i}@example.com`, `陳大文 ${i}`]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    // Act
    const rows = (await readAll(bytes, { format: 'xlsx' }, 5_000, 64 * 1024)).flat();

    // Assess
    expect(rows).toHaveLength(40_001);
    expect(rows.every((row, i) => i === 0 || (row[0] === `user${i - 1}@example.com` && row[1] === `陳大文 ${i - 1}`))).toBe(true);
  });

  it('keeps shared strings beyond its memory budget in a temporary file, removed at the end', async () => {
    await withTmpdir(async (dir) => {
      // Prepare: one 256 KiB chunk in memory and two cached, for ~2.6 MB of strings.
      const table = new SharedStringTable(1, 2);

      // Act
      for (let i = 0; i < 100_000; i += 1) table.add(i, `user${i}@例子.com`);
      table.add(100_000, { richText: [{ text: 'Likes ' }, { text: 'tea' }] });
      table.add(100_001, null);
      const spilled = await readdir(dir);
      const inOrder = Array.from({ length: 100_000 }, (_, i) => table.get(i));
      const scattered = Array.from({ length: 1_000 }, (_, i) => table.get((i * 7_919) % 100_000));
      const others = [table.get(100_000), table.get(100_001), table.get(100_002)];
      table.close();

      // Assess
      expect(spilled).toHaveLength(1);
      expect(inOrder.every((text, i) => text === `user${i}@例子.com`)).toBe(true);
      expect(scattered.every((text, i) => text === `user${(i * 7_919) % 100_000}@例子.com`)).toBe(true);
      expect(others).toEqual(['Likes tea', '', '']);
      expect(await readdir(dir)).toEqual([]);
    });
  });

  it('reads from a Node stream and stops early without reading the rest', async () => {
    const bytes = await contactWorkbook('buffer');
    const batches: string[][][] = [];
    for await (const batch of readImportRows(Readable.from([bytes]), { format: 'xlsx' }, { batchSize: 2 })) {
      batches.push(batch);
      break;
    }
    expect(batches).toEqual([EXPECTED.slice(0, 2)]);
  });

  it('leaves no temporary file behind, read to the end or stopped early', async () => {
    await withTmpdir(async (dir) => {
      // Prepare: exceljs spools each worksheet to a temporary file.
      const bytes = await contactWorkbook('buffer');

      // Act
      const whole = (await readAll(bytes, { format: 'xlsx' })).flat();
      const afterWhole = await readdir(dir);
      for await (const batch of readImportRows(Readable.from([bytes]), { format: 'xlsx' }, { batchSize: 1 })) {
        expect(batch).toEqual([EXPECTED[0]]);
        break;
      }

      // Assess
      expect(whole).toEqual(EXPECTED);
      expect(afterWhole).toEqual([]);
      expect(await readdir(dir)).toEqual([]);
    });
  });

  it('passes a failing source\'s own error on (a dropped connection is no broken file), CSV or XLSX', async () => {
    // Prepare
    const workbook = await contactWorkbook('buffer');
    const csv = Buffer.from(csvText(contactRows(Array.from({ length: 5_000 }, (_, i) => TRADITIONAL[i % 10]))));
    async function* failingAfterHalf(bytes: Buffer): AsyncGenerator<Uint8Array> {
      yield bytes.subarray(0, bytes.length >> 1);
      throw new Error('socket hang up');
    }
    const failureOf = async (bytes: Buffer, format: TFileFormat) => {
      try {
        for await (const batch of readImportRows(failingAfterHalf(bytes), format)) expect(batch.length).toBeGreaterThan(0);
        return 'read to the end';
      } catch (error) {
        return error instanceof Error ? `${error.message} ${'code' in error ? String(error.code) : ''}`.trim() : 'not an Error';
      }
    };

    // Act / Assess (in a directory of its own: exceljs leaves the sheets it spooled before the break)
    await withTmpdir(async () => {
      expect(await failureOf(csv, { format: 'csv', encoding: 'utf-8', delimiter: ',' })).toBe('socket hang up');
      expect(await failureOf(workbook, { format: 'xlsx' })).toBe('socket hang up');
      // A file cut short (an upload that stopped) is a broken file.
      expect(await asyncErrorCodeOf(() => readAll(workbook.subarray(0, workbook.length >> 1), { format: 'xlsx' }))).toBe('IMPORT-UPLOAD-C-002');
    });
  });

  it('shows numbers without exponent or float noise', () => {
    expect([1.5, 0.1 + 0.2, 1e21, 1.5e-7, 85291234567, -0, 123456789.123456789, -2.5e-10].map(numberText)).toEqual([
      '1.5', '0.3', '1000000000000000000000', '0.00000015', '85291234567', '0', '123456789.123457', '-0.00000000025',
    ]);
  });

  it('reads every kind of cell of a sheet\'s XML, whatever the chunks it arrives in', () => {
    // Prepare: prefixed and plain tags, all value types, escapes, a phonetic run, gaps and a far column.
    const xml = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>',
      '<x:row r="1" spans="1:4"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="D1" t="inlineStr"><x:is><x:t>Total</x:t></x:is></x:c></x:row>',
      '</x:sheetData></x:worksheet>',
    ].join('')
      + '<worksheet><sheetData>'
      + '<row r="2"><c r="A2" t="inlineStr"><is><r><t xml:space="preserve">陳 </t></r><r><rPr><b/></rPr><t>大文</t></r><rPh sb="0" eb="1"><t>ちん</t></rPh></is></c>'
      + '<c r="B2" s="1"><v>45351</v></c><c r="C2" s="2"><f>C1*2</f><v>0.30000000000000004</v></c><c r="D2" t="str"><f>A1&amp;"x"</f><v>a&lt;b&gt;&amp;c_x000D_</v></c></row>'
      + '<row r="3"/>'
      + '<row r="4"><c r="A4" t="b"><v>1</v></c><c t="b"><v>0</v></c><c t="e"><v>#N/A</v></c><c t="d"><v>2024-02-29T00:00:00</v></c><c r="E4" s="1"/><c r="F4"><v><![CDATA[12]]></v></c><c r="DA4"><v>1</v></c></row>'
      + '<row r="5"><!-- a comment --><c r="C5" t="inlineStr"><is><t>&#x1F600; &#38; &#20013;</t></is></c></row>'
      + '</sheetData></worksheet>';
    const sharedStrings = { get: (index: number) => ['Email', 'Joined'][index] ?? '' };
    const dates = { is1904: false, isDate: (style: number) => style === 1 };

    // Act
    const results = [1, 2, 3, 7, 64, xml.length].map((size) => {
      const reader = new SheetXmlReader(sharedStrings, dates);
      const rows: string[][] = [];
      for (let offset = 0; offset < xml.length; offset += size) rows.push(...reader.write(xml.slice(offset, offset + size)));
      return rows;
    });

    // Assess
    const expected = [
      ['Email', 'Joined', '', 'Total'],
      ['陳 大文', '2024-02-29', '0.3', 'a<b>&c'],
      ['TRUE', 'FALSE', '', '2024-02-29', '', '12'],
      ['', '', '\u{1F600} & 中'],
    ];
    for (const rows of results) expect(rows).toEqual(expected);
  });
});
