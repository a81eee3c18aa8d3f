import { stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, expect, it, vi } from 'vitest';
import { ObjectUpload } from '../../../functions/lib/aws/storage.js';
import { startTestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';

const MB = 1024 * 1024;
const OBJECT_BYTES = 96 * MB;
const CHUNK = Buffer.alloc(MB, 'x');

// A collection before each reading, so only memory still held counts (not chunks awaiting the collector).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const host = await startTestHost({ resolveModule: resolveFixtureModule, queues: [], schedules: [], seedDemo: false, log: () => {} });
const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, endpoint: host.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
afterAll(async () => {
  s3.destroy();
  await host.stop();
});

function* chunks(total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += CHUNK.length) yield CHUNK;
}

function heldBufferBytes(): number {
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
}

it('keeps a large S3 object out of the memory of the process that runs the API and the workers', { timeout: 60_000 }, async () => {
  // Prepare
  const key = 'imports/large.csv';
  const mirrored = join(host.dataDir, 's3', host.env.DATA_BUCKET, `${createHash('sha256').update(key).digest('hex')}.bin`);
  const before = heldBufferBytes();

  // Act
  // Streamed in parts, as an import's upload and report lists are.
  await pipeline(Readable.from(chunks(OBJECT_BYTES)), new ObjectUpload(key, { contentType: 'text/csv' }, host.env.DATA_BUCKET));
  await vi.waitFor(async () => expect((await stat(mirrored)).size).toBe(OBJECT_BYTES), { timeout: 30_000, interval: 100 });

  // Assess
  const head = await s3.send(new GetObjectCommand({ Bucket: host.env.DATA_BUCKET, Key: key, Range: 'bytes=0-3' }));
  expect(await head.Body?.transformToString()).toBe('xxxx');
  expect(heldBufferBytes() - before).toBeLessThan(OBJECT_BYTES / 2);
});
