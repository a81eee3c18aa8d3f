/**
 * import: contact imports. Generated first (not timed), from one seeded generator: a CSV
 * of 5 × N rows, an XLSX of N rows with shared strings as Excel writes them, and a CSV of N rows
 * to import; 8 columns (email, mobile, first and last name, a number, a date, a choice, a text),
 * 5% duplicate emails, 1% bad rows. N is IMPORT_BENCH_ROWS (default 200,000, the issue's size).
 * - parse-rows-per-s: the 5 × N CSV through readImportRows from a file stream, each row's email
 *   checked and normalised, its mobile normalised to E.164 by the product's per-import
 *   createMobileNormalizer, duplicates by email or mobile in the product's IdentitySet, as the
 *   worker does; no store (the rate the worker can feed it);
 * - xlsx-parse-rows-per-s: the same pipeline over the XLSX. Each parse runs in a fresh child
 *   process, as a worker invocation reads one file;
 * - import-rows-per-s-disk and -memory: the N-row CSV through the whole local host in a child
 *   process laid out as `npm start` runs it (the API, the queue poller and the contact-import
 *   worker in the host's process; DynamoDB Local with its table on disk, then in memory as the
 *   tests keep it; S3 and SQS in the emulator's child process): sign-up of a paid account, its 4
 *   extra fields, presigned PUT, preview, start, then data rows ÷ seconds from the start request
 *   until GET data-import/{id} answers 'finished' (the report lists included);
 * - store-efficiency-disk and -memory: the import's store item writes per second (storeItemWrites
 *   below) ÷ store-ceiling's write rate on the same kind of table, measured just before and just
 *   after the import (their mean: a ceiling taken under another load than the import's says nothing);
 * - peak-rss-mb: the peak resident memory (getrusage maxRSS, Linux's VmHWM) of the process that
 *   runs the import worker, the host's, tsx included, the larger of the two runs; the host runs
 *   with the V8 options `npm start` gives it (infra/local/host-node-options.json). The emulators'
 *   processes (DynamoDB Local's JVM; fauxqs, which holds the upload and the lists as S3 would) are
 *   not counted.
 * IMPORT_BENCH_PARTS picks the measurements (default `parse,disk,memory`: the two parses, the
 * import on each kind of table).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { loadExcelJs } from '../../functions/lib/files/exceljs.js';
import hostNodeOptions from '../../infra/local/host-node-options.json';
import { IdentitySet } from '../../functions/lib/files/import/identity-set.js';
import { createMobileNormalizer } from '../../functions/lib/files/import/mobile-normalizer.js';
import { readImportRows } from '../../functions/lib/files/import/row-reader.js';
import type { TFileFormat } from '../../functions/lib/files/import/file-format.js';
import { isValidEmail, normalizeEmail } from '../../shared/domain/email.js';
import type { TImportJob, TImportPreviewResponse, TImportUploadResponse } from '../../shared/schemas/imports.js';
import { measureStoreCeiling, type StoreTable } from './store-ceiling.js';
import type { Benchmark, Figure } from './figures.js';

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 200_000);
if (!Number.isInteger(ROWS) || ROWS < 1_000) throw new Error(`IMPORT_BENCH_ROWS must be a whole number ≥ 1000, not '${process.env.IMPORT_BENCH_ROWS}'`);
const CSV_PARSE_ROWS = 5 * ROWS;
const PARTS = (process.env.IMPORT_BENCH_PARTS ?? 'parse,disk,memory').split(',').map((name) => name.trim());
if (PARTS.length === 0 || PARTS.some((name) => !['parse', 'disk', 'memory'].includes(name))) throw new Error(`IMPORT_BENCH_PARTS lists parse, disk and/or memory, not '${process.env.IMPORT_BENCH_PARTS}'`);
const STORES = PARTS.filter((name): name is StoreTable => name === 'disk' || name === 'memory');
const DEFAULT_COUNTRY = 'HK';
const GENERATE_FLAG = '--generate-import-files';
const MEASURE_FLAG = '--measure-import-parse';
const HOST_FLAG = '--import-bench-host';
const API = '/api/v1/pageBasedAPI';
/** The end-to-end import gives up after this long (10 min, or 100 rows/s for a larger file). */
const IMPORT_LIMIT_MS = Math.max(10 * 60_000, (ROWS / 100) * 1000);
const HOST_START_LIMIT_MS = 120_000;
const HOST_ANSWER_LIMIT_MS = 60_000;
const POLL_MS = 200;
const SESSION_RENEW_MS = 5 * 60_000;
const HEADER = ['Email', 'Mobile', 'First Name', 'Last Name', 'Score', 'Birthday', 'Tier', 'Note'];
const FIRST_NAMES = ['Ann', 'Ben', '大文', 'Dora', '小龍', 'Fay', 'Gus', '學友', 'Ivy', '嘉欣'];
const LAST_NAMES = ['Chan', 'Lee', '陳', 'Wong', '李', 'Cheung', '張', 'Lau', '黃', 'Ng'];
const TIERS = ['Gold', 'Silver', 'Bronze'];
/** Hong Kong mobile blocks that libphonenumber accepts throughout. */
const HK_MOBILE_PREFIXES = ['61', '63', '64', '65', '69', '94', '96', '97'];
/** The account's fields for columns 5–8 (First and Last Name come with every account). */
const EXTRA_FIELDS = [
  { name: 'Score', type: 'number', choices: [] },
  { name: 'Birthday', type: 'date', choices: [] },
  { name: 'Tier', type: 'singleChoice', choices: TIERS.map((label) => ({ label })) },
  { name: 'Note', type: 'text', choices: [] },
];

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

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  const next = random(1);
  let buffer = HEADER.join(',') + '\n';
  for (let i = 1; i <= rows; i += 1) {
    buffer += contactRow(i, next).map(csvCell).join(',') + '\n';
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
}

