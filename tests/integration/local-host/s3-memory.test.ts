import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, expect, inject, it, vi } from 'vitest';
import { ObjectUpload } from '../../../functions/lib/aws/storage.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { resolveFixtureModule } from './fixtures/modules.js';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(MB, 'x');

// A collection before each reading, so only memory still held counts (not chunks awaiting the collector).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// The hosts of a test keep their files in one folder of its own and their table on the run's shared DynamoDB Local.
const root = await mkdtemp(join(tmpdir(), 's3-memory-'));
const shared = inject('emulatorEnv');
const hostOptions = (folder: string) => ({
  dataDir: join(root, folder),
  sharedDynamoDb: { endpoint: shared.AWS_ENDPOINT_URL_DYNAMODB, tableName: `host-${randomBytes(5).toString('hex')}` },
  resolveModule: resolveFixtureModule,
  // As `npm start` runs it: what this file checks is that S3 is not in the host's memory.
  fauxqsInProcess: false,
  queues: [],
  schedules: [],
  seedDemo: false,
  log: () => {},
});
const clients: S3Client[] = [];
afterAll(async () => {
  for (const client of clients) client.destroy();
  await rm(root, { recursive: true, force: true });
});

function s3Of(host: TestHost): S3Client {
  const client = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, endpoint: host.env.AWS_ENDPOINT_URL_S3, forcePathStyle: true });
  clients.push(client);
  return client;
}

function* chunks(total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += CHUNK.length) yield CHUNK;
}

/** Streams `bytes` of 'x' to `key` in parts, as an import's upload and report lists are written, and waits until the host has mirrored it. */
async function storeLargeObject(host: TestHost, key: string, bytes: number): Promise<void> {
  await pipeline(Readable.from(chunks(bytes)), new ObjectUpload(key, { contentType: 'text/csv' }, host.env.DATA_BUCKET));
  const mirrored = join(host.dataDir, 's3', host.env.DATA_BUCKET, `${createHash('sha256').update(key).digest('hex')}.bin`);
  await vi.waitFor(async () => expect((await stat(mirrored)).size).toBe(bytes), { timeout: 30_000, interval: 100 });
}

function heldBufferBytes(): number {
  collectGarbage();
  return process.memoryUsage().arrayBuffers;
}

it('keeps a large S3 object out of the memory of the process that runs the API and the workers', { timeout: 60_000 }, async () => {
  // Prepare
  const objectBytes = 96 * MB;
  const host = await startTestHost(hostOptions('memory'));
  try {
    const before = heldBufferBytes();

    // Act
    await storeLargeObject(host, 'imports/large.csv', objectBytes);

    // Assess
    const head = await s3Of(host).send(new GetObjectCommand({ Bucket: host.env.DATA_BUCKET, Key: 'imports/large.csv', Range: 'bytes=0-3' }));
    expect(await head.Body?.transformToString()).toBe('xxxx');
    expect(heldBufferBytes() - before).toBeLessThan(objectBytes / 2);
  } finally {
    await host.stop();
  }
});

// Larger than one request body the emulator takes (11 MiB): it is put back in parts.
it('restores an object larger than one request from its file when the host starts again', { timeout: 120_000 }, async () => {
  // Prepare
  const objectBytes = 24 * MB;
  const first = await startTestHost(hostOptions('restart'));
  await storeLargeObject(first, 'reports/large-created.csv', objectBytes);
  await first.stop();

  // Act
  const second = await startTestHost(hostOptions('restart'));

  // Assess
  try {
    const s3 = s3Of(second);
    const head = await s3.send(new HeadObjectCommand({ Bucket: second.env.DATA_BUCKET, Key: 'reports/large-created.csv' }));
    const tail = await s3.send(new GetObjectCommand({ Bucket: second.env.DATA_BUCKET, Key: 'reports/large-created.csv', Range: `bytes=${objectBytes - 4}-` }));
    expect([head.ContentLength, head.ContentType, await tail.Body?.transformToString()]).toEqual([objectBytes, 'text/csv', 'xxxx']);
  } finally {
    await second.stop();
  }
});
