/**
 * Contact exports through the API and the contact-export worker against the embedded DynamoDB,
 * SQS and S3: every source (all contacts, snapshot and auto-update groups, system lists, a search),
 * CSV and XLSX read back, Chinese text, the formula guard, a round trip through the real importer,
 * redelivery and a dead run's takeover (one file, one count, one notification), stop, failure,
 * the presigned download, permissions and bad input.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimExportRun, createExportJob, getExportJob, requestExportStop, type ExportJob } from '../../../functions/data/exports.js';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { writeObject } from '../../../functions/lib/aws/storage.js';
import { config } from '../../../functions/lib/config.js';
import { timeOrderedId } from '../../../functions/lib/time-ordered-id.js';
import { signToken } from '../../../functions/lib/jwt.js';
import { SNIFF_BYTES, sniffImportFile } from '../../../functions/lib/files/import/file-format.js';
import { readImportRows } from '../../../functions/lib/files/import/row-reader.js';
import { exportFileKey, runExport } from '../../../functions/services/exports/export-run.js';
import { ROLE_IDS } from '../../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../../shared/domain/permissions.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TContactSearchResponse } from '../../../shared/schemas/contact-search.js';
import type { TContact, TFieldSchema } from '../../../shared/schemas/contacts.js';
import type { TExportDownloadResponse, TExportJob } from '../../../shared/schemas/exports.js';
import type { TGroup } from '../../../shared/schemas/groups.js';
import type { TImportJob, TImportPreviewResponse, TImportUploadResponse } from '../../../shared/schemas/imports.js';
import { ZTokenClaims } from '../../../shared/schemas/session.js';
import { API, call, startApi, type ApiClient } from '../../helpers/api.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { seedContact, seedField } from '../../helpers/seed/contacts.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());
// Messages a test left in the queue (it ran the worker itself) are consumed before the next test.
afterEach(async () => {
  while ((await runQueueOnce('export')).processed > 0);
});

type Account = Actor;
const signUp = () => signUpAs(api, 'exporter tester');

async function startExport(account: Account, body: Record<string, unknown>): Promise<TExportJob> {
  const answer = await call<{ export: TExportJob }>(api, account, 'POST', '/data-export/start', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.export;
}

/** Starts an export and runs the worker over the queue, as the event source mapping would. */
async function exportNow(account: Account, body: Record<string, unknown>): Promise<TExportJob> {
  const started = await startExport(account, body);
  expect(await runQueueOnce('export')).toEqual({ processed: 1, failed: 0 });
  const job = (await call<{ export: TExportJob }>(api, account, 'GET', `/data-export/${started.id}`)).body.export;
  expect(job.status).toBe('finished');
  return job;
}