async function writeXlsx(path: string, rows: number): Promise<void> {
  // Loaded here only: the host child, which runs this module too, should carry what `npm start` does.
  const excel = await loadExcelJs();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: true });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.addRow(HEADER).commit();
  const next = random(2);
  for (let i = 1; i <= rows; i += 1) {
    const row = sheet.addRow(contactRow(i, next));
    row.getCell(6).numFmt = 'yyyy-mm-dd';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
}

const filesIn = (dir: string) => ({ parseCsv: join(dir, 'contacts.csv'), xlsx: join(dir, 'contacts.xlsx'), importCsv: join(dir, 'import.csv') });

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
  if (code !== 0) throw new Error(`import ${args[0]} failed (exit ${code})`);
  const last = output.trim().split('\n').pop();
  return last ? JSON.parse(last) : null;
}

type Counts = { rows: number; valid: number; duplicates: number; errors: number };
type ParseMeasurement = { counts: Counts; seconds: number; peakRssBytes: number };
type Phase = 'csv' | 'xlsx';

/** Parse + validate + dedupe of one file, the rows a worker would hand to the store; RSS sampled every 100 ms. */
async function measureParse(dir: string, phase: Phase): Promise<ParseMeasurement> {
  const files = filesIn(dir);
  const path = phase === 'xlsx' ? files.xlsx : files.parseCsv;
  const format: TFileFormat = phase === 'xlsx' ? { format: 'xlsx' } : { format: 'csv', encoding: 'utf-8', delimiter: ',' };
  const normalizeMobile = createMobileNormalizer();
  const counts: Counts = { rows: 0, valid: 0, duplicates: 0, errors: 0 };
  const seen = new IdentitySet();
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
      const mobile = mobileText === '' ? null : normalizeMobile(mobileText, DEFAULT_COUNTRY);
      if (!isValidEmail(email) || (mobileText !== '' && mobile === null)) {
        counts.errors += 1;
        continue;
      }
      // As the worker does: a row is a duplicate when its email or its mobile number came before.
      const identities = mobile === null ? [`e:${normalizeEmail(email)}`] : [`e:${normalizeEmail(email)}`, `m:${mobile}`];
      if (identities.some((identity) => seen.has(identity))) {
        counts.duplicates += 1;
        continue;
      }
      for (const identity of identities) seen.add(identity);
      counts.valid += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { counts, seconds, peakRssBytes: Math.max(peakRssBytes, process.memoryUsage().rss) };
}

function isParseMeasurement(value: unknown): value is ParseMeasurement {
  return typeof value === 'object' && value !== null && 'counts' in value && 'seconds' in value && 'peakRssBytes' in value;
}

async function measureParseInChild(dir: string, phase: Phase): Promise<ParseMeasurement> {
  const result = await inChild([MEASURE_FLAG, phase, dir]);
  if (!isParseMeasurement(result)) throw new Error(`import ${phase} parse: no measurement`);
  return result;
}

