/**
 * import-parse: the file-reading core of contact imports, without the store. Generated first (not
 * timed): a 1,000,000-row CSV and a 200,000-row XLSX with shared strings as Excel writes them,
 * 8 columns (email, mobile, first and last name, a number, a date, a choice, a text), 5% duplicate
 * emails, 1% bad rows. Each measurement runs in a fresh child process, as a worker invocation
 * reads one file (and the generation's memory is not counted):
 * - parse-rows-per-s: readImportRows from a file stream + each row's email checked and normalised,
 *   its mobile normalised to E.164, and dedupe by email in a Set (the rate the worker can feed the store);
 * - parse-rows-per-s-uncached: the same with every mobile through libphonenumber (normalizeMobile);
 * - xlsx-parse-rows-per-s: the same pipeline as parse-rows-per-s over the XLSX;
 * - normalize-mobile-per-s: libphonenumber's rate alone, for scale;
 * - peak-rss-mb: the process's resident memory, sampled every 100 ms while parsing: the largest
 *   of the three runs (each one's is printed on stderr).
 *
 * The cached runs put a per-prefix cache in front of normalizeMobile (createMobileCache below),
 * on the assumption that libphonenumber's number plans decide validity and type from a number's
 * country, length and leading digits, never from its last four: one verdict then serves every
 * number sharing all but the last four digits. The counts of the cached and uncached runs must
 * agree, or the bench fails.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { readImportRows } from '../../functions/imports/row-reader.js';
import type { TFileFormat } from '../../functions/imports/file-format.js';
import { isValidEmail, normalizeEmail } from '../../shared/domain/email.js';
import { normalizeMobile } from '../../shared/domain/phone.js';
import type { Benchmark, Figure } from './figures.js';

const CSV_ROWS = 1_000_000;
const XLSX_ROWS = 200_000;
const DEFAULT_COUNTRY = 'HK';
const GENERATE_FLAG = '--generate-import-files';
const MEASURE_FLAG = '--measure-import-parse';
const HEADER = ['Email', 'Mobile', 'First Name', 'Last Name', 'Score', 'Birthday', 'Tier', 'Note'];
const FIRST_NAMES = ['Ann', 'Ben', '大文', 'Dora', '小龍', 'Fay', 'Gus', '學友', 'Ivy', '嘉欣'];
const LAST_NAMES = ['Chan', 'Lee', '陳', 'Wong', '李', 'Cheung', '張', 'Lau', '黃', 'Ng'];
const TIERS = ['Gold', 'Silver', 'Bronze'];
/** Hong Kong mobile blocks that libphonenumber accepts throughout. */
const HK_MOBILE_PREFIXES = ['61', '63', '64', '65', '69', '94', '96', '97'];

/** A deterministic pseudo-random stream, so every run parses the same files. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Row `i` (from 1): 5% reuse an earlier row's email in other case, 1% are bad (email or mobile number). */
function contactRow(i: number, next: () => number): Array<string | number | Date> {
  const digits = (count: number) => String(Math.floor(next() * 10 ** count)).padStart(count, '0');
  const email = i % 200 === 51 ? `user${i}@@example.com` : i % 20 === 7 ? `User${i - 5}@Example${(i - 5) % 50}.com` : `user${i}@example${i % 50}.com`;
  const kind = next();
  const hk = HK_MOBILE_PREFIXES[i % HK_MOBILE_PREFIXES.length];
  const mobile =
    i % 200 === 151 ? digits(5)
      : kind < 0.6 ? `${hk}${digits(6)}` // HK, as dialled at home
        : kind < 0.8 ? `+852 ${hk}${digits(2)} ${digits(4)}`
          : kind < 0.9 ? `+86 13${digits(1)} ${digits(4)} ${digits(4)}`
            : `+886 9${digits(2)} ${digits(3)} ${digits(3)}`;
  const note = i % 10 === 0 ? `Met at fair, booth ${i % 300}` : `note ${i}`;
  return [
    email, mobile, FIRST_NAMES[i % 10], LAST_NAMES[(i >> 3) % 10], i % 1000,
    new Date(Date.UTC(1960 + (i % 45), i % 12, 1 + (i % 28))), TIERS[i % 3], note,
  ];
}

