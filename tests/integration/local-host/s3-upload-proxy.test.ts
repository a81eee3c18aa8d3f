/**
 * The local host's S3 pass-through (/_s3) checks presigned links as S3 does: the product's own
 * links work; a listing, an unsigned request, an expired link and one whose path, query, date,
 * signature or signed headers were changed are refused with S3's XML error and change nothing.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClientsForTests } from '../../../functions/lib/aws/clients.js';
import { presignContentUpload } from '../../../functions/lib/aws/content-storage.js';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { presignDownload, presignUpload, readObjectText, writeObject } from '../../../functions/lib/aws/storage.js';
import { config, resetConfigForTests } from '../../../functions/lib/config.js';
import { createS3UploadProxy, S3_UPLOAD_PATH } from '../../../infra/local/s3-upload-proxy.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';

let resources: TestTable;
let server: Server;
let origin: string;

beforeAll(async () => {
  resources = await useTestTable();
  const { env } = resources;
  const proxy = createS3UploadProxy({
    s3Endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  server = createServer((request, response) => void proxy(request, response, new URL(request.url ?? '/', 'http://127.0.0.1')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.S3_PUBLIC_URL = `${origin}${S3_UPLOAD_PATH}`;
  resetConfigForTests();
  resetClientsForTests();
});
afterAll(async () => {
  delete process.env.S3_PUBLIC_URL;
  resetConfigForTests();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type S3Answer = { status: number; code: string | null; body: string; headers: Headers };

async function send(url: string, init: RequestInit = {}): Promise<S3Answer> {
  const answer = await fetch(url, init);
  const body = await answer.text();
  return { status: answer.status, code: /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? null, body, headers: answer.headers };
}

/** The same link with one query parameter set to another value (or removed with null), the rest as signed. */
function withParameter(url: string, name: string, value: string | null): string {
  const [base, query = ''] = url.split('?');
  const pairs = query.split('&').filter((pair) => !pair.startsWith(`${name}=`));
  if (value !== null) pairs.push(`${name}=${encodeURIComponent(value)}`);
  return `${base}?${pairs.join('&')}`;
}

