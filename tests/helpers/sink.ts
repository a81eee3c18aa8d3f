/**
 * Where a test's or benchmark's mail and SMS go: a provider stand-in (infra/local/provider-stand-in.ts)
 * that keeps them in a sink folder, in this process or a child of its own.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { resetClientsForTests } from '../../functions/lib/aws/clients.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { startProviderStandIn } from '../../infra/local/provider-stand-in.js';

/**
 * Sends this process's mail and SMS to a provider stand-in (infra/local/provider-stand-in.ts) that
 * keeps them in `sinkDir`: SINK_DIR and the SDK endpoints point there, config and clients are reset.
 * `ownProcess` runs the stand-in in a child process (benchmarks: its work is then not counted as the
 * sender's); otherwise it runs here and does not keep the process alive. `stop` ends it.
 */
export async function useSink(sinkDir: string, options: { ownProcess?: boolean; throttleFraction?: number } = {}): Promise<{ stop(): Promise<void> }> {
  process.env.SINK_DIR = sinkDir;
  process.env.SINK_THROTTLE_FRACTION = String(options.throttleFraction ?? 0);
  const providers = options.ownProcess ? await startStandInProcess() : await startProviderStandIn({ sinkDir, unref: true });
  Object.assign(process.env, providers.env);
  resetConfigForTests();
  resetClientsForTests();
  return providers;
}

const STAND_IN_PROCESS = fileURLToPath(new URL('./provider-stand-in-process.ts', import.meta.url));

async function startStandInProcess(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const child = fork(STAND_IN_PROCESS, { execArgv: ['--import', 'tsx'], env: process.env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { env: Record<string, string> }).env));
    child.once('exit', (code) => reject(new Error(`the provider stand-in process ended (${code}) before it started`)));
  });
  return {
    env,
    async stop() {
      child.disconnect();
      await exited;
    },
  };
}
