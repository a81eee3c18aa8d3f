import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, guardFormula, unguardFormula } from '../../../functions/lib/files/export/csv.js';
import { attachmentDisposition } from '../../../functions/lib/aws/storage.js';
import { exportFileName } from '../../../functions/services/exports/export-run.js';

describe('CSV cells (RFC 4180)', () => {
  it('quotes fields with a comma, a quote or a line break, doubling the quotes, and nothing else', () => {
    // Act
    const cells = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '黃大文', ' spaced ', ''].map(csvCell);

    // Assess
    expect(cells).toEqual(['plain', '"a,b"', '"say ""hi"""', '"two\nlines"', '"cr\rhere"', '黃大文', ' spaced ', '']);
  });

  it('writes numbers as they are and nothing for a missing value', () => {
    expect([csvCell(12.5), csvCell(-3), csvCell(0), csvCell(null)]).toEqual(['12.5', '-3', '0', '']);
  });

  it('ends each line with CRLF and starts the file with the UTF-8 byte-order mark', () => {
    expect(csvLine(['a', null, 1, 'x,y'])).toBe('a,,1,"x,y"\r\n');
    expect([...Buffer.from(CSV_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('formula injection guard', () => {
  it('prefixes text a spreadsheet would evaluate (= + - @ tab CR) with an apostrophe', () => {
    // Act
    const guarded = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://evil.example")', "=cmd|' /C calc'!A0"].map(guardFormula);

    // Assess
    expect(guarded).toEqual(["'=1+1", "'+SUM(A1)", "'-2+3", "'@cmd", "'\tx", "'\rx", `'=HYPERLINK("http://evil.example")`, "'=cmd|' /C calc'!A0"]);
  });

  it('leaves plain numbers alone, E.164 mobile numbers included, and text that only contains the characters', () => {
    expect(['-12.5', '+85291234567', '-3', '+1e5', 'a=b', 'x-y', 'mail@example.com', ''].map(guardFormula)).toEqual([
      '-12.5',
      '+85291234567',
      '-3',
      '+1e5',
      'a=b',
      'x-y',
      'mail@example.com',
      '',
    ]);
  });

  it('also guards a formula after leading whitespace, and the full-width = + - @ spreadsheets read as formulas', () => {
    // Act
    const guarded = [' =1+1', '\u00a0+SUM(A1)', '\u3000@cmd', '\n=1+1', '＝1+1', '＋SUM(A1)', '－2', '＠cmd', '  ＝x'].map(guardFormula);

    // Assess
    expect(guarded).toEqual(["' =1+1", "'\u00a0+SUM(A1)", "'\u3000@cmd", "'\n=1+1", "'＝1+1", "'＋SUM(A1)", "'－2", "'＠cmd", "'  ＝x"]);
  });

  it('quotes a cell holding a semicolon, the separator of many locales, so no second cell can start a formula', () => {
    expect(csvCell('a;=1+1')).toBe('"a;=1+1"');
  });

  it('guards before quoting, so a guarded cell with a comma is still one field', () => {
    expect(csvCell('=SUM(1,2)')).toBe(`"'=SUM(1,2)"`);
    expect(csvLine(['@a,b', '-1'])).toBe(`"'@a,b",-1\r\n`);
  });
});

describe('reading a guarded cell back', () => {
  it('drops the apostrophe the guard added, and only that one', () => {
    const texts = ['=SUM(A1)', '+852 abc', '-x', '@here', 'plain', "'quoted", '-12.5', ' =x', '＝x'];
    expect(texts.map((text) => unguardFormula(guardFormula(text)))).toEqual(texts);
    // An apostrophe the guard would not have written is the user's own.
    expect(["'plain", "'-12.5", "'"].map(unguardFormula)).toEqual(["'plain", "'-12.5", "'"]);
  });
});

describe('export file names', () => {
  it('keeps the export name, Chinese included, and replaces characters file systems refuse', () => {
    expect(exportFileName('全部聯絡人 2026', 'csv')).toBe('全部聯絡人 2026.csv');
    expect(exportFileName('a/b\\c:d*e?f"g<h>i|j', 'xlsx')).toBe('a_b_c_d_e_f_g_h_i_j.xlsx');
    expect(exportFileName('trailing dots... ', 'csv')).toBe('trailing dots.csv');
    expect(exportFileName('...', 'csv')).toBe('export.csv');
  });

  it('names the download for every browser: an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('VIP 客戶.csv')).toBe(`attachment; filename="VIP __.csv"; filename*=UTF-8''VIP%20%E5%AE%A2%E6%88%B6.csv`);
    expect(attachmentDisposition(`it's "50%"; ok.csv`)).toBe(`attachment; filename="it's _50___ ok.csv"; filename*=UTF-8''it%27s%20%2250%25%22%3B%20ok.csv`);
  });
});
