/**
 * Imports through the whole local host: the browser's PUT to the presigned URL (through the host's
 * /_s3 pass-through to the S3 emulator), the preview with detected format and guessed mapping,
 * the start, and the queue poller running the worker to the end. Bad files are refused at
 * preview with IMPORT-UPLOAD-C-001/002 and change nothing.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TImportJob, TImportPreviewResponse, TImportUploadResponse } from '../../../shared/schemas/imports.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { call, signUp, type Session } from '../../helpers/socket-clients.js';

const API = '/api/v1/pageBasedAPI';
let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.stop());

/** What the browser does: reserve an import, then PUT the bytes to the URL it was given. */
async function upload(session: Session, fileName: string, bytes: Uint8Array): Promise<string> {
  const reserved = await call<TImportUploadResponse>(host, 'POST', `${API}/data-import/upload`, { token: session.token, body: { fileName, size: bytes.length } });
  expect(reserved.status).toBe(201);
  expect(reserved.body.uploadUrl.startsWith(`${host.url}/_s3/`)).toBe(true);
  const put = await fetch(reserved.body.uploadUrl, { method: 'PUT', headers: reserved.body.headers, body: new Blob([Uint8Array.from(bytes)]) });
  expect(put.status).toBe(200);
  return reserved.body.id;
}

async function waitForEnd(session: Session, importId: string): Promise<TImportJob> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const job = (await call<{ import: TImportJob }>(host, 'GET', `${API}/data-import/${importId}`, { token: session.token })).body.import;
    if (job.status === 'finished' || job.status === 'stopped' || job.status === 'aborted') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not end');
}

describe('import API', () => {
  it('uploads a Big5 file, previews it with a guessed mapping, and imports it in the worker', async () => {
    // Prepare
    const me = await signUp(host, 'importer-api@example.com');
    const csv = 'Email Address;手機;First Name\nwong@example.com;9123 4567;黃大文\nchan@example.com;;陳小明\n';
    const id = await upload(me, 'contacts.csv', iconv.encode(csv, 'big5'));

    // Act
    const preview = await call<TImportPreviewResponse>(host, 'POST', `${API}/data-import/${id}/preview`, { token: me.token, body: {} });
    const started = await call<{ import: TImportJob }>(host, 'POST', `${API}/data-import/${id}/start`, {
      token: me.token,
      body: { mapping: preview.body.mapping, existing: 'update' },
    });
    const ended = await waitForEnd(me, id);

    // Assess
    expect(preview.body).toEqual({
      format: { format: 'csv', encoding: 'big5', delimiter: ';' },
      headers: ['Email Address', '手機', 'First Name'],
      rows: [['wong@example.com', '9123 4567', '黃大文'], ['chan@example.com', '', '陳小明']],
      mapping: ['email', 'mobile', 'field:f1'],
    });
    expect(started.body.import.status).toBe('queued');
    expect(ended).toMatchObject({ status: 'finished', position: 2, counts: { created: 2, errors: 0 } });
    const contacts = await call<{ data: Array<{ email: string; mobile: string | null; fields: Record<string, string> }> }>(host, 'POST', `${API}/contacts/search`, {
      token: me.token,
      body: { sort: { field: 'email', direction: 'asc' } },
    });
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
    const badEncoding = await call(host, 'POST', `${API}/data-import/${garbage}/preview`, { token: me.token, body: {} });
    const locked = await call(host, 'POST', `${API}/data-import/${encrypted}/preview`, { token: me.token, body: {} });
    const startWithoutPreview = await call(host, 'POST', `${API}/data-import/${garbage}/start`, { token: me.token, body: { mapping: ['email'], existing: 'skip' } });

    // Assess
    expect(badEncoding.body.statusCode).toBe(ERROR_CODES.IMPORT_BAD_ENCODING);
    expect(locked.body.statusCode).toBe(ERROR_CODES.IMPORT_UNREADABLE);
    expect(startWithoutPreview.status).toBe(400);
    const jobs = await call<{ data: TImportJob[] }>(host, 'GET', `${API}/data-import`, { token: me.token });
    expect(jobs.body.data.map((job) => job.status)).toEqual(['uploading', 'uploading']);
    expect((await call<{ count: number }>(host, 'POST', `${API}/contacts/count`, { token: me.token, body: {} })).body.count).toBe(0);
  });

  it('checks the mapping and the groups before queueing', async () => {
    // Prepare
    const me = await signUp(host, 'importer-mapping@example.com');
    const other = await signUp(host, 'importer-other@example.com');
    const theirGroup = (await call<{ group: { id: string } }>(host, 'POST', `${API}/groups`, { token: other.token, body: { type: 'S', name: 'Theirs' } })).body.group;
    const id = await upload(me, 'contacts.csv', new TextEncoder().encode('Email,Note\na@example.com,x\n'));
    await call(host, 'POST', `${API}/data-import/${id}/preview`, { token: me.token, body: {} });
    const start = (body: Record<string, unknown>) => call(host, 'POST', `${API}/data-import/${id}/start`, { token: me.token, body: { existing: 'skip', ...body } });

    // Act
    const answers = [
      await start({ mapping: [null, 'field:f1'] }),
      await start({ mapping: ['email', 'email'] }),
      await start({ mapping: ['email', 'field:f99'] }),
      await start({ mapping: ['email', null], groupIds: [theirGroup.id] }),
      await call(host, 'POST', `${API}/data-import/${id}/preview`, { token: other.token, body: {} }),
    ];

    // Assess
    expect(answers.map((answer) => answer.body.statusCode)).toEqual([
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.INVALID_INPUT,
      ERROR_CODES.UNKNOWN_FIELD,
      ERROR_CODES.RECORD_NOT_FOUND,
      ERROR_CODES.RECORD_NOT_FOUND,
    ]);
    expect((await call<{ import: TImportJob }>(host, 'GET', `${API}/data-import/${id}`, { token: me.token })).body.import.status).toBe('uploading');
  });
});