describe('downloads', () => {
  it('serves a presigned GET with the stored type and nosniff, with or without the app’s session header', async () => {
    // Prepare
    await writeObject('exports/t1/report.csv', 'a,b\n1,2\n', 'text/csv');

    // Act: also as the app's download reaches it, a same-origin redirect from the API keeping the session's token.
    const answer = await send(await presignDownload('exports/t1/report.csv', 60));
    const redirected = await send(await presignDownload('exports/t1/report.csv', 60), { headers: { authorization: 'Bearer session-token' } });

    // Assess
    expect(answer.status).toBe(200);
    expect(redirected.status).toBe(200);
    expect(answer.body).toBe('a,b\n1,2\n');
    expect(answer.headers.get('content-type')).toBe('text/csv');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers with the headers the link signed in its response-* parameters, as S3 does', async () => {
    // Prepare: an object stored under a key without an extension, as a report's lists are.
    await writeObject('imports/t1/import1/created', 'Email\nann@example.com\n', 'text/csv');
    const named = await presignDownload('imports/t1/import1/created', 60, { fileName: '客戶 list-newly-created-contacts.csv' });
    const command = new GetObjectCommand({
      Bucket: config().DATA_BUCKET,
      Key: 'imports/t1/import1/created',
      ResponseContentType: 'text/plain; charset=utf-8',
      ResponseCacheControl: 'no-store',
      ResponseContentLanguage: 'zh-HK',
      ResponseExpires: new Date('2030-01-01T00:00:00Z'),
    });
    const overridden = await getSignedUrl(s3Client(), command, { expiresIn: 60 });

    // Act
    const download = await send(named);
    const plain = await send(`${origin}${S3_UPLOAD_PATH}${new URL(overridden).pathname}${new URL(overridden).search}`);
    const missing = await send(await presignDownload('imports/t1/import1/none', 60, { fileName: 'none.csv' }));

    // Assess
    const disposition = `attachment; filename="__ list-newly-created-contacts.csv"; filename*=UTF-8''${encodeURIComponent('客戶 list-newly-created-contacts.csv')}`;
    expect([download.status, download.headers.get('content-disposition'), download.headers.get('content-type')]).toEqual([200, disposition, 'text/csv']);
    expect(plain.body).toBe('Email\nann@example.com\n');
    expect(Object.fromEntries(['content-type', 'cache-control', 'content-language', 'expires'].map((name) => [name, plain.headers.get(name)]))).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'content-language': 'zh-HK',
      expires: 'Tue, 01 Jan 2030 00:00:00 GMT',
    });
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    // An error is S3's XML, whatever the link asked for.
    expect([missing.status, missing.code, missing.headers.get('content-disposition')]).toEqual([404, 'NoSuchKey', null]);
  });

  it('refuses listing a bucket, signed or not', async () => {
    // Prepare
    await writeObject('exports/t2/secret.csv', 'x', 'text/csv');
    const signed = new URL(await presignDownload('exports/t2/secret.csv', 60));

    // Act
    const unsigned = await send(`${origin}${S3_UPLOAD_PATH}/${config().DATA_BUCKET}?list-type=2`);
    const withSignature = await send(`${origin}${S3_UPLOAD_PATH}/${config().DATA_BUCKET}${signed.search}&list-type=2`);
    const bucketRoot = await send(`${origin}${S3_UPLOAD_PATH}/${config().DATA_BUCKET}/`);

    // Assess
    for (const answer of [unsigned, withSignature, bucketRoot]) {
      expect(answer.status).toBe(403);
      expect(answer.code).toBe('AccessDenied');
      expect(answer.body).not.toContain('secret.csv');
    }
  });

  it('refuses an object read without its signature, with another link’s signature, or changed', async () => {
    // Prepare
    await writeObject('exports/t3/mine.csv', 'mine', 'text/csv');
    await writeObject('exports/t4/theirs.csv', 'theirs', 'text/csv');
    const mine = await presignDownload('exports/t3/mine.csv', 60, { fileName: 'mine.csv' });
    const mineUrl = new URL(mine);

    // Act
    const answers = {
      unsigned: await send(`${origin}${mineUrl.pathname}`),
      signatureRemoved: await send(withParameter(mine, 'X-Amz-Signature', null)),
      otherKey: await send(mine.replace('t3/mine.csv', 't4/theirs.csv')),
      signatureSwapped: await send(withParameter(mine, 'X-Amz-Signature', new URL(await presignDownload('exports/t4/other.csv', 60)).searchParams.get('X-Amz-Signature'))),
      typeAdded: await send(`${mine}&response-content-type=text%2Fhtml`),
      dispositionChanged: await send(withParameter(mine, 'response-content-disposition', 'inline')),
      longerLife: await send(withParameter(mine, 'X-Amz-Expires', '604800')),
      otherKeyId: await send(withParameter(mine, 'X-Amz-Credential', mineUrl.searchParams.get('X-Amz-Credential')!.replace(/^[^/]+/, 'AKIDEXAMPLE'))),
    };

    // Assess
    expect(answers.unsigned).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(answers.signatureRemoved).toMatchObject({ status: 400, code: 'AuthorizationQueryParametersError' });
    for (const name of ['otherKey', 'signatureSwapped', 'typeAdded', 'dispositionChanged', 'longerLife'] as const) {
      expect(answers[name], name).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
      expect(answers[name].body).not.toMatch(/mine|theirs/);
    }
    expect(answers.otherKeyId).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
  });

  it('refuses an expired link and one dated in the future', async () => {
    // Prepare: links signed an hour ago for a minute, and a day ahead.
    await writeObject('exports/t5/old.csv', 'old', 'text/csv');
    const command = new GetObjectCommand({ Bucket: config().DATA_BUCKET, Key: 'exports/t5/old.csv' });
    const expired = await getSignedUrl(s3Client(), command, { expiresIn: 60, signingDate: new Date(Date.now() - 3_600_000) });
    const early = await getSignedUrl(s3Client(), command, { expiresIn: 60, signingDate: new Date(Date.now() + 86_400_000) });
    const publicUrl = (url: string) => `${origin}${S3_UPLOAD_PATH}${new URL(url).pathname}${new URL(url).search}`;

    // Act
    const expiredAnswer = await send(publicUrl(expired));
    const earlyAnswer = await send(publicUrl(early));

    // Assess
    expect(expiredAnswer).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(expiredAnswer.body).toContain('Request has expired');
    expect(earlyAnswer).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(earlyAnswer.body).toContain('Request is not valid yet');
  });
});

