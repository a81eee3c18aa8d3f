/**
 * The campaign-delivery worker as a process of its own, for tests and benchmarks that kill it
 * mid-send: bundled once (as its Lambda is, so each process starts without compiling TypeScript),
 * then started on delivery messages with the caller's environment (its emulators and sink).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { SinkKind, SinkRecord } from '../../functions/channels/sink.js';
import type { TCampaignDeliveryMessage } from '../../functions/queues/campaign-delivery.js';

const ENTRY = fileURLToPath(new URL('./delivery-worker-process.ts', import.meta.url));

/** Bundles the worker process into `dir`; answers the bundle's path. */
export async function bundleDeliveryWorker(dir: string): Promise<string> {
  const outfile = join(dir, 'delivery-worker.mjs');
  await build({
    entryPoints: [ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies of the bundle expect require and __dirname.
    banner: {
      js: "import { createRequire } from 'module'; import { fileURLToPath as __toPath } from 'url'; import { dirname as __dirOf } from 'path'; const require = createRequire(import.meta.url); const __filename = __toPath(import.meta.url); const __dirname = __dirOf(__filename);",
    },
  });
  return outfile;
}

/** Starts the bundled worker on `messages` (handled as one SQS event); answers the process and its exit. */
export function startDeliveryWorker(bundle: string, messages: readonly TCampaignDeliveryMessage[]): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, DELIVERY_MESSAGES: JSON.stringify(messages), LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

/** Messages in a sink so far (its lines), without parsing them. */
export async function sinkLines(sinkDir: string, kind: SinkKind): Promise<number> {
  const file = join(sinkDir, `${kind}.jsonl`);
  if (!existsSync(file)) return 0;
  const text = await readFile(file, 'utf8');
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  return lines;
}

/** How many messages each address or number got, from a sink. */
export async function deliveriesPerRecipient(sinkDir: string, kind: SinkKind): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const file = join(sinkDir, `${kind}.jsonl`);
  if (!existsSync(file)) return counts;
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line) continue;
    const { to } = JSON.parse(line) as SinkRecord;
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** A small deterministic generator (mulberry32), so a run can be replayed by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
