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
import { describe, expect, it } from 'vitest';
import { checkEncoding, SNIFF_BYTES, sniffImportFile, type TextEncodingName, type TFileFormat } from '../../../functions/imports/file-format.js';
import { cellValueText, IMPORT_ROW_LIMITS, numberText, readImportRows } from '../../../functions/imports/row-reader.js';
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

/** Reads a whole file from memory in small chunks (so records cross chunk boundaries). */
async function readAll(bytes: Uint8Array, format: TFileFormat, batchSize?: number): Promise<string[][][]> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < bytes.length; offset += 7) yield bytes.subarray(offset, offset + 7);
  }
  const batches: string[][][] = [];
  for await (const batch of readImportRows(chunks(), format, { batchSize })) batches.push(batch);
  return batches;
}

async function rowsOf(bytes: Uint8Array, fileName = 'contacts.csv'): Promise<{ format: TFileFormat; rows: string[][] }> {
  const format = sniffImportFile(bytes.subarray(0, SNIFF_BYTES), fileName);
  return { format, rows: (await readAll(bytes, format)).flat() };
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

  it('answers IMPORT-UPLOAD-C-001 for Latin-1 text and for text already full of replacement characters', () => {
    const latin1 = Buffer.from('Email,Name\njose@example.com,José Muñoz\nfrancois@example.fr,François Lefèvre\n', 'latin1');
    const mojibake = Buffer.from('Email,Name\nann@example.com,\uFFFD\uFFFD\uFFFD\nben@example.com,\uFFFD\uFFFD\n');
    const withNul = Buffer.from('Email,Name\nann@example.com,Ann\0\n');
    expect(errorCodeOf(() => sniffImportFile(latin1, 'contacts.csv'))).toBe('IMPORT-UPLOAD-C-001');
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
    // Prepare: exceljs spools worksheets to temporary files under TMPDIR.
    const bytes = await contactWorkbook('buffer');
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'import-files-'));
    try {
      // Act
      const whole = (await readAll(bytes, { format: 'xlsx' })).flat();
      for await (const batch of readImportRows(Readable.from([bytes]), { format: 'xlsx' }, { batchSize: 1 })) {
        expect(batch).toEqual([EXPECTED[0]]);
        break;
      }

      // Assess: the files go asynchronously, within moments.
      expect(whole).toEqual(EXPECTED);
      for (let i = 0; i < 50 && (await readdir(process.env.TMPDIR)).length > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await readdir(process.env.TMPDIR)).toEqual([]);
    } finally {
      await rm(process.env.TMPDIR, { recursive: true, force: true });
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  });

  it('shows numbers without exponent or float noise and dates as calendar days', () => {
    expect([1.5, 0.1 + 0.2, 1e21, 1.5e-7, 85291234567, -0, 123456789.123456789, -2.5e-10].map(numberText)).toEqual([
      '1.5', '0.3', '1000000000000000000000', '0.00000015', '85291234567', '0', '123456789.123457', '-0.00000000025',
    ]);
    expect(cellValueText(new Date(Date.UTC(2024, 1, 29, 13, 30)))).toBe('2024-02-29');
    expect(cellValueText({ formula: 'A1', result: 45351 }, { numFmt: 'dd/mm/yyyy' })).toBe('2024-02-29');
    expect(cellValueText({ formula: 'A1', result: 45351 }, { numFmt: '0.00' })).toBe('45351');
    expect(cellValueText({ error: '#REF!' })).toBe('');
  });
});
