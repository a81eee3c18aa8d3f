/**
 * Import files as people have them: gzip files and ZIP archives (one file inside, or a choice of
 * several), zip bombs refused by their declared and their actual sizes while memory stays flat,
 * the chosen sheet of a workbook, and Western Excel CSVs in Windows-1252. Every file is built here.
 */
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { findContainer, openContainedFile, readStreamHead, type RangeReadableFile, type TFileContainer } from '../../../functions/lib/files/import/file-container.js';
import { SNIFF_BYTES, sniffImportFile, type TFileFormat } from '../../../functions/lib/files/import/file-format.js';
import { readImportRows } from '../../../functions/lib/files/import/row-reader.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { deflatedZeros, gzippedZeros, memoryFile, zipArchive } from '../../helpers/archives.js';

const ROWS = [
  ['Email', 'Name'],
  ['ann@example.com', 'Ann'],
  ['ben@example.com', 'Ben'],
];
/** exceljs writes and reads each workbook in about a second, far more on a loaded machine. */
const WORKBOOK_TIMEOUT_MS = 30_000;
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\r\n') + '\r\n');

async function workbook(sheets: Array<{ name: string; rows: string[][]; state?: 'hidden' }>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) book.addWorksheet(sheet.name, sheet.state ? { state: sheet.state } : {}).addRows(sheet.rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What the preview does: how the file is packed, its format (from the head of the file inside), then its rows. */
async function readUpload(file: RangeReadableFile, fileName: string, choice: { entry?: string; sheet?: string } = {}) {
  const storedHead = await readStreamHead(file.readRange(0, Math.min(file.size, SNIFF_BYTES)), SNIFF_BYTES);
  const { container, entries, innerName } = await findContainer(file, storedHead, { fileName, entry: choice.entry });
  const head = container.archive ? await readStreamHead((await openContainedFile(file, container)).content, SNIFF_BYTES) : storedHead;
  const sniffed = sniffImportFile(head, innerName);
  const format: TFileFormat = { ...sniffed, ...(sniffed.format === 'xlsx' && choice.sheet ? { sheet: choice.sheet } : {}), ...container };
  const rows: string[][] = [];
  let sheets: string[] = [];
  for await (const batch of readImportRows((await openContainedFile(file, format)).content, format, { onSheets: (names) => (sheets = names) })) rows.push(...batch);
  return { container, entries, format, rows, sheets };
}

async function errorOf(work: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work();
    return { code: 'accepted', message: '' };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? String(error), message: (error as Error).message };
  }
}