/** What the browser does: ask for a fresh link, then GET the file from storage. */
async function download(account: Account, exportId: string): Promise<{ link: TExportDownloadResponse; bytes: Buffer }> {
  const link = await call<TExportDownloadResponse>(api, account, 'GET', `/data-export/${exportId}/download`);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const file = await fetch(link.body.url);
  expect(file.status).toBe(200);
  return { link: link.body, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** The rows of an exported file through the importer's own sniffing and row reader. */
async function readRows(bytes: Buffer, fileName: string): Promise<string[][]> {
  const format = sniffImportFile(bytes.subarray(0, SNIFF_BYTES), fileName);
  const rows: string[][] = [];
  for await (const batch of readImportRows(Readable.from([bytes]), format)) rows.push(...batch);
  return rows;
}

async function exportKeys(tuid: string, exportId: string): Promise<string[]> {
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: config().DATA_BUCKET, Prefix: `exports/${tuid}/${exportId}/` }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

/** The account's export notifications about exports of these names. */
async function exportNotices(account: Account, ...names: string[]): Promise<Array<{ type: string; severity: number; message: { type: string; values: Record<string, unknown> } }>> {
  const answer = await call<{ result: Array<{ type: string; severity: number; message: { type: string; values: Record<string, unknown> } }> }>(api, account, 'GET', '/notification/pop-up', undefined);
  return answer.body.result.filter((notice) => notice.type === 'export' && names.includes(String(notice.message.values.exportName)));
}

type Seeded = { me: Account; fields: Record<string, TFieldSchema>; contacts: TContact[] };

/** An account with custom fields of every type and three contacts, one with Chinese text. */
async function seedAccount(): Promise<Seeded> {
  const me = await signUp();
  const birthday = await seedField(api, me, { name: 'Birthday', type: 'date' });
  const score = await seedField(api, me, { name: 'Score', type: 'number' });
  const tier = await seedField(api, me, { name: 'Tier', type: 'singleChoice', choices: [{ label: 'Gold' }, { label: 'Silver' }] });
  const interests = await seedField(api, me, { name: 'Interests', type: 'multipleChoice', choices: [{ label: 'Music' }, { label: '運動' }, { label: 'Travel' }] });
  const notes = await seedField(api, me, { name: 'Notes', type: 'text' });
  const choice = (field: TFieldSchema, label: string) => field.choices.find((c) => c.label === label)!.id;
  const contacts = [
    await seedContact(api, me, {
      email: 'wong@example.com',
      mobile: '9123 4567',
      mobileCountry: 'HK',
      emailSubscribe: false,
      fields: {
        f1: '大文',
        f2: '黃',
        [birthday.id]: '1990-02-03',
        [score.id]: 12.5,
        [tier.id]: choice(tier, 'Gold'),
        [interests.id]: [choice(interests, 'Music'), choice(interests, '運動')],
        [notes.id]: 'Says "hi", often\nand twice',
      },
    }),
    await seedContact(api, me, { mobile: '+86 138 0013 8000', smsSubscribe: false, fields: { f1: '小明', [score.id]: -3 } }),
    await seedContact(api, me, { email: 'chan@example.com', fields: { f1: 'Chan', [tier.id]: choice(tier, 'Silver') } }),
  ];
  return { me, fields: { birthday, score, tier, interests, notes }, contacts };
}

/**
 * The seeded account most tests export from (sign-ups are rate-limited per address, spec'd at 20 an
 * hour): tests never add contacts to it, and each names its exports uniquely.
 */
let seeded: Seeded;
beforeAll(async () => {
  seeded = await seedAccount();
});

const HEADER = ['Email', 'Mobile', 'First Name', 'Last Name', 'Birthday', 'Score', 'Tier', 'Interests', 'Notes', 'Email Subscribe', 'SMS Subscribe', 'Email Bounce', 'SMS Bounce', 'Created Time', 'Updated Time'];

describe('contact export', () => {
  it('exports all contacts as UTF-8 CSV with a BOM, every field, Chinese text and RFC 4180 quoting', async () => {
    // Prepare
    const { me } = seeded;

    // Act
    const job = await exportNow(me, { name: '全部聯絡人', format: 'csv', source: { kind: 'all' } });
    const { link, bytes } = await download(me, job.id);

    // Assess
    expect(job).toMatchObject({ status: 'finished', records: 3, progress: 100, format: 'csv', source: { kind: 'all' }, fileSize: bytes.length });
    expect(new Date(job.expiresAt!).getTime() - new Date(job.finishTime!).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(link.fileName).toBe('全部聯絡人.csv');
    // The link names the file too, as the import report's links do (S3 and the host's relay answer with it).
    expect(new URL(link.url).searchParams.get('response-content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('全部聯絡人.csv')}`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(HEADER.join(','));
    expect(lines[1]).toMatch(/^wong@example\.com,\+85291234567,大文,黃,1990-02-03,12\.5,Gold,"Music; 運動","Says ""hi"", often\nand twice",no,yes,none,none,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(lines[2]).toMatch(/^,\+8613800138000,小明,,,-3,,,,,no,,none,/);
    expect(lines[3]).toMatch(/^chan@example\.com,,Chan,,,,Silver,,,yes,,none,,/);
    expect(lines[4]).toBe('');
    expect(await readRows(bytes, link.fileName)).toHaveLength(4);
    expect((await exportNotices(me, '全部聯絡人'))[0]).toMatchObject({ severity: 0, message: { type: 'finished', values: { exportName: '全部聯絡人', numberOfRecords: 3, numberOfErrors: 0 } } });
  });

  it('exports a snapshot group as XLSX with typed cells, a bold frozen header and the group named in the list', async () => {
    // Prepare
    const { me, contacts } = seeded;
    const group = (await call<{ group: TGroup }>(api, me, 'POST', '/groups', { type: 'S', name: 'VIP 客戶', contactIds: [contacts[0]!.id, contacts[2]!.id] })).body.group;

    // Act
    const job = await exportNow(me, { name: 'VIP', format: 'xlsx', source: { kind: 'group', groupId: group.id } });
    const { bytes } = await download(me, job.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;

    // Assess
    expect(job).toMatchObject({ status: 'finished', records: 2, source: { kind: 'group', groupId: group.id, groupName: 'VIP 客戶' } });
    expect(sheet.name).toBe('Contacts');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('wong@example.com');
    expect(sheet.getRow(2).getCell(3).value).toBe('大文');
    expect(sheet.getRow(2).getCell(6).value).toBe(12.5);
    expect(sheet.getRow(2).getCell(8).value).toBe('Music; 運動');
    expect(sheet.getRow(3).getCell(1).value).toBe('chan@example.com');
  });

  it('exports auto-update groups, the system lists and a search by what they select now', async () => {
    // Prepare
    const { me, fields } = seeded;
    const auto = (await call<{ group: TGroup }>(api, me, 'POST', '/groups', { type: 'D', name: 'High scores', conditions: { match: 'all', rules: [{ field: `field:${fields.score!.id}`, operator: 'greaterThan', value: 0 }] } })).body.group;

    // Act
    const autoJob = await exportNow(me, { name: 'auto', format: 'csv', source: { kind: 'group', groupId: auto.id } });
    const mobileJob = await exportNow(me, { name: 'mobiles', format: 'csv', source: { kind: 'group', groupId: 'system-mobile' } });
    const searchJob = await exportNow(me, {
      name: 'search',
      format: 'xlsx',
      source: { kind: 'search', filter: { conditions: { match: 'any', rules: [{ field: 'email', operator: 'contains', value: 'chan' }, { field: 'mobile', operator: 'isNotEmpty' }] } } },
    });
    const quickJob = await exportNow(me, { name: 'quick', format: 'csv', source: { kind: 'search', filter: { quickSearch: '小明' } } });
    const emailsOf = async (job: TExportJob) => (await readRows((await download(me, job.id)).bytes, `x.${job.format}`)).slice(1).map((row) => row[0] || row[1]);

    // Assess
    expect(await emailsOf(autoJob)).toEqual(['wong@example.com']);
    expect(mobileJob.source).toEqual({ kind: 'group', groupId: 'system-mobile', groupName: 'All Contacts with Mobile' });
    expect(await emailsOf(mobileJob)).toEqual(['wong@example.com', '+8613800138000']);
    expect(await emailsOf(searchJob)).toEqual(['wong@example.com', '+8613800138000', 'chan@example.com']);
    expect(await emailsOf(quickJob)).toEqual(['+8613800138000']);
  });

  it('guards CSV cells a spreadsheet would run as formulas, and keeps them as plain text in XLSX', async () => {
    // Prepare
    const me = await signUp();
    const payloads = ['=HYPERLINK("http://evil.example","x")', '+SUM(1,2)', '-2+3', '@cmd', '=1+1', 'x ＝1+1', '＠cmd'];
    for (const [n, payload] of payloads.entries()) await seedContact(api, me, { email: `f${n}@example.com`, fields: { f1: payload, f2: String(-n - 1) } });

    // Act
    const csvJob = await exportNow(me, { name: 'formulas', format: 'csv', source: { kind: 'all' } });
    const xlsxJob = await exportNow(me, { name: 'formulas', format: 'xlsx', source: { kind: 'all' } });
    const csvRows = await readRows((await download(me, csvJob.id)).bytes, 'formulas.csv');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(me, xlsxJob.id)).bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;

    // Assess
    expect(csvRows.slice(1).map((row) => row.slice(2, 4))).toEqual([
      [`'=HYPERLINK("http://evil.example","x")`, '-1'],
      ["'+SUM(1,2)", '-2'],
      ["'-2+3", '-3'],
      ["'@cmd", '-4'],
      ["'=1+1", '-5'],
      ['x ＝1+1', '-6'],
      ["'＠cmd", '-7'],
    ]);
    expect(payloads.map((_, n) => sheet.getRow(n + 2).getCell(3).value)).toEqual(payloads);
    expect(payloads.map((_, n) => sheet.getRow(n + 2).getCell(3).type)).toEqual(payloads.map(() => ExcelJS.ValueType.String));
  });

  it('re-imports cleanly: the importer guesses every column and recreates the same contacts, from CSV and from XLSX', async () => {
    // Prepare: an exporting account, and for each format an account with the same fields to import into.
    const { me } = seeded;
    const exported = (await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', { sort: { field: 'createTime', direction: 'asc' } })).body.data;
    const meFields = (await call<{ schemas: TFieldSchema[] }>(api, me, 'GET', '/contacts/schemas')).body.schemas;
    /** A contact as a person reads it: choices by label, fields by name, no ids or times. */
    const readable = (contact: TContact, fields: TFieldSchema[]) => ({
      email: contact.email,
      mobile: contact.mobile,
      emailSubscribe: contact.emailSubscribe,
      smsSubscribe: contact.smsSubscribe,
      fields: Object.fromEntries(
        fields.flatMap((field) => {
          const value = contact.fields[field.id];
          if (value === undefined) return [];
          const label = (id: string) => field.choices.find((c) => c.id === id)?.label ?? id;
          return [[field.name, Array.isArray(value) ? value.map(label) : typeof value === 'string' && field.choices.length > 0 ? label(value) : value]];
        }),
      ),
    });

    for (const format of ['csv', 'xlsx'] as const) {
      const target = await signUp();
      for (const field of meFields.filter((f) => !['f1', 'f2'].includes(f.id))) {
        await seedField(api, target, { name: field.name, type: field.type, choices: field.choices.map((c) => ({ label: c.label })) });
      }
      const job = await exportNow(me, { name: `round trip ${format}`, format, source: { kind: 'all' } });
      const { link, bytes } = await download(me, job.id);

      // Act: the import's own upload, preview (format sniffing, guessed mapping) and worker.
      const reserved = await call<TImportUploadResponse>(api, target, 'POST', '/data-import/upload', { fileName: link.fileName, size: bytes.length });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
      await fetch(reserved.body.uploadUrl, { method: 'PUT', headers: reserved.body.headers, body: new Blob([Uint8Array.from(bytes)]) });
      const preview = await call<TImportPreviewResponse>(api, target, 'POST', `/data-import/${reserved.body.id}/preview`, {});
      await call(api, target, 'POST', `/data-import/${reserved.body.id}/start`, { mapping: preview.body.mapping, existing: 'update' });
      await runQueueOnce('contact-import');
      const imported = (await call<{ import: TImportJob }>(api, target, 'GET', `/data-import/${reserved.body.id}`)).body.import;
      const targetFields = (await call<{ schemas: TFieldSchema[] }>(api, target, 'GET', '/contacts/schemas')).body.schemas;
      const recreated = (await call<TContactSearchResponse>(api, target, 'POST', '/contacts/search', { sort: { field: 'createTime', direction: 'asc' } })).body.data;

      // Assess
      expect(preview.body.headers, format).toEqual(HEADER);
      const byName = new Map(targetFields.map((field) => [field.name, `field:${field.id}`]));
      expect(preview.body.mapping, format).toEqual([
        'email',
        'mobile',
        ...HEADER.slice(2, 9).map((name) => byName.get(name)),
        'emailSubscribe',
        'smsSubscribe',
        null,
        null,
        null,
        null,
      ]);
      expect(imported, format).toMatchObject({ status: 'finished', counts: { created: 3, errors: 0, duplicated: 0 } });
      expect(recreated.map((contact) => readable(contact, targetFields)), format).toEqual(exported.map((contact) => readable(contact, meFields)));
    }
  });

  it('does nothing on a redelivered message: one file, one count, one notification', async () => {
    // Prepare
    const { me } = seeded;
    const job = await startExport(me, { name: 'twice', format: 'csv', source: { kind: 'all' } });
    await sqsClient().send(new SendMessageCommand({ QueueUrl: process.env.QUEUE_URL_EXPORT!, MessageBody: JSON.stringify({ tuid: me.tuid, exportId: job.id }) }));

    // Act
    await runQueueOnce('export');
    const first = (await getExportJob(me.tuid, job.id))!;
    await runQueueOnce('export');

    // Assess
    expect(await getExportJob(me.tuid, job.id)).toEqual(first);
    expect(first).toMatchObject({ status: 'finished', records: 3 });
    expect(await exportKeys(me.tuid, job.id)).toEqual([first.fileKey]);
    expect(await exportNotices(me, 'twice')).toHaveLength(1);
  });

  it('takes over from a run that died, removing the file the dead run left, and from a crashed run', async () => {
    // Prepare: a run claimed the job, completed its file and died before finishing the job.
    const { me } = seeded;
    const job = await startExport(me, { name: 'dead run', format: 'csv', source: { kind: 'all' } });
    const stored = (await getExportJob(me.tuid, job.id))!;
    await claimExportRun(me.tuid, job.id, 'dead-run', new Date().toISOString());
    await writeObject(exportFileKey({ job: stored, runId: 'dead-run' }), 'partial', 'text/csv');
    let reads = 0;
    const crashingClock = () => {
      reads += 1;
      if (reads === 4) throw new Error('crash');
      return new Date();
    };

    // Act: a delivery that crashes halfway, then one that completes.
    await expect(runExport({ tuid: me.tuid, exportId: job.id, now: crashingClock })).rejects.toThrow('crash');
    const afterCrash = (await getExportJob(me.tuid, job.id))!;
    const result = await runExport({ tuid: me.tuid, exportId: job.id });

    // Assess
    expect(afterCrash.status).toBe('exporting');
    expect(result).toBe('finished');
    const done = (await getExportJob(me.tuid, job.id))!;
    expect(done).toMatchObject({ status: 'finished', records: 3 });
    expect(await exportKeys(me.tuid, job.id)).toEqual([done.fileKey]);
    expect(await exportNotices(me, 'dead run')).toHaveLength(1);
  });

  it('keeps one file when two runs of the same export overlap: the later claim wins, the other removes its file', async () => {
    // Prepare
    const { me } = seeded;
    const job = await startExport(me, { name: 'overlap', format: 'xlsx', source: { kind: 'all' } });

    // Act
    const results = await Promise.all([runExport({ tuid: me.tuid, exportId: job.id }), runExport({ tuid: me.tuid, exportId: job.id })]);

    // Assess
    expect(results.sort()).toEqual(['finished', 'superseded']);
    const done = (await getExportJob(me.tuid, job.id))!;
    expect(await exportKeys(me.tuid, job.id)).toEqual([done.fileKey]);
    expect(done.records).toBe(3);
    expect(await exportNotices(me, 'overlap')).toHaveLength(1);
  });

  it('stops a queued export at once and a running one at its next checkpoint, leaving no file', async () => {
    // Prepare
    const { me } = seeded;
    const queued = await startExport(me, { name: 'queued', format: 'csv', source: { kind: 'all' } });
    const running = await startExport(me, { name: 'running', format: 'csv', source: { kind: 'all' } });
    await claimExportRun(me.tuid, running.id, 'busy-run', new Date().toISOString());

    // Act
    const stoppedQueued = await call<{ export: TExportJob }>(api, me, 'POST', `/data-export/${queued.id}/stop`);
    const stoppedRunning = await call<{ export: TExportJob }>(api, me, 'POST', `/data-export/${running.id}/stop`);
    await runQueueOnce('export');
    await runQueueOnce('export');
    const list = (await call<{ data: TExportJob[] }>(api, me, 'GET', '/data-export')).body.data.filter((item) => [queued.id, running.id].includes(item.id));

    // Assess
    expect(stoppedQueued.body.export).toMatchObject({ status: 'stopped', reason: 'stoppedByUser' });
    expect(stoppedRunning.body.export.status).toBe('exporting');
    expect(list.map((item) => [item.name, item.status])).toEqual([
      ['running', 'stopped'],
      ['queued', 'stopped'],
    ]);
    expect([...(await exportKeys(me.tuid, queued.id)), ...(await exportKeys(me.tuid, running.id))]).toEqual([]);
    expect((await call(api, me, 'GET', `/data-export/${queued.id}/download`)).body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
  });

  it('stops mid-run when asked: the run sees the request at its checkpoint and removes its partial file', async () => {
    // Prepare: the user's stop arrives while the run opens its source.
    const { me } = seeded;
    const job = await startExport(me, { name: 'mid-run', format: 'xlsx', source: { kind: 'all' } });
    let reads = 0;
    let stopAsked: Promise<unknown> = Promise.resolve();
    const clock = () => {
      reads += 1;
      // The second reading is the run's start, right after its claim; the first checkpoint is several reads later.
      if (reads === 2) stopAsked = requestExportStop(me.tuid, job.id, new Date().toISOString());
      return new Date();
    };

    // Act
    const result = await runExport({ tuid: me.tuid, exportId: job.id, now: clock, checkpointMs: 0 });
    await stopAsked;

    // Assess
    expect(result).toBe('stopped');
    expect(await getExportJob(me.tuid, job.id)).toMatchObject({ status: 'stopped', reason: 'stoppedByUser', fileKey: null });
    expect(await exportKeys(me.tuid, job.id)).toEqual([]);
    expect(await exportNotices(me, 'mid-run')).toEqual([]);
  });

  it('fails an export whose group was deleted before it ran, and tells the user it could not start', async () => {
    // Prepare
    const { me, contacts } = seeded;
    const group = (await call<{ group: TGroup }>(api, me, 'POST', '/groups', { type: 'S', name: 'Short-lived', contactIds: [contacts[0]!.id] })).body.group;
    const auto = (await call<{ group: TGroup }>(api, me, 'POST', '/groups', { type: 'D', name: 'Short-lived auto', conditions: { match: 'all', rules: [{ field: 'email', operator: 'isNotEmpty' }] } })).body.group;
    const jobs = [
      await startExport(me, { name: 'gone', format: 'csv', source: { kind: 'group', groupId: group.id } }),
      await startExport(me, { name: 'gone auto', format: 'xlsx', source: { kind: 'group', groupId: auto.id } }),
    ];
    await call(api, me, 'DELETE', `/groups/${group.id}`);
    await call(api, me, 'DELETE', `/groups/${auto.id}`);

    // Act
    await runQueueOnce('export');
    await runQueueOnce('export');

    // Assess
    for (const job of jobs) {
      expect((await call<{ export: TExportJob }>(api, me, 'GET', `/data-export/${job.id}`)).body.export).toMatchObject({ status: 'failed', reason: 'groupDeleted' });
      expect(await exportKeys(me.tuid, job.id)).toEqual([]);
    }
    const notices = await exportNotices(me, 'gone', 'gone auto');
    expect(notices.map((notice) => [notice.severity, notice.message.type, notice.message.values.exportName]).sort()).toEqual([
      [3, 'failed', 'gone'],
      [3, 'failed', 'gone auto'],
    ]);
  });

  it('hands out a fresh link per download, shows an expired export and refuses its file', async () => {
    // Prepare
    const { me } = seeded;
    const job = await exportNow(me, { name: 'links', format: 'csv', source: { kind: 'all' } });
    const past = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    const stale: ExportJob = {
      ...(await getExportJob(me.tuid, job.id))!,
      id: timeOrderedId(new Date(past)),
      name: 'old',
      finishTime: past,
      fileExpiresAt: new Date(Date.now() - 3600 * 1000).toISOString(),
    };
    await createExportJob(stale);

    // Act
    const first = await download(me, job.id);
    const second = await download(me, job.id);
    const expired = await call(api, me, 'GET', `/data-export/${stale.id}/download`);
    const shown = (await call<{ export: TExportJob }>(api, me, 'GET', `/data-export/${stale.id}`)).body.export;

    // Assess
    expect(first.bytes.equals(second.bytes)).toBe(true);
    expect(new Date(first.link.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(new URL(first.link.url).pathname).toMatch(/\/links\.csv$/);
    expect([expired.status, expired.body.statusCode]).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(shown).toMatchObject({ status: 'expired', expiresAt: stale.fileExpiresAt });
  });
});

describe('export access and input', () => {
  it('needs the contact section’s execute (export) flag to start, see, stop or download a contact export', async () => {
    // Prepare: an owner with one export; an Analyst (reads campaign reports, so has an exports page, but may not export contacts),
    // a user with contact view and edit but not export (no exports page at all), and a Data Manager.
    const { me: owner } = seeded;
    const job = await exportNow(owner, { name: 'owned', format: 'csv', source: { kind: 'all' } });
    const connect = async (permissions: (typeof ROLE_PERMISSIONS)['analyst'], role: keyof typeof ROLE_IDS): Promise<Account> => {
      const member = await signUp();
      const claims = ZTokenClaims.parse({ ...decodeJwt(member.token), tuid: owner.tuid, connectionRole: ROLE_IDS[role], permissions });
      return { token: await signToken(claims), tuid: owner.tuid, loginTuid: member.loginTuid };
    };
    const analyst = await connect(ROLE_PERMISSIONS.analyst, 'analyst');
    const editor = await connect({ ...ROLE_PERMISSIONS.dataUser, contact: { read: true, write: true, delete: true, execute: false } }, 'dataUser');
    const dataManager = await connect(ROLE_PERMISSIONS.dataUser, 'dataUser');
    const everyRoute = (account: Account) =>
      Promise.all([
        call(api, account, 'GET', '/data-export'),
        call(api, account, 'POST', '/data-export/start', { name: 'x', format: 'csv', source: { kind: 'all' } }),
        call(api, account, 'GET', `/data-export/${job.id}`),
        call(api, account, 'POST', `/data-export/${job.id}/stop`),
        call(api, account, 'GET', `/data-export/${job.id}/download`),
      ]);

    // Act
    const forAnalyst = await everyRoute(analyst);
    const refused = await everyRoute(editor);
    const allowed = await everyRoute(dataManager);

    // Assess: the Analyst's list leaves the contact export out, and the export itself answers as missing.
    expect(forAnalyst.map((answer) => [answer.status, answer.body.statusCode])).toEqual([
      [200, undefined],
      [403, ERROR_CODES.NO_PERMISSION],
      [404, ERROR_CODES.RECORD_NOT_FOUND],
      [404, ERROR_CODES.RECORD_NOT_FOUND],
      [404, ERROR_CODES.RECORD_NOT_FOUND],
    ]);
    expect(forAnalyst[0]!.body.data).toEqual([]);
    expect(refused.map((answer) => [answer.status, answer.body.statusCode])).toEqual(Array.from({ length: 5 }, () => [403, ERROR_CODES.NO_PERMISSION]));
    expect(allowed.map((answer) => answer.status)).toEqual([200, 201, 200, 200, 200]);
    await runQueueOnce('export');
  });

  it('refuses bad input with the spec’s error shape and writes nothing', async () => {
    // Prepare
    const me = await signUp();
    const other = await signUp();
    const theirs = await exportNow(other, { name: 'theirs', format: 'csv', source: { kind: 'all' } });
    const theirGroup = (await call<{ group: TGroup }>(api, other, 'POST', '/groups', { type: 'S', name: 'Theirs' })).body.group;
    const bodies: unknown[] = [
      undefined,
      { format: 'csv', source: { kind: 'all' } },
      { name: '   ', format: 'csv', source: { kind: 'all' } },
      { name: 'x'.repeat(101), format: 'csv', source: { kind: 'all' } },
      { name: 'x', format: 'pdf', source: { kind: 'all' } },
      { name: 'x', format: 'csv', source: { kind: 'everyone' } },
      { name: 'x', format: 'csv', source: { kind: 'search', filter: {} } },
      { name: 'x', format: 'csv', source: { kind: 'all' }, extra: true },
      { name: 'x', format: 'csv', source: { kind: 'group', groupId: theirGroup.id } },
      { name: 'x', format: 'csv', source: { kind: 'search', filter: { conditions: { match: 'all', rules: [{ field: 'field:nope', operator: 'contains', value: 'a' }] } } } },
      { name: 'x', format: 'csv', source: { kind: 'search', filter: { conditions: { match: 'all', rules: [{ field: 'email', operator: 'greaterThan', value: 3 }] } } } },
    ];

    // Act
    const answers = [];
    for (const body of bodies) answers.push(await call(api, me, 'POST', '/data-export/start', body));
    const notJson = await api.request('POST', `${API}/data-export/start`, { token: me.token, rawBody: '{name:', headers: { 'content-type': 'application/json' } });
    const foreign = await Promise.all([
      call(api, me, 'GET', `/data-export/${theirs.id}`),
      call(api, me, 'GET', `/data-export/${theirs.id}/download`),
      call(api, me, 'POST', `/data-export/${theirs.id}/stop`),
    ]);

    // Assess
    expect(answers.map((answer) => answer.body.statusCode)).toEqual([
      ...Array.from({ length: 8 }, () => ERROR_CODES.INVALID_INPUT),
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.UNKNOWN_FIELD,
      ERROR_CODES.INVALID_CONDITION,
    ]);
    for (const answer of [...answers, notJson, ...foreign]) {
      expect(Object.keys(answer.body).sort()).toEqual(['message', 'statusCode']);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(notJson.body.statusCode).toBe(ERROR_CODES.MALFORMED_REQUEST);
    expect(foreign.map((answer) => [answer.status, answer.body.statusCode])).toEqual(Array.from({ length: 3 }, () => [404, ERROR_CODES.RECORD_NOT_FOUND]));
    expect((await call<{ data: TExportJob[] }>(api, me, 'GET', '/data-export')).body.data).toEqual([]);
    expect(await runQueueOnce('export')).toEqual({ processed: 0, failed: 0 });
  });

  it('lets at most 3 exports of an account run at once, not counting abandoned ones', async () => {
    // Prepare: two exports whose worker died on its last delivery (silent for 30 minutes, or never
    // claimed in 2 hours), then three live ones.
    const me = await signUp();
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();
    const abandoned = (name: string, status: 'queued' | 'exporting', at: string): ExportJob => ({
      id: timeOrderedId(new Date(at)),
      tuid: me.tuid,
      loginTuid: me.tuid,
      name,
      format: 'csv',
      source: { kind: 'all' },
      status,
      stopRequested: false,
      runId: status === 'exporting' ? 'dead-run' : null,
      records: 0,
      progress: 0,
      fileKey: null,
      fileName: null,
      fileSize: null,
      reason: null,
      createTime: at,
      updateTime: at,
      finishTime: null,
      fileExpiresAt: null,
    });
    await createExportJob(abandoned('silent', 'exporting', ago(30)));
    await createExportJob(abandoned('unclaimed', 'queued', ago(120)));
    for (let n = 0; n < 3; n += 1) await startExport(me, { name: `e${n}`, format: 'csv', source: { kind: 'all' } });

    // Act
    const fourth = await call(api, me, 'POST', '/data-export/start', { name: 'e3', format: 'csv', source: { kind: 'all' } });
    for (let n = 0; n < 3; n += 1) await runQueueOnce('export');
    const afterwards = await call(api, me, 'POST', '/data-export/start', { name: 'e4', format: 'csv', source: { kind: 'all' } });
    await runQueueOnce('export');
    const list = (await call<{ data: TExportJob[] }>(api, me, 'GET', '/data-export')).body.data;

    // Assess
    expect([fourth.status, fourth.body.statusCode]).toEqual([409, ERROR_CODES.LIMIT_REACHED]);
    expect(afterwards.status).toBe(201);
    expect(list.filter((job) => ['silent', 'unclaimed'].includes(job.name)).map((job) => [job.name, job.status, job.reason])).toEqual([
      ['silent', 'failed', 'error'],
      ['unclaimed', 'failed', 'error'],
    ]);
  });
});