// The host child process: the local host, plus the few things the bench asks of its store.
type HostRequest = { kind: 'make-paid'; tuid: string } | { kind: 'account'; tuid: string } | { kind: 'peak-rss' } | { kind: 'stop' };
type AccountCounts = { contactCount: number; emailContactCount: number; mobileContactCount: number };
type HostMessage = { kind: 'ready'; url: string } | { kind: 'answer'; id: number; value?: unknown; error?: string };

async function serveHost(dataDir: string, table: StoreTable): Promise<void> {
  // The host sets the environment the product modules read, so they load after it.
  const { startLocalHost } = await import('../../infra/local/host.js');
  // Every queue polled here, the imports' included: the worker runs in this process, as under `npm start`.
  const host = await startLocalHost({ port: 0, dataDir, tableInMemory: table === 'memory', host: '127.0.0.1', seedDemo: false, log: (line) => console.error(`[import host] ${line}`) });
  const { getAccount, updateAccount } = await import('../../functions/data/accounts.js');
  const answer = async (request: HostRequest): Promise<unknown> => {
    switch (request.kind) {
      case 'make-paid':
        // What a paid plan changes for imports: no free contact limit (functions/services/imports/contact-import.ts).
        await updateAccount(request.tuid, { free: false });
        return null;
      case 'account': {
        const account = await getAccount(request.tuid);
        return { contactCount: account?.contactCount ?? 0, emailContactCount: account?.emailContactCount ?? 0, mobileContactCount: account?.mobileContactCount ?? 0 } satisfies AccountCounts;
      }
      case 'peak-rss':
        return process.resourceUsage().maxRSS * 1024;
      case 'stop':
        await host.stop();
        return null;
    }
  };
  process.on('message', (message: { id: number; request: HostRequest }) => {
    answer(message.request).then(
      (value) => process.send?.({ kind: 'answer', id: message.id, value } satisfies HostMessage),
      (error: unknown) => process.send?.({ kind: 'answer', id: message.id, error: String(error) } satisfies HostMessage),
    );
  });
  // The bench gone means nobody will stop us: stop, and the JVM with us.
  process.on('disconnect', () => void host.stop().finally(() => process.exit(0)));
  process.send?.({ kind: 'ready', url: host.url } satisfies HostMessage);
}

type HostChild = { url: string; ask<T>(request: HostRequest): Promise<T>; stop(): Promise<void> };

function waitForMessage(child: ChildProcess, matches: (message: HostMessage) => boolean, limitMs: number, what: string): Promise<HostMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error(`the import host did not ${what} within ${limitMs / 1000} s`)), limitMs);
    const onMessage = (message: HostMessage) => {
      if (matches(message)) settle(null, message);
    };
    const onExit = (code: number | null) => settle(new Error(`the import host exited (${code}) before it could ${what}`));
    function settle(error: Error | null, message?: HostMessage) {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage).on('exit', onExit);
  });
}

async function startHostChild(dataDir: string, table: StoreTable): Promise<HostChild> {
  // The host's stdout goes to our stderr: our stdout carries only figures.
  // With the V8 options `npm start` gives the host (scripts/start.mjs).
  const child = fork(fileURLToPath(import.meta.url), [HOST_FLAG, dataDir, table], { stdio: ['ignore', 2, 2, 'ipc'], execArgv: [...hostNodeOptions, ...process.execArgv] });
  const exited = once(child, 'exit');
  let nextId = 0;
  const ask = async <T>(request: HostRequest): Promise<T> => {
    const id = (nextId += 1);
    const answered = waitForMessage(child, (message) => message.kind === 'answer' && message.id === id, HOST_ANSWER_LIMIT_MS, `answer ${request.kind}`);
    child.send({ id, request });
    const message = await answered;
    if (message.kind !== 'answer' || message.error !== undefined) throw new Error(`the import host failed ${request.kind}: ${message.kind === 'answer' ? message.error : ''}`);
    return message.value as T;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await ask({ kind: 'stop' }).catch(() => undefined);
    child.disconnect();
    // SIGTERM if it lingers: the host's child guard kills the JVM on its way out.
    const timer = setTimeout(() => child.kill('SIGTERM'), HOST_ANSWER_LIMIT_MS);
    await exited;
    clearTimeout(timer);
  };
  try {
    const ready = await waitForMessage(child, (message) => message.kind === 'ready', HOST_START_LIMIT_MS, 'start');
    return { url: ready.kind === 'ready' ? ready.url : '', ask, stop };
  } catch (error) {
    child.kill('SIGTERM');
    await exited;
    throw error;
  }
}