describe('gzip files and ZIP archives', () => {
  it('reads a gzip CSV as the CSV inside', async () => {
    const { container, entries, format, rows } = await readUpload(memoryFile(gzipSync(csv(ROWS))), 'audience.csv.gz');

    expect(container).toEqual({ archive: 'gzip' });
    expect(entries).toEqual([]);
    expect(format).toEqual({ format: 'csv', encoding: 'utf-8', delimiter: ',', archive: 'gzip' });
    expect(rows).toEqual(ROWS);
  });

  it('reads a ZIP archive of one CSV, and one of one workbook', async () => {
    const ofCsv = await readUpload(memoryFile(zipArchive([{ name: 'subscribed_members_export.csv', data: csv(ROWS) }])), 'audience.zip');
    const ofXlsx = await readUpload(memoryFile(zipArchive([{ name: 'people.xlsx', data: await workbook([{ name: 'People', rows: ROWS }]), isStored: true }])), 'people.zip');

    expect(ofCsv.container).toEqual({ archive: 'zip', entry: 'subscribed_members_export.csv' });
    expect(ofCsv.entries).toEqual(['subscribed_members_export.csv']);
    expect(ofCsv.rows).toEqual(ROWS);
    expect(ofXlsx.format).toEqual({ format: 'xlsx', archive: 'zip', entry: 'people.xlsx' });
    expect(ofXlsx.rows).toEqual(ROWS);
  }, WORKBOOK_TIMEOUT_MS);

  it('lists the CSV and XLSX files of an archive of several, reads the first by default and the chosen one when asked', async () => {
    // Prepare: Mailchimp's export, as macOS's Archive Utility zips it again.
    const cleaned = [['Email Address', 'CLEAN_CAMPAIGN_TITLE'], ['gone@example.com', 'Spring']];
    const archive = memoryFile(
      zipArchive([
        { name: 'audience/' },
        { name: 'audience/subscribed_members_export.csv', data: csv(ROWS) },
        { name: 'audience/cleaned_members_export.csv', data: csv(cleaned) },
        { name: '__MACOSX/audience/._cleaned_members_export.csv', data: Buffer.from([0, 5, 22, 7]) },
        { name: 'audience/README.pdf', data: Buffer.from('%PDF-1.4') },
      ]),
    );

    // Act
    const first = await readUpload(archive, 'audience.zip');
    const chosen = await readUpload(archive, 'audience.zip', { entry: 'audience/cleaned_members_export.csv' });
    const unknown = await errorOf(() => readUpload(archive, 'audience.zip', { entry: 'audience/README.pdf' }));

    // Assess
    expect(first.entries).toEqual(['audience/subscribed_members_export.csv', 'audience/cleaned_members_export.csv']);
    expect(first.rows).toEqual(ROWS);
    expect(chosen.container).toEqual({ archive: 'zip', entry: 'audience/cleaned_members_export.csv' });
    expect(chosen.rows).toEqual(cleaned);
    expect(unknown.code).toBe(ERROR_CODES.INVALID_INPUT);
  });

  it('reads an XLSX workbook as it is, not as an archive of its parts', async () => {
    const { container, entries, format, rows } = await readUpload(memoryFile(await workbook([{ name: 'People', rows: ROWS }])), 'people.xlsx');

    expect(container).toEqual({});
    expect(entries).toEqual([]);
    expect(format).toEqual({ format: 'xlsx' });
    expect(rows).toEqual(ROWS);
  }, WORKBOOK_TIMEOUT_MS);

  it('answers IMPORT-UPLOAD-C-002 for a broken archive, a corrupt gzip file, an archive with no CSV or XLSX file and an encrypted entry', async () => {
    const valid = zipArchive([{ name: 'a.csv', data: csv(ROWS) }]);
    const truncated = valid.subarray(0, valid.length - 10);
    const gzip = gzipSync(csv(ROWS));
    const corruptGzip = Buffer.concat([gzip.subarray(0, 10), Buffer.alloc(40, 0xff)]);
    const noCsv = zipArchive([{ name: 'photo.jpg', data: Buffer.from('not a photo') }]);
    const encrypted = zipArchive([{ name: 'a.csv', data: csv(ROWS) }]);
    // General purpose flag bit 0 (encrypted), in the local and the central header.
    encrypted.writeUInt16LE(0x0801, 6);
    encrypted.writeUInt16LE(0x0801, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);

    for (const [bytes, name] of [[truncated, 'a.zip'], [corruptGzip, 'a.csv.gz'], [noCsv, 'photos.zip'], [encrypted, 'a.zip']] as const) {
      expect((await errorOf(() => readUpload(memoryFile(bytes), name))).code, name).toBe(ERROR_CODES.IMPORT_UNREADABLE);
    }
  });
});

