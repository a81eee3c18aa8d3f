/**
 * host-start: cold start of the local host (`tsx infra/local/main.ts`, as `npm start` runs it,
 * web already built) to its first answered request, with an empty data folder.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, Figure } from './figures.js';

const LIMIT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const hostStart: Benchmark = {
  name: 'host-start',
  async run(): Promise<Figure[]> {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-host-'));
    const port = await freePort();
    const started = performance.now();
    const child = spawn('npx', ['tsx', 'infra/local/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
      stdio: 'ignore',
      detached: true,
    });
    try {
      while (performance.now() - started < LIMIT_MS) {
        const answered = await fetch(`http://127.0.0.1:${port}/config`).then((r) => r.ok, () => false);
        if (answered) return [{ bench: 'host-start', metric: 'seconds', value: (performance.now() - started) / 1000, unit: 's' }];
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the host did not answer within ${LIMIT_MS / 1000} s`);
    } finally {
      // The host stops its DynamoDB Local child on SIGTERM; the group kill covers npx and tsx.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
