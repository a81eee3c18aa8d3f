/**
 * Test access to the embedded emulators. The integration project's globalSetup starts them once
 * per run and provides their env; each test file then takes its own table, queues, bucket and sink
 * with `useTestTable()`, so files never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { useSink } from './sink.js';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import {
  emulatorResources,
  queueUrlVariables,
  startEmulators as startEmulatorsOnce,
  type EmulatorEnv,
  type Emulators,
} from '../../infra/local/emulators.js';

export type { EmulatorEnv, Emulators } from '../../infra/local/emulators.js';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorEnv: EmulatorEnv;
  }
}

/** Starts DynamoDB Local and fauxqs (in memory unless `dataDir`); stop() kills the JVM. */
export function startEmulators(options: { dataDir?: string } = {}): Promise<Emulators> {
  return startEmulatorsOnce({ dataDir: options.dataDir });
}

export type TestTable = {
  tableName: string;
  bucket: string;
  queueUrls: Record<QueueName, string>;
  /** Where the mail/SMS sink of this file writes (read it with readSink). */
  sinkDir: string;
  env: EmulatorEnv;
};

/**
 * Gives the calling test file a fresh table, queues, bucket and sink on the shared emulators and
 * points process.env (and the cached config and SDK clients) at them. Await it at the top of the
 * file or in beforeAll.
 */
export async function useTestTable(): Promise<TestTable> {
  const env = inject('emulatorEnv');
  if (!env) throw new Error('No emulators: run this file in the "integration" vitest project (its globalSetup starts them).');
  // Random, lower-case, DNS-safe: valid as a table, queue and bucket name alike.
  const id = `t${randomBytes(5).toString('hex')}`;
  const tableName = `test-${id}`;
  const bucket = `test-${id}-data`;
  const contentBucket = `test-${id}-content`;
  const resources = emulatorResources(env);
  try {
    const [queueUrls] = await Promise.all([
      resources.createQueues(`test-${id}-`),
      resources.createTable(tableName),
      resources.createBucket(bucket),
      resources.createBucket(contentBucket),
    ]);
    Object.assign(process.env, env, {
      TABLE_NAME: tableName,
      DATA_BUCKET: bucket,
      CONTENT_BUCKET: contentBucket,
      CONTENT_PUBLIC_URL: 'http://127.0.0.1:3000/content',
      JWT_SECRET: randomBytes(36).toString('base64'),
      APP_URL: 'http://127.0.0.1:3000',
      STAGE: 'test',
      ...queueUrlVariables(QUEUES, queueUrls),
    });
    const sinkDir = await mkdtemp(join(tmpdir(), 'sink-'));
    await useSink(sinkDir);
    return { tableName, bucket, queueUrls, sinkDir, env };
  } finally {
    resources.destroy();
  }
}