describe('uploads', () => {
  it('stores a presigned PUT with its signed type', async () => {
    // Prepare
    const url = await presignUpload('uploads/t6/contacts.csv', 'text/csv', 60);

    // Act
    const answer = await send(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'email\na@example.com\n' });

    // Assess
    expect(answer.status).toBe(200);
    expect(await readObjectText('uploads/t6/contacts.csv')).toBe('email\na@example.com\n');
  });

  it('refuses a PUT with a made-up date, another type, another size or another key, and keeps the object', async () => {
    // Prepare: an account's stored template and a link to upload someone's own file.
    await writeObject('templates/t7/1/content.html', '<p>original</p>', 'text/html');
    const mine = await presignUpload('uploads/t8/contacts.csv', 'text/csv', 60);
    const content = await presignContentUpload('pending/t8/u1', { contentType: 'image/png', size: 4, expiresInSeconds: 60 });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

    // Act
    const answers = {
      otherKey: await send(mine.replace('uploads/t8/contacts.csv', 'templates/t7/1/content.html'), { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'x' }),
      madeUpDate: await send(withParameter(mine, 'X-Amz-Date', '20990101T000000Z'), { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'x' }),
      asPage: await send(mine, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: '<script>alert(1)</script>' }),
      imageAsPage: await send(content, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: png }),
      imageTooLong: await send(content, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(5) }),
      unsigned: await send(`${origin}${S3_UPLOAD_PATH}/${config().DATA_BUCKET}/templates/t7/1/content.html`, { method: 'PUT', body: 'x' }),
    };

    // Assess
    expect(answers.unsigned).toMatchObject({ status: 403, code: 'AccessDenied' });
    for (const name of ['otherKey', 'madeUpDate', 'asPage', 'imageAsPage', 'imageTooLong'] as const) {
      expect(answers[name], name).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    }
    expect(await readObjectText('templates/t7/1/content.html')).toBe('<p>original</p>');
    expect(await readObjectText('uploads/t8/contacts.csv')).toBeNull();
    const s3 = new S3Client({ endpoint: resources.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, region: resources.env.AWS_REGION });
    await expect(s3.send(new HeadObjectCommand({ Bucket: config().CONTENT_BUCKET, Key: 'pending/t8/u1' }))).rejects.toThrow();
    s3.destroy();
  });

  it('takes a content upload of exactly the signed type and size', async () => {
    // Prepare
    const content = await presignContentUpload('pending/t9/u2', { contentType: 'image/png', size: 4, expiresInSeconds: 60 });

    // Act
    const answer = await send(content, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) });

    // Assess
    expect(answer.status).toBe(200);
    const s3 = new S3Client({ endpoint: resources.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, region: resources.env.AWS_REGION });
    const head = await s3.send(new HeadObjectCommand({ Bucket: config().CONTENT_BUCKET, Key: 'pending/t9/u2' }));
    s3.destroy();
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(4);
  });

  it('refuses a body whose signed CRC32 differs, and signs no checksum into the product’s links', async () => {
    // Prepare: a link that signs the CRC32 of an empty body, as the SDK did by default.
    const command = new PutObjectCommand({ Bucket: config().DATA_BUCKET, Key: 'uploads/t10/file.csv', ContentType: 'text/csv', ChecksumCRC32: 'AAAAAA==' });
    const signed = new URL(await getSignedUrl(s3Client(), command, { expiresIn: 60, signableHeaders: new Set(['content-type']) }));
    const productLink = new URL(await presignUpload('uploads/t10/other.csv', 'text/csv', 60));

    // Act
    const answer = await send(`${origin}${S3_UPLOAD_PATH}${signed.pathname}${signed.search}`, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'email\n' });

    // Assess
    expect(answer).toMatchObject({ status: 400, code: 'BadDigest' });
    expect(await readObjectText('uploads/t10/file.csv')).toBeNull();
    expect([...productLink.searchParams.keys()].filter((name) => name.startsWith('x-amz-checksum'))).toEqual([]);
  });
});