function csvCell(value: string | number | Date): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function writeCsv(path: string): Promise<void> {
  const out = createWriteStream(path);
  const next = random(1);
  let buffer = HEADER.join(',') + '\n';
  for (let i = 1; i <= CSV_ROWS; i += 1) {
    buffer += contactRow(i, next).map(csvCell).join(',') + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

async function writeXlsx(path: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(HEADER).commit();
  const next = random(2);
  for (let i = 1; i <= XLSX_ROWS; i += 1) {
    const row = sheet.addRow(contactRow(i, next));
    row.getCell(6).numFmt = 'yyyy-mm-dd';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Runs this module in a child process with `args`, answering the JSON line it prints last: each
 * measurement starts from a fresh process, as a worker invocation reads one file.
 */
async function inChild(args: string[]): Promise<unknown> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`import-parse ${args[0]} failed (exit ${code})`);
  const last = output.trim().split('\n').pop();
  return last ? JSON.parse(last) : null;
}

/**
 * normalizeMobile behind a cache keyed by country and all but the last four digits; only plain
 * digit strings (spaces, dashes, dots and brackets ignored) use it, anything else goes straight through.
 */
export function createMobileCache(normalize: (input: string, country?: string) => string | null) {
  const heads = new Map<string, string | null>();
  return (input: string, country: string): string | null => {
    const compact = input.replace(/[\s\-().]/g, '').replace(/^00/, '+');
    if (input.length > 32 || !/^\+?\d{7,15}$/.test(compact)) return normalize(input, country);
    const last4 = compact.slice(-4);
    const key = `${compact.startsWith('+') ? '' : country}|${compact.slice(0, -4)}`;
    const head = heads.get(key);
    if (head !== undefined) return head === null ? null : head + last4;
    const e164 = normalize(input, country);
    if (e164 === null) heads.set(key, null);
    else if (e164.endsWith(last4)) heads.set(key, e164.slice(0, -4));
    return e164;
  };
}

type Counts = { rows: number; valid: number; duplicates: number; errors: number };
type Measurement = { counts: Counts; seconds: number; peakRssBytes: number };
type Phase = 'csv' | 'csv-uncached' | 'xlsx';

/** Parse + validate + dedupe of one file, the rows a worker would hand to the store; RSS sampled every 100 ms. */
async function measure(dir: string, phase: Phase): Promise<Measurement> {
  const path = join(dir, phase === 'xlsx' ? 'contacts.xlsx' : 'contacts.csv');
  const format: TFileFormat = phase === 'xlsx' ? { format: 'xlsx' } : { format: 'csv', encoding: 'utf-8', delimiter: ',' };
  const mobileOf = phase === 'csv-uncached' ? normalizeMobile : createMobileCache(normalizeMobile);
  const counts: Counts = { rows: 0, valid: 0, duplicates: 0, errors: 0 };
  const seen = new Set<string>();
  let peakRssBytes = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
  }, 100);
  let isHeader = true;
  const started = performance.now();
  for await (const batch of readImportRows(createReadStream(path), format)) {
    for (const row of batch) {
      if (isHeader) {
        isHeader = false;
        continue;
      }
      counts.rows += 1;
      const email = row[0] ?? '';
      const mobileText = row[1] ?? '';
      const mobile = mobileText === '' ? null : mobileOf(mobileText, DEFAULT_COUNTRY);
      if (!isValidEmail(email) || (mobileText !== '' && mobile === null)) {
        counts.errors += 1;
        continue;
      }
      const key = normalizeEmail(email);
      if (seen.has(key)) {
        counts.duplicates += 1;
        continue;
      }
      seen.add(key);
      counts.valid += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { counts, seconds, peakRssBytes: Math.max(peakRssBytes, process.memoryUsage().rss) };
}

function isMeasurement(value: unknown): value is Measurement {
  return typeof value === 'object' && value !== null && 'counts' in value && 'seconds' in value && 'peakRssBytes' in value;
}

async function measureInChild(dir: string, phase: Phase): Promise<Measurement> {
  const result = await inChild([MEASURE_FLAG, phase, dir]);
  if (!isMeasurement(result)) throw new Error(`import-parse ${phase}: no measurement`);
  return result;
}

function sameCounts(a: Counts, b: Counts): boolean {
  return a.rows === b.rows && a.valid === b.valid && a.duplicates === b.duplicates && a.errors === b.errors;
}

export const importParse: Benchmark = {
  name: 'import-parse',
  async run(): Promise<Figure[]> {
    const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
    try {
      await inChild([GENERATE_FLAG, dir]);
      const csv = await measureInChild(dir, 'csv');
      const uncached = await measureInChild(dir, 'csv-uncached');
      const xlsx = await measureInChild(dir, 'xlsx');
      if (!sameCounts(csv.counts, uncached.counts)) {
        throw new Error(`the mobile cache changed the outcome: ${JSON.stringify(csv.counts)} vs ${JSON.stringify(uncached.counts)}`);
      }
      if (csv.counts.rows !== CSV_ROWS || xlsx.counts.rows !== XLSX_ROWS) throw new Error('rows went missing');
      const mib = (bytes: number) => bytes / (1024 * 1024);
      console.error(
        `import-parse: csv ${JSON.stringify(csv.counts)} peak ${mib(csv.peakRssBytes).toFixed(0)} MiB (uncached ${mib(uncached.peakRssBytes).toFixed(0)} MiB); `
          + `xlsx ${JSON.stringify(xlsx.counts)} peak ${mib(xlsx.peakRssBytes).toFixed(0)} MiB`,
      );

      // libphonenumber alone, over the shapes of the CSV's first 100,000 mobiles.
      const next = random(1);
      const mobiles = Array.from({ length: 100_000 }, (_, i) => String(contactRow(i + 1, next)[1]));
      const started = performance.now();
      for (const mobile of mobiles) normalizeMobile(mobile, DEFAULT_COUNTRY);
      const mobileSeconds = (performance.now() - started) / 1000;

      const bench = 'import-parse';
      return [
        { bench, metric: 'parse-rows-per-s', value: CSV_ROWS / csv.seconds, unit: 'rows/s' },
        { bench, metric: 'parse-rows-per-s-uncached', value: CSV_ROWS / uncached.seconds, unit: 'rows/s' },
        { bench, metric: 'xlsx-parse-rows-per-s', value: XLSX_ROWS / xlsx.seconds, unit: 'rows/s' },
        { bench, metric: 'normalize-mobile-per-s', value: mobiles.length / mobileSeconds, unit: 'numbers/s' },
        { bench, metric: 'peak-rss-mb', value: mib(Math.max(csv.peakRssBytes, uncached.peakRssBytes, xlsx.peakRssBytes)), unit: 'MiB' },
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

// The child processes: writing the files, or one measurement (its result as the last line of stdout).
if (process.argv[2] === GENERATE_FLAG) {
  const dir = process.argv[3];
  await writeCsv(join(dir, 'contacts.csv'));
  await writeXlsx(join(dir, 'contacts.xlsx'));
  process.exit(0);
}
if (process.argv[2] === MEASURE_FLAG) {
  const phase = process.argv[3];
  if (phase !== 'csv' && phase !== 'csv-uncached' && phase !== 'xlsx') throw new Error(`unknown phase ${phase}`);
  console.log(JSON.stringify(await measure(process.argv[4], phase)));
  process.exit(0);
}
