/**
 * A whole local host for e2e tests and benchmarks: fresh temporary DATA_DIR, free port, demo
 * account, and readers of the mail/SMS sink through the dev API (as a developer would see it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SinkMail, SinkSms } from '../../functions/channels/sink.js';
import { startLocalHost, type LocalHost, type LocalHostOptions } from '../../infra/local/host.js';
import { inject } from 'vitest';
import { apiClient, type ApiClient } from './api.js';

export type TestHost = LocalHost & {
  /** Calls to the host's routes (`call(host.api, caller, ...)`). */
  api: ApiClient;
  /** Mail the sink received for `to`, newest first. */
  readMail(to: string): Promise<SinkMail[]>;
  /** SMS the sink received for `to`, newest first. */
  readSms(to: string): Promise<SinkSms[]>;
  /** Polls until mail for `to` matching `predicate` arrives (mail goes through the queue). */
  waitForMail(to: string, predicate?: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
};

/**
 * Starts a host on a free port; `stop()` also deletes the temporary data folder it made. The web
 * app is web/dist unless TEST_WEB_DIST names another build, so two people can build and test at once.
 * The host keeps its table on the run's shared DynamoDB Local (tests/emulators-global-setup.ts),
 * unless it is given a dataDir: a test of what survives a restart needs the table on disk there.
 */
export async function startTestHost(options: Omit<LocalHostOptions, 'port'> = {}): Promise<TestHost> {
  const temporaryDir = options.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'local-host-'));
  const shared = options.dataDir ? undefined : inject('emulatorEnv');
  const sharedDynamoDb = shared && { endpoint: shared.AWS_ENDPOINT_URL_DYNAMODB, tableName: `host-${randomBytes(5).toString('hex')}` };
  // fauxqs in the test's process unless a test asks otherwise: a child per host costs seconds of start and a process hop per call.
  const host = await startLocalHost({ log: (message) => console.log(`[test-host] ${message}`), sharedDynamoDb, fauxqsInProcess: true, ...options, port: 0, dataDir: options.dataDir ?? temporaryDir, webDist: options.webDist ?? process.env.TEST_WEB_DIST });

  const readSinkApi = async <T>(kind: 'mail' | 'sms', to: string): Promise<T[]> => {
    const response = await fetch(`${host.url}/dev/api/${kind}?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`/dev/api/${kind} answered ${response.status}`);
    return (await response.json()) as T[];
  };
  const readMail = (to: string): Promise<SinkMail[]> => readSinkApi<SinkMail>('mail', to);

  return {
    ...host,
    api: apiClient(host.url),
    readMail,
    readSms: (to) => readSinkApi<SinkSms>('sms', to),
    async waitForMail(to, predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await readMail(to)).find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No matching mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await host.stop();
      if (temporaryDir) await rm(temporaryDir, { recursive: true, force: true });
    },
  };
}