describe('zip bombs', () => {
  it('refuses an entry by its declared size or ratio before inflating any of it', async () => {
    // Prepare: 2 GiB declared (a deflate stream that size is 2 MiB), and 64 MiB declared in 64 KiB.
    const huge = memoryFile(zipArchive([{ name: 'huge.csv', deflated: deflatedZeros(2048), declaredSize: 2048 * 1024 * 1024 - 1 }]));
    const dense = memoryFile(zipArchive([{ name: 'dense.csv', deflated: deflatedZeros(64), declaredSize: 64 * 1024 * 1024 }]));

    // Act
    const hugeError = await errorOf(() => readUpload(huge, 'huge.zip'));
    const readBeforeRefusal = huge.bytesRead();
    const denseError = await errorOf(() => readUpload(dense, 'dense.zip'));

    // Assess: only the head and the central directory were read.
    expect(hugeError).toMatchObject({ code: ERROR_CODES.IMPORT_UNREADABLE, message: expect.stringContaining('1 GiB') });
    expect(readBeforeRefusal).toBeLessThan(256 * 1024);
    expect(denseError).toMatchObject({ code: ERROR_CODES.IMPORT_UNREADABLE, message: expect.stringContaining('100 times') });
  });

  it('refuses an entry whose declared size lies, by the bytes it actually inflates, memory staying flat', async () => {
    // Prepare: 512 MiB of zeros that declares 40 bytes.
    const liar = memoryFile(zipArchive([{ name: 'small.csv', deflated: deflatedZeros(512), declaredSize: 40 }]));
    const { container } = await findContainer(liar, Buffer.from('PK\u0003\u0004'), { fileName: 'small.zip' });
    const before = process.memoryUsage().rss;

    // Act
    const error = await errorOf(async () => {
      for await (const chunk of (await openContainedFile(liar, container)).content) void chunk;
    });

    // Assess
    expect(error).toMatchObject({ code: ERROR_CODES.IMPORT_UNREADABLE, message: expect.stringContaining('100 times') });
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
  });

  it('refuses a gzip bomb while streaming, having read a sliver of it', async () => {
    // Prepare: 4 GiB of zeros in 4 MiB of concatenated gzip members.
    const bomb = memoryFile(gzippedZeros(4096));
    let storedBytes = 0;
    const before = process.memoryUsage().rss;

    // Act
    const error = await errorOf(async () => {
      const { content } = await openContainedFile(bomb, { archive: 'gzip' } satisfies TFileContainer, { onStoredBytes: (bytes) => (storedBytes += bytes) });
      for await (const chunk of content) void chunk;
    });

    // Assess
    expect(error.code).toBe(ERROR_CODES.IMPORT_UNREADABLE);
    expect(storedBytes).toBeLessThan(bomb.size / 10);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
  });
});

describe('workbooks of several sheets', () => {
  it('lists the visible sheets and reads the chosen one', async () => {
    // Prepare: a cover sheet first, the contacts on the second, a hidden sheet last.
    const bytes = memoryFile(
      await workbook([
        { name: 'Read me', rows: [['Exported from our CRM on 1 March']] },
        { name: 'Contacts', rows: ROWS },
        { name: 'Lookup', rows: [['x']], state: 'hidden' },
      ]),
    );

    // Act
    const byDefault = await readUpload(bytes, 'crm.xlsx');
    const chosen = await readUpload(bytes, 'crm.xlsx', { sheet: 'Contacts' });
    const missing = await errorOf(() => readUpload(bytes, 'crm.xlsx', { sheet: 'Leads' }));

    // Assess
    expect(byDefault.sheets).toEqual(['Read me', 'Contacts']);
    expect(byDefault.rows).toEqual([['Exported from our CRM on 1 March']]);
    expect(chosen.format).toEqual({ format: 'xlsx', sheet: 'Contacts' });
    expect(chosen.rows).toEqual(ROWS);
    expect(missing.code).toBe(ERROR_CODES.INVALID_INPUT);
  }, WORKBOOK_TIMEOUT_MS);
});

describe('Windows-1252', () => {
  const WESTERN = [
    ['Email', 'Name', 'Note'],
    ['jose@example.com', 'José Muñoz', '“Gold” member'],
    ['juergen@example.de', 'Jürgen Weiß', 'paid 12 €'],
    ['zoe@example.fr', 'Zoë Lefèvre', '‘VIP’ – since 2019'],
  ];

  it('detects a Western Excel CSV and reads its accents, smart quotes and euro signs', async () => {
    // Prepare: Excel's "CSV" on a Western Windows: Windows-1252, semicolons, no BOM.
    const bytes = iconv.encode(WESTERN.map((row) => row.join(';')).join('\r\n'), 'windows-1252');

    // Act
    const { format, rows } = await readUpload(memoryFile(bytes), 'export.csv');

    // Assess
    expect(format).toEqual({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(rows).toEqual(WESTERN);
  });

  it('reads ISO-8859-1 text as Windows-1252, as browsers do, and never takes UTF-8 for it', () => {
    const latin1 = Buffer.from('Email,Name\njose@example.com,José Muñoz\nfrancois@example.fr,François Lefèvre\n', 'latin1');
    const utf8 = Buffer.from('Email,Name\njose@example.com,José Muñoz\n');

    expect(sniffImportFile(latin1, 'contacts.csv')).toEqual({ format: 'csv', encoding: 'windows-1252', delimiter: ',' });
    expect(sniffImportFile(utf8, 'contacts.csv')).toEqual({ format: 'csv', encoding: 'utf-8', delimiter: ',' });
  });
});