/** One API call as the browser makes it; anything but a 2xx answer fails the bench. */
async function call<T>(url: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

type ImportMeasurement = { job: TImportJob; seconds: number; account: AccountCounts; peakRssBytes: number };

/** The N-row CSV through upload, preview, start, queue, worker and store, timed from start to finished. */
async function measureImport(dir: string, table: StoreTable): Promise<ImportMeasurement> {
  const host = await startHostChild(join(dir, `host-${table}`), table);
  try {
    // Prepare: a paid account with a field for every column, and the file uploaded and previewed.
    const credentials = { email: `import-bench-${Date.now()}@example.com`, password: 'Import-Bench-2026' };
    let { token } = await call<{ token: string }>(host.url, 'POST', '/auth/signup', { body: { fullname: 'Import Bench', ...credentials } });
    let signedInAt = performance.now();
    const tuid = String(decodeJwt(token).tuid);
    await host.ask({ kind: 'make-paid', tuid });
    for (const field of EXTRA_FIELDS) await call(host.url, 'POST', `${API}/contacts/schemas`, { token, body: field });
    const bytes = await readFile(filesIn(dir).importCsv);
    const reserved = await call<TImportUploadResponse>(host.url, 'POST', `${API}/data-import/upload`, { token, body: { fileName: 'contacts.csv', size: bytes.length } });
    const put = await fetch(reserved.uploadUrl, { method: reserved.method, headers: reserved.headers, body: new Blob([bytes]) });
    if (!put.ok) throw new Error(`the upload of ${bytes.length} bytes answered ${put.status}: ${(await put.text()).slice(0, 500)}`);
    const preview = await call<TImportPreviewResponse>(host.url, 'POST', `${API}/data-import/${reserved.id}/preview`, { token, body: {} });
    if (preview.mapping.length !== HEADER.length || preview.mapping.includes(null)) throw new Error(`not every column is mapped: ${JSON.stringify(preview.mapping)}`);

    // Act: start (the host's poller hands the queue's message to the worker), and poll until the import has finished (bounded).
    const started = performance.now();
    await call(host.url, 'POST', `${API}/data-import/${reserved.id}/start`, { token, body: { mapping: preview.mapping, existing: 'update' } });
    let job: TImportJob | undefined;
    while (performance.now() - started < IMPORT_LIMIT_MS) {
      // A session lives 15 minutes and a large import longer: sign in again as the web app would refresh.
      if (performance.now() - signedInAt > SESSION_RENEW_MS) {
        ({ token } = await call<{ token: string }>(host.url, 'POST', '/auth/login', { body: credentials }));
        signedInAt = performance.now();
      }
      job = (await call<{ import: TImportJob }>(host.url, 'GET', `${API}/data-import/${reserved.id}`, { token })).import;
      if (job.status === 'finished' || job.status === 'stopped' || job.status === 'aborted') break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const seconds = (performance.now() - started) / 1000;
    if (job?.status !== 'finished') {
      const ending = job?.status === 'stopped' || job?.status === 'aborted' ? `ended ${job.status}` : `did not finish within ${IMPORT_LIMIT_MS / 60_000} min`;
      throw new Error(`the import ${ending}: ${JSON.stringify(job)}`);
    }
    const account = await host.ask<AccountCounts>({ kind: 'account', tuid });
    return { job, seconds, account, peakRssBytes: await host.ask<number>({ kind: 'peak-rss' }) };
  } finally {
    await host.stop();
  }
}

/**
 * Store item writes of the import, from its counts. Each created contact claims one identity item
 * per email and one per mobile (the fresh account's emailContactCount + mobileContactCount), and
 * each block item of 100 contacts is written once (a new block whole, a block shared with other
 * writers slot by slot): at least ceil(created / 100) block writes (blocks cut at batch edges or
 * left partly empty by a batch's duplicate and error rows add a few more, not counted, so the
 * figure errs low). Reads, the lease, the job's checkpoints, the row report and progress notices
 * are not counted.
 */
function storeItemWrites(account: AccountCounts, created: number): number {
  return account.emailContactCount + account.mobileContactCount + Math.ceil(created / 100);
}

export const importBench: Benchmark = {
  name: 'import',
  async run(): Promise<Figure[]> {
    const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
    try {
      const parse = PARTS.includes('parse');
      await inChild([GENERATE_FLAG, dir, parse ? 'all' : 'import']);
      const mib = (bytes: number) => bytes / (1024 * 1024);
      const bench = 'import';
      const figures: Figure[] = [];
      if (parse) {
        const csv = await measureParseInChild(dir, 'csv');
        const xlsx = await measureParseInChild(dir, 'xlsx');
        if (csv.counts.rows !== CSV_PARSE_ROWS || xlsx.counts.rows !== ROWS) throw new Error('rows went missing');
        // Said at once: the end-to-end part takes minutes and may fail on its own.
        console.error(
          `import: parse csv ${(CSV_PARSE_ROWS / csv.seconds).toFixed(0)} rows/s ${JSON.stringify(csv.counts)} peak ${mib(csv.peakRssBytes).toFixed(0)} MiB; `
            + `xlsx ${(ROWS / xlsx.seconds).toFixed(0)} rows/s ${JSON.stringify(xlsx.counts)} peak ${mib(xlsx.peakRssBytes).toFixed(0)} MiB`,
        );
        figures.push(
          { bench, metric: 'parse-rows-per-s', value: CSV_PARSE_ROWS / csv.seconds, unit: 'rows/s' },
          { bench, metric: 'xlsx-parse-rows-per-s', value: ROWS / xlsx.seconds, unit: 'rows/s' },
        );
      }
      let peak = 0;
      for (const table of STORES) {
        const ceilingBefore = (await measureStoreCeiling(table)).writeItemsPerSecond;
        const imported = await measureImport(dir, table);
        const ceilingAfter = (await measureStoreCeiling(table)).writeItemsPerSecond;
        const ceiling = (ceilingBefore + ceilingAfter) / 2;
        const { counts } = imported.job;
        const handled = counts.created + counts.changed + counts.skipped + counts.duplicated + counts.errors;
        if (imported.job.position !== ROWS || handled !== ROWS || imported.account.contactCount !== counts.created) {
          throw new Error(`the import lost rows: ${JSON.stringify(imported.job)}, account ${JSON.stringify(imported.account)}`);
        }
        const writes = storeItemWrites(imported.account, counts.created);
        console.error(
          `import (table ${table}): store-ceiling ${ceilingBefore.toFixed(0)} items/s before, ${ceilingAfter.toFixed(0)} after; end to end ${imported.seconds.toFixed(1)} s ${JSON.stringify(counts)} `
            + `account ${JSON.stringify(imported.account)} → ${writes} item writes; peak RSS of the host running the worker ${mib(imported.peakRssBytes).toFixed(0)} MiB`,
        );
        figures.push(
          { bench, metric: `import-rows-per-s-${table}`, value: ROWS / imported.seconds, unit: 'rows/s' },
          { bench, metric: `store-efficiency-${table}`, value: writes / imported.seconds / ceiling, unit: `x ${table} write-items-per-s` },
        );
        peak = Math.max(peak, imported.peakRssBytes);
      }
      if (STORES.length > 0) figures.push({ bench, metric: 'peak-rss-mb', value: mib(peak), unit: 'MiB' });
      return figures;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

// The child processes: writing the files, one parse measurement (its result as the last line of
// stdout), or the local host the import runs through.
if (process.argv[2] === GENERATE_FLAG) {
  const files = filesIn(process.argv[3]);
  await writeCsv(files.importCsv, ROWS);
  if (process.argv[4] === 'all') {
    await writeCsv(files.parseCsv, CSV_PARSE_ROWS);
    await writeXlsx(files.xlsx, ROWS);
  }
  process.exit(0);
}
if (process.argv[2] === MEASURE_FLAG) {
  const phase = process.argv[3];
  if (phase !== 'csv' && phase !== 'xlsx') throw new Error(`unknown phase ${phase}`);
  console.log(JSON.stringify(await measureParse(process.argv[4], phase)));
  process.exit(0);
}
if (process.argv[2] === HOST_FLAG) await serveHost(process.argv[3], process.argv[4] === 'disk' ? 'disk' : 'memory');
