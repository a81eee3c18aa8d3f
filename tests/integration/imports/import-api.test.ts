/**
 * Imports through the whole local host: the browser's PUT to the presigned URL (through the host's
 * /_s3 pass-through to the S3 emulator), the preview with detected format and guessed mapping,
 * the start, and the queue poller running the worker to the end. Bad files are refused at
 * preview with IMPORT-UPLOAD-C-001/002 and change nothing.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import { Readable } from 'node:stream';
import type { TImportFileType, TImportJob, TImportKind, TImportPreviewResponse, TImportUploadResponse } from '../../../shared/schemas/imports.js';
import { createHash } from 'node:crypto';
import { readImportRows } from '../../../functions/lib/files/import/row-reader.js';
import { readObjectStream } from '../../../functions/lib/aws/storage.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { API, call } from '../../helpers/api.js';
import { signUp, type Session } from '../../helpers/socket-clients.js';
import { deflatedZeros, zipArchive } from '../../helpers/archives.js';
import { gzipSync } from 'node:zlib';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.stop());

/** What the browser does: reserve an import, then PUT the bytes to the URL it was given. */
async function upload(session: Session, fileName: string, bytes: Uint8Array, kind?: TImportKind): Promise<string> {
  const reserved = await call<TImportUploadResponse>(host.api, session, 'POST', '/data-import/upload', { fileName, size: bytes.length, kind });
  expect(reserved.status).toBe(201);
  expect(reserved.body.uploadUrl.startsWith(`${host.url}/_s3/`)).toBe(true);
  const put = await fetch(reserved.body.uploadUrl, { method: 'PUT', headers: reserved.body.headers, body: new Blob([Uint8Array.from(bytes)]) });
  expect(put.status).toBe(200);
  return reserved.body.id;
}

async function waitForEnd(session: Session, importId: string): Promise<TImportJob> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const job = (await call<{ import: TImportJob }>(host.api, session, 'GET', `/data-import/${importId}`)).body.import;
    if (job.status === 'finished' || job.status === 'stopped' || job.status === 'aborted') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not end');
}

/** Runs an uploaded file's import to its end: preview, start with the guessed (or given) mapping. */
async function importUploaded(session: Session, id: string, start: Record<string, unknown> = {}): Promise<TImportJob> {
  const preview = await call<TImportPreviewResponse>(host.api, session, 'POST', `/data-import/${id}/preview`, {});
  const started = await call(host.api, session, 'POST', `/data-import/${id}/start`, { mapping: preview.body.mapping, existing: 'update', ...start });
  expect(started.status).toBe(200);
  return waitForEnd(session, id);
}

