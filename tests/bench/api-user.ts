/**
 * api-user: GET /api/v1/pageBasedAPI/user through the whole local host (HTTP, route table,
 * token check, DynamoDB Local) under 50 concurrent clients for 10 s on loopback. The load comes
 * from a separate autocannon process so that it does not share the host's event loop.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startLocalHost } from '../../infra/local/host.js';
import type { Benchmark, Figure } from './figures.js';

type LoadResult = { non2xx: number; errors: number; latency: { p50: number; p99: number }; requests: { average: number } };

export const apiUser: Benchmark = {
  name: 'api-user',
  async run(): Promise<Figure[]> {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
    const host = await startLocalHost({ port: 0, dataDir, host: '127.0.0.1' });
    try {
      const login = await fetch(`${host.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: host.demo.email, password: host.demo.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const load = async (seconds: number): Promise<LoadResult> => {
        const { stdout } = await promisify(execFile)('npx', [
          'autocannon', '--json', '--connections', '50', '--duration', String(seconds),
          '--headers', `authorization=Bearer ${token}`, `${host.url}/api/v1/pageBasedAPI/user`,
        ], { maxBuffer: 16 * 1024 * 1024 });
        return JSON.parse(stdout) as LoadResult;
      };
      // DynamoDB Local's JVM triples its throughput once JIT-compiled: measure the steady state.
      await load(5);
      const result = await load(10);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return [
        { bench: 'api-user', metric: 'p50-ms', value: result.latency.p50, unit: 'ms' },
        { bench: 'api-user', metric: 'p99-ms', value: result.latency.p99, unit: 'ms' },
        { bench: 'api-user', metric: 'requests-per-s', value: result.requests.average, unit: 'req/s' },
      ];
    } finally {
      await host.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
