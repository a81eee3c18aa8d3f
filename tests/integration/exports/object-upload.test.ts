/**
 * The streamed upload that export files are written through, against the embedded S3: a small
 * object is one PUT, a large one a multipart upload whose parts arrive whole and in order, and an
 * aborted upload leaves nothing behind.
 */
import { createHash } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../functions/lib/config.js';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { attachmentDisposition, ObjectUpload, presignDownload, readObjectStream } from '../../../functions/lib/aws/storage.js';
import { useTestTable } from '../../helpers/emulators.js';

beforeAll(async () => {
  await useTestTable();
});

/** Writes `total` bytes of a repeating pattern in 1 MiB writes, honouring back-pressure. */
async function writePattern(upload: ObjectUpload, total: number): Promise<string> {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < total; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
    for (let i = 0; i < piece.length; i += 1) piece[i] = (written + i) % 251;
    hash.update(piece);
    if (!upload.write(Buffer.from(piece))) await new Promise((resolve) => upload.once('drain', resolve));
  }
  return hash.digest('hex');
}

async function finished(upload: ObjectUpload): Promise<void> {
  upload.end();
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', resolve);
    upload.once('error', reject);
  });
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: config().DATA_BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('streamed object upload', () => {
  it('stores a 20 MiB stream as a multipart upload, byte for byte', async () => {
    // Prepare
    const upload = new ObjectUpload('exports/upload-test/big.csv', { contentType: 'text/csv; charset=utf-8', contentDisposition: attachmentDisposition('聯絡人 2026.csv') });

    // Act
    const sent = await writePattern(upload, 20 * 1024 * 1024 + 123);
    await finished(upload);
    const { stream, size } = await readObjectStream('exports/upload-test/big.csv');
    const hash = createHash('sha256');
    for await (const piece of stream) hash.update(piece as Buffer);
    const download = await fetch(await presignDownload('exports/upload-test/big.csv', 60));

    // Assess
    expect(upload.size).toBe(20 * 1024 * 1024 + 123);
    expect(size).toBe(upload.size);
    expect(hash.digest('hex')).toBe(sent);
    expect(Number(download.headers.get('content-length'))).toBe(upload.size);
    await download.body?.cancel();
  });

  it('stores a small stream with one PUT', async () => {
    // Prepare
    const upload = new ObjectUpload('exports/upload-test/small.csv', { contentType: 'text/csv; charset=utf-8' });

    // Act
    upload.write('a,b\r\n');
    await finished(upload);

    // Assess
    const { stream } = await readObjectStream('exports/upload-test/small.csv');
    let text = '';
    for await (const piece of stream) text += String(piece);
    expect(text).toBe('a,b\r\n');
  });

  it('leaves nothing behind when aborted halfway, or after it completed', async () => {
    // Prepare
    const halfway = new ObjectUpload('exports/upload-test/aborted/half.csv', { contentType: 'text/csv' });
    const complete = new ObjectUpload('exports/upload-test/aborted/whole.csv', { contentType: 'text/csv' });
    await writePattern(halfway, 9 * 1024 * 1024);
    await writePattern(complete, 1024);
    await finished(complete);

    // Act
    await halfway.abort();
    await complete.abort();

    // Assess
    expect(await keysUnder('exports/upload-test/aborted/')).toEqual([]);
  });
});