/** What the browser's download does: GET get-file with the session, following the redirect to storage. */
async function getFile(session: Session, id: string, type: TImportFileType | 'other'): Promise<{ status: number; disposition: string | null; bytes: Uint8Array }> {
  const answer = await fetch(`${host.url}${API}/data-import/details/get-file/${id}?type=${type}`, { headers: { authorization: `Bearer ${session.token}` }, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) return { status: answer.status, disposition: null, bytes: new Uint8Array() };
  // The link names the download: storage answers with the name it signed (the host's /_s3 relay, as S3).
  const file = await fetch(location);
  expect(file.status).toBe(200);
  return { status: file.status, disposition: file.headers.get('content-disposition'), bytes: new Uint8Array(await file.arrayBuffer()) };
}

async function rowsOfFile(bytes: Uint8Array, format: 'csv' | 'xlsx'): Promise<string[][]> {
  const rows: string[][] = [];
  const fileFormat = format === 'csv' ? ({ format: 'csv', encoding: 'utf-8', delimiter: ',' } as const) : ({ format: 'xlsx' } as const);
  for await (const batch of readImportRows(Readable.from([bytes]), fileFormat)) rows.push(...batch);
  return rows;
}

async function contactsOf(session: Session): Promise<Array<[string | null, string | null, boolean, boolean, string | undefined]>> {
  const answer = await call<{ data: Array<{ email: string | null; mobile: string | null; emailSubscribe: boolean; smsSubscribe: boolean; fields: Record<string, string> }> }>(host.api, session, 'POST', '/contacts/search', { sort: { field: 'createTime', direction: 'asc' } });
  return answer.body.data.map((contact) => [contact.email, contact.mobile, contact.emailSubscribe, contact.smsSubscribe, contact.fields.f1]);
}

describe('import API', () => {
  it('uploads a Big5 file, previews it with a guessed mapping, and imports it in the worker', async () => {
    // Prepare
    const me = await signUp(host, 'importer-api@example.com');
    const csv = 'Email Address;手機;First Name\nwong@example.com;9123 4567;黃大文\nchan@example.com;;陳小明\n';
    const id = await upload(me, 'contacts.csv', iconv.encode(csv, 'big5'));

    // Act
    const preview = await call<TImportPreviewResponse>(host.api, me, 'POST', `/data-import/${id}/preview`, {});
    const started = await call<{ import: TImportJob }>(host.api, me, 'POST', `/data-import/${id}/start`, { mapping: preview.body.mapping, existing: 'update' });
    const ended = await waitForEnd(me, id);

    // Assess
    expect(preview.body).toEqual({
      format: { format: 'csv', encoding: 'big5', delimiter: ';' },
      headers: ['Email Address', '手機', 'First Name'],
      rows: [['wong@example.com', '9123 4567', '黃大文'], ['chan@example.com', '', '陳小明']],
      mapping: ['email', 'mobile', 'field:f1'],
      entries: [],
      sheets: [],
    });
    expect(started.body.import.status).toBe('queued');
    expect(ended).toMatchObject({ status: 'finished', position: 2, counts: { created: 2, errors: 0 } });
    const contacts = await call<{ data: Array<{ email: string; mobile: string | null; fields: Record<string, string> }> }>(host.api, me, 'POST', '/contacts/search', { sort: { field: 'email', direction: 'asc' } });
    expect(contacts.body.data.map((contact) => [contact.email, contact.mobile, contact.fields.f1])).toEqual([
      ['chan@example.com', null, '陳小明'],
      ['wong@example.com', '+85291234567', '黃大文'],
    ]);
  });

  it('refuses wrongly encoded and password-protected files at preview, writing nothing', async () => {
    // Prepare
    const me = await signUp(host, 'importer-bad@example.com');
    const garbage = await upload(me, 'garbage.csv', Uint8Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));
    const encrypted = await upload(me, 'locked.xlsx', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]));

    // Act
    const badEncoding = await call(host.api, me, 'POST', `/data-import/${garbage}/preview`, {});
    const locked = await call(host.api, me, 'POST', `/data-import/${encrypted}/preview`, {});
    const startWithoutPreview = await call(host.api, me, 'POST', `/data-import/${garbage}/start`, { mapping: ['email'], existing: 'skip' });

    // Assess
    expect(badEncoding.body.statusCode).toBe(ERROR_CODES.IMPORT_BAD_ENCODING);
    expect(locked.body.statusCode).toBe(ERROR_CODES.IMPORT_UNREADABLE);
    expect(startWithoutPreview.status).toBe(400);
    const jobs = await call<{ data: TImportJob[] }>(host.api, me, 'GET', '/data-import');
    expect(jobs.body.data.map((job) => job.status)).toEqual(['uploading', 'uploading']);
    expect((await call<{ count: number }>(host.api, me, 'POST', '/contacts/count', {})).body.count).toBe(0);
  });

  it('imports the chosen CSV of a ZIP archive and the CSV of a gzip file, and refuses a zip bomb at preview', async () => {
    // Prepare: Mailchimp's audience export (a ZIP of CSV files), a gzip CSV, and 2 GiB of zeros declared as such.
    const me = await signUp(host, 'importer-archives@example.com');
    const subscribed = 'Email Address,First Name\nsub1@example.com,Sue\nsub2@example.com,Sam\n';
    const unsubscribed = 'Email Address,First Name\nunsub@example.com,Uma\n';
    const audience = await upload(
      me,
      'audience.zip',
      zipArchive([
        { name: 'unsubscribed_members_export_1.csv', data: Buffer.from(unsubscribed) },
        { name: 'subscribed_members_export_1.csv', data: Buffer.from(subscribed) },
      ]),
    );
    const gzipped = await upload(me, 'more.csv.gz', gzipSync('Email\ngz@example.com\n'));
    const bomb = await upload(me, 'bomb.zip', zipArchive([{ name: 'bomb.csv', deflated: deflatedZeros(2048), declaredSize: 2048 * 1024 * 1024 - 1 }]));

    // Act
    const first = await call<TImportPreviewResponse>(host.api, me, 'POST', `/data-import/${audience}/preview`, {});
    const chosen = await call<TImportPreviewResponse>(host.api, me, 'POST', `/data-import/${audience}/preview`, { entry: 'subscribed_members_export_1.csv' });
    const notThere = await call(host.api, me, 'POST', `/data-import/${audience}/preview`, { entry: 'cleaned_members_export_1.csv' });
    const started = await call(host.api, me, 'POST', `/data-import/${audience}/start`, { mapping: chosen.body.mapping, existing: 'update' });
    const ended = await waitForEnd(me, audience);
    const fromGzip = await importUploaded(me, gzipped);
    const refused = await call<{ statusCode: string; message: string }>(host.api, me, 'POST', `/data-import/${bomb}/preview`, {});

    // Assess
    expect(first.body).toMatchObject({
      entries: ['unsubscribed_members_export_1.csv', 'subscribed_members_export_1.csv'],
      format: { format: 'csv', archive: 'zip', entry: 'unsubscribed_members_export_1.csv' },
      rows: [['unsub@example.com', 'Uma']],
    });
    expect(chosen.body).toMatchObject({ format: { format: 'csv', archive: 'zip', entry: 'subscribed_members_export_1.csv' }, rows: [['sub1@example.com', 'Sue'], ['sub2@example.com', 'Sam']] });
    expect(notThere.status).toBe(400);
    expect(started.status).toBe(200);
    expect(ended).toMatchObject({ status: 'finished', position: 2, counts: { created: 2, errors: 0 } });
    expect(fromGzip).toMatchObject({ status: 'finished', counts: { created: 1 } });
    expect((await contactsOf(me)).map(([email]) => email).sort()).toEqual(['gz@example.com', 'sub1@example.com', 'sub2@example.com']);
    expect(await rowsOfFile((await getFile(me, audience, 'created')).bytes, 'csv')).toEqual([['Email Address', 'First Name'], ['sub1@example.com', 'Sue'], ['sub2@example.com', 'Sam']]);
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(ERROR_CODES.IMPORT_UNREADABLE);
    expect((await call<{ import: TImportJob }>(host.api, me, 'GET', `/data-import/${bomb}`)).body.import.status).toBe('uploading');
  });

  it('imports the sheet of a workbook the user chose', async () => {
    // Prepare: the contacts are on the second of two sheets.
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Summary').addRows([['Exported 1 March'], ['2 contacts']]);
    workbook.addWorksheet('Contacts').addRows([['Email', 'Mobile'], ['s1@example.com', '9123 4567'], ['s2@example.com', '']]);
    const me = await signUp(host, 'importer-sheets@example.com');
    const id = await upload(me, 'crm.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));

    // Act
    const byDefault = await call<TImportPreviewResponse>(host.api, me, 'POST', `/data-import/${id}/preview`, {});
    const chosen = await call<TImportPreviewResponse>(host.api, me, 'POST', `/data-import/${id}/preview`, { sheet: 'Contacts' });
    await call(host.api, me, 'POST', `/data-import/${id}/start`, { mapping: chosen.body.mapping, existing: 'update' });
    const ended = await waitForEnd(me, id);

    // Assess
    expect(byDefault.body).toMatchObject({ sheets: ['Summary', 'Contacts'], headers: ['Exported 1 March'] });
    expect(chosen.body).toMatchObject({ format: { format: 'xlsx', sheet: 'Contacts' }, headers: ['Email', 'Mobile'], mapping: ['email', 'mobile'] });
    expect(ended).toMatchObject({ status: 'finished', counts: { created: 2, errors: 0 } });
    expect((await contactsOf(me)).map(([email, mobile]) => [email, mobile])).toEqual([['s1@example.com', '+85291234567'], ['s2@example.com', null]]);
  });

  it('checks the mapping and the groups before queueing', async () => {
    // Prepare
    const me = await signUp(host, 'importer-mapping@example.com');
    const other = await signUp(host, 'importer-other@example.com');
    const theirGroup = (await call<{ group: { id: string } }>(host.api, other, 'POST', '/groups', { type: 'S', name: 'Theirs' })).body.group;
    const id = await upload(me, 'contacts.csv', new TextEncoder().encode('Email,Note\na@example.com,x\n'));
    await call(host.api, me, 'POST', `/data-import/${id}/preview`, {});
    const start = (body: Record<string, unknown>) => call(host.api, me, 'POST', `/data-import/${id}/start`, { existing: 'skip', ...body });

    // Act
    const answers = [
      await start({ mapping: [null, 'field:f1'] }),
      await start({ mapping: ['email', 'email'] }),
      await start({ mapping: ['email', 'field:f99'] }),
      await start({ mapping: ['email', null], groupIds: [theirGroup.id] }),
      await call(host.api, other, 'POST', `/data-import/${id}/preview`, {}),
    ];

    // Assess
    expect(answers.map((answer) => answer.body.statusCode)).toEqual([
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.UNKNOWN_FIELD,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.RECORD_NOT_FOUND,
    ]);
    expect((await call<{ import: TImportJob }>(host.api, me, 'GET', `/data-import/${id}`)).body.import.status).toBe('uploading');
  });

  it('hands out each row list of the report and the uploaded file, named as the spec says, in the upload\'s format', async () => {
    // Prepare: one existing contact (changed), two new, one duplicated in the file, one error row.
    const me = await signUp(host, 'importer-report@example.com');
    await call(host.api, me, 'POST', '/contacts', { email: 'old@example.com' });
    const csv = 'Email,First Name\nold@example.com,舊\nnew@example.com,新\nNEW@example.com,again\nbroken,壞\n=cmd@example.com,"a, b"\n';
    const id = await upload(me, '客戶 list.csv', new TextEncoder().encode(csv));
    const beforeEnd = await getFile(me, id, 'error');

    // Act
    const ended = await importUploaded(me, id);
    const lists = Object.fromEntries(await Promise.all((['created', 'changed', 'duplicated', 'error', 'file'] as const).map(async (type) => [type, await getFile(me, id, type)] as const)));
    const badType = await getFile(me, id, 'other');
    const otherAccount = await getFile(await signUp(host, 'importer-report-other@example.com'), id, 'created');

    // Assess
    expect(ended.counts).toMatchObject({ created: 2, changed: 1, duplicated: 1, errors: 1 });
    expect(beforeEnd.status).toBe(404);
    expect(await rowsOfFile(lists.created!.bytes, 'csv')).toEqual([['Email', 'First Name'], ['new@example.com', '新'], ["'=cmd@example.com", 'a, b']]);
    expect(await rowsOfFile(lists.changed!.bytes, 'csv')).toEqual([['Email', 'First Name'], ['old@example.com', '舊']]);
    expect(await rowsOfFile(lists.duplicated!.bytes, 'csv')).toEqual([['Email', 'First Name'], ['NEW@example.com', 'again']]);
    expect(await rowsOfFile(lists.error!.bytes, 'csv')).toEqual([['Email', 'First Name', 'Reason'], ['broken', '壞', "'broken' is not a valid email."]]);
    expect(new TextDecoder().decode(lists.file!.bytes)).toBe(csv);
    expect(lists.created!.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('客戶 list-newly-created-contacts.csv')}`);
    expect(lists.error!.disposition).toContain(encodeURIComponent('客戶 list-error-contacts.csv'));
    expect(lists.file!.disposition).toContain(encodeURIComponent('客戶 list.csv'));
    expect([badType.status, otherAccount.status]).toEqual([400, 404]);
    expect(lists.created!.status).toBe(200);
  });

  it('writes the row lists of an XLSX upload as XLSX', async () => {
    // Prepare
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contacts');
    sheet.addRows([['Email', 'Mobile'], ['x1@example.com', '9123 4567'], ['x2@example.com', '12']]);
    const me = await signUp(host, 'importer-report-xlsx@example.com');
    const id = await upload(me, 'people.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));

    // Act
    await importUploaded(me, id);
    const created = await getFile(me, id, 'created');
    const errors = await getFile(me, id, 'error');

    // Assess
    expect(await rowsOfFile(created.bytes, 'xlsx')).toEqual([['Email', 'Mobile'], ['x1@example.com', '9123 4567']]);
    expect(await rowsOfFile(errors.bytes, 'xlsx')).toEqual([['Email', 'Mobile', 'Reason'], ['x2@example.com', '12', 'Invalid Phone Number.']]);
    expect(created.disposition).toContain('people-newly-created-contacts.xlsx');
  });

  it('imports unsubscribed emails and mobile numbers: known contacts unsubscribed, unknown ones kept as unsubscribed, never resubscribed by a later import', async () => {
    // Prepare
    const me = await signUp(host, 'importer-unsubscribe@example.com');
    await call(host.api, me, 'POST', '/contacts', { email: 'known@example.com', mobile: '+85291234567', fields: { f1: 'Known' } });
    const emails = await upload(me, 'unsubscribed.csv', new TextEncoder().encode('Email\nknown@example.com\nstranger@example.com\n'), 'unsubscribedEmails');
    const mobiles = await upload(me, 'stop.csv', new TextEncoder().encode('Mobile\n9123 4567\n6123 4567\n'), 'unsubscribedMobiles');
    const resubscribe = await upload(me, 'again.csv', new TextEncoder().encode('Email,Email opt-in,Name\nknown@example.com,yes,Renamed\n'));

    // Act
    const wrongMapping = await call(host.api, me, 'POST', `/data-import/${emails}/start`, { mapping: ['mobile'], existing: 'update' });
    const emailsEnded = await importUploaded(me, emails, { mapping: ['email'] });
    const mobilesEnded = await importUploaded(me, mobiles, { mapping: ['mobile'] });
    await importUploaded(me, resubscribe, { mapping: ['email', 'emailSubscribe', 'field:f1'] });

    // Assess
    expect(wrongMapping.status).toBe(400);
    expect(emailsEnded).toMatchObject({ kind: 'unsubscribedEmails', counts: { created: 1, changed: 1 } });
    expect(mobilesEnded).toMatchObject({ kind: 'unsubscribedMobiles', counts: { created: 1, changed: 1 } });
    expect(await contactsOf(me)).toEqual([
      ['known@example.com', '+85291234567', false, false, 'Renamed'],
      ['stranger@example.com', null, false, true, undefined],
      [null, '+85261234567', true, false, undefined],
    ]);
  });

  it('takes an upload far larger than the S3 emulator\'s 11 MiB request limit whole, and refuses an expired link', async () => {
    // Prepare: 16 MiB of CSV rows.
    const me = await signUp(host, 'importer-large@example.com');
    const line = 'someone.with.a.long.address@example.com,+85291234567,陳大文,a note that makes the row longer\n';
    const bytes = new TextEncoder().encode('Email,Mobile,Name,Note\n' + line.repeat(Math.ceil((16 * 1024 * 1024) / line.length)));
    const expired = await call<TImportUploadResponse>(host.api, me, 'POST', '/data-import/upload', { fileName: 'late.csv', size: 10 });
    const lateUrl = new URL(expired.body.uploadUrl);
    lateUrl.searchParams.set('X-Amz-Date', '20200101T000000Z');

    // Act
    const id = await upload(me, 'large.csv', bytes);
    const late = await fetch(lateUrl, { method: 'PUT', headers: expired.body.headers, body: 'Email\n' });
    const stored = await readObjectStream(`imports/${me.userId}/${id}/original`);
    const hash = createHash('sha256');
    for await (const chunk of stored.stream) hash.update(chunk as Buffer);

    // Assess
    expect(stored.size).toBe(bytes.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(late.status).toBe(403);
  });
});
