/**
 * realtime-fanout: 1,000 WebSocket clients on loopback (900 users with one tab each and one user
 * with 100 tabs) connected to a whole local host; socket events go out through the product's
 * `publish()` and `broadcast()`, and the time from the call to each client's receipt is measured.
 * The clients run in a child process, so they do not share the host's event loop; both sides
 * stamp times with `performance.timeOrigin + performance.now()`. One event in 100 goes to the
 * user with 100 tabs, so about half of all messages are that fan-out.
 *
 * Figures: `p50-ms`/`p99-ms` of publish() to receipt at a steady 100 events/s (also split into
 * one-tab and many-tabs messages), `events-per-s` (messages received per second with 20 publishes
 * always in flight, the machine's ceiling) and the latency at that ceiling, then the same for
 * broadcast() to all 1,000 sockets.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { percentile, type Benchmark, type Figure } from './figures.js';

const SINGLE_TAB_USERS = 900;
const MANY_TABS = 100;
const WARM_UP_PUBLISHES = 200;
/** Latency is measured at this steady rate (open loop: an event is sent on time whatever the earlier ones do). */
const STEADY_RATE_PER_S = 100;
const STEADY_PUBLISHES = 1_500;
/** Throughput is measured with this many publishes always in flight. */
const SATURATED_PUBLISHES = 2_000;
const PUBLISHES_IN_FLIGHT = 20;
const BROADCASTS = 5;
const CONNECTS_IN_FLIGHT = 50;
const RECEIPT_WAIT_MS = 30_000;
const CLIENT_MODE_FLAG = '--socket-clients';

type Socket = { token: string };
type ToClients = { kind: 'connect'; url: string; sockets: Socket[] } | { kind: 'report'; expected: number };
/** `[event sequence number, receipt time]` per received message. */
type Receipt = [number, number];
type FromClients = { kind: 'connected'; count: number } | { kind: 'receipts'; receipts: Receipt[] } | { kind: 'failed'; error: string };

const stamp = (): number => performance.timeOrigin + performance.now();

/** Child process: opens the sockets and records when each bench event arrives. */
function runSocketClients(): void {
  const receipts: Receipt[] = [];
  const sockets: WebSocket[] = [];
  const send = (message: FromClients): void => void process.send?.(message);
  process.on('message', async (message: ToClients) => {
    if (message.kind === 'report') {
      // Messages may still be on their way: wait for them, but not for ever.
      const deadline = Date.now() + RECEIPT_WAIT_MS;
      while (receipts.length < message.expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const socket of sockets) socket.terminate();
      // Disconnecting before the message is flushed would lose it.
      process.send?.({ kind: 'receipts', receipts } satisfies FromClients, () => process.disconnect());
      return;
    }
    const open = (socket: Socket): Promise<void> =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${message.url}?token=${encodeURIComponent(socket.token)}&clientId=${randomUUID()}`);
        ws.on('message', (data) => {
          const at = stamp();
          const sequence = Number(/"id":"bench-(\d+)"/.exec(String(data))?.[1] ?? -1);
          receipts.push([sequence, at]);
        });
        ws.once('open', () => {
          sockets.push(ws);
          resolve();
        });
        ws.once('error', reject);
      });
    try {
      for (let i = 0; i < message.sockets.length; i += CONNECTS_IN_FLIGHT) await Promise.all(message.sockets.slice(i, i + CONNECTS_IN_FLIGHT).map(open));
      send({ kind: 'connected', count: sockets.length });
    } catch (error) {
      send({ kind: 'failed', error: String(error) });
    }
  });
}

if (process.argv.includes(CLIENT_MODE_FLAG)) runSocketClients();

function isOfKind<K extends FromClients['kind']>(message: FromClients, kind: K): message is Extract<FromClients, { kind: K }> {
  return message.kind === kind;
}

function nextMessage<K extends 'connected' | 'receipts'>(child: ChildProcess, kind: K, timeoutMs: number): Promise<Extract<FromClients, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket clients sent no ${kind} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message: FromClients): void => {
      if (isOfKind(message, 'failed')) reject(new Error(`socket clients failed: ${message.error}`));
      else if (isOfKind(message, kind)) resolve(message);
      else return;
      clearTimeout(timer);
      child.off('message', onMessage);
    };
    child.on('message', onMessage);
  });
}

/** Starts `work(i)` for i in [0, count) at `ratePerSecond`, without waiting for earlier calls. */
async function runAtRate(count: number, ratePerSecond: number, work: (i: number) => Promise<unknown>): Promise<void> {
  const start = performance.now();
  const running: Array<Promise<unknown>> = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + (i * 1000) / ratePerSecond;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    running.push(work(i));
  }
  await Promise.all(running);
}

/** Runs `count` calls of `work(i)` with `inFlight` at a time. */
async function runConcurrently(count: number, inFlight: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export const realtimeFanout: Benchmark = {
  name: 'realtime-fanout',
  async run(): Promise<Figure[]> {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-fanout-'));
    // The host sets the environment the product modules read, so they load after it.
    const { startLocalHost } = await import('../../infra/local/host.js');
    const host = await startLocalHost({ port: 0, dataDir, host: '127.0.0.1', seedDemo: false, log: () => undefined });
    const clients = fork(fileURLToPath(import.meta.url), [CLIENT_MODE_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    try {
      const { signToken } = await import('../../functions/lib/jwt.js');
      const { putSession } = await import('../../functions/data/sessions.js');
      const { publish, broadcast } = await import('../../functions/services/notifications/realtime.js');
      const { ROLE_PERMISSIONS } = await import('../../shared/domain/permissions.js');
      // Sockets open only for a session that is open, so each user gets one in the store.
      const tokenOf = async (userId: string) => {
        const sid = randomUUID();
        const now = new Date();
        await putSession({ sid, loginTuid: userId, tuid: userId, createdAt: now.toISOString(), lastActiveAt: now.toISOString(), ip: '127.0.0.1', userAgent: 'bench', expiresAt: Math.floor(now.getTime() / 1000) + 24 * 60 * 60 });
        return signToken({
          tuid: userId,
          loginTuid: userId,
          admin: false,
          teamId: null,
          teamAdmin: false,
          connectionRole: null,
          permissions: ROLE_PERMISSIONS.owner,
          free: false,
          unverified: false,
          hideShoppingCart: false,
          forcePasswordChange: false,
          sid,
        });
      };

      // Prepare: 900 users with one tab, one user with 100 tabs.
      const singleTabUsers = Array.from({ length: SINGLE_TAB_USERS }, () => randomUUID());
      const manyTabsUser = randomUUID();
      const manyTabsToken = await tokenOf(manyTabsUser);
      const sockets: Socket[] = [
        ...(await Promise.all(singleTabUsers.map(async (userId) => ({ token: await tokenOf(userId) })))),
        ...Array.from({ length: MANY_TABS }, () => ({ token: manyTabsToken })),
      ];
      const connected = nextMessage(clients, 'connected', 120_000);
      clients.send({ kind: 'connect', url: `${host.url.replace('http', 'ws')}/ws`, sockets } satisfies ToClients);
      await connected;

      // Every 100th event goes to the user with 100 tabs (about half of all receipts), the others to a one-tab user.
      const sentAt = new Map<number, number>();
      const expectedReceipts = new Map<number, number>();
      const isToManyTabs = (sequence: number): boolean => sequence % 100 === 0;
      const publishOne = async (sequence: number): Promise<void> => {
        const toManyTabs = isToManyTabs(sequence);
        const userId = toManyTabs ? manyTabsUser : singleTabUsers[sequence % SINGLE_TAB_USERS];
        expectedReceipts.set(sequence, toManyTabs ? MANY_TABS : 1);
        sentAt.set(sequence, stamp());
        await publish(userId, { event: 'notification', data: { id: `bench-${sequence}` } });
      };

      // Act: warm-up, steady rate, saturation, then broadcasts one after another.
      await runConcurrently(WARM_UP_PUBLISHES, PUBLISHES_IN_FLIGHT, (i) => publishOne(i));
      const firstSteady = WARM_UP_PUBLISHES;
      await runAtRate(STEADY_PUBLISHES, STEADY_RATE_PER_S, (i) => publishOne(firstSteady + i));
      const firstSaturated = firstSteady + STEADY_PUBLISHES;
      const saturatedStart = stamp();
      await runConcurrently(SATURATED_PUBLISHES, PUBLISHES_IN_FLIGHT, (i) => publishOne(firstSaturated + i));
      const saturatedEnd = stamp();
      const firstBroadcast = firstSaturated + SATURATED_PUBLISHES;
      const broadcastStart = stamp();
      for (let i = 0; i < BROADCASTS; i += 1) {
        const sequence = firstBroadcast + i;
        expectedReceipts.set(sequence, SINGLE_TAB_USERS + MANY_TABS);
        sentAt.set(sequence, stamp());
        await broadcast({ event: 'announcement', data: { id: `bench-${sequence}` } });
      }
      const broadcastEnd = stamp();

      // Collect: the clients answer once they have every expected message (or after a bounded wait).
      const expectedTotal = [...expectedReceipts.values()].reduce((sum, n) => sum + n, 0);
      const reported = nextMessage(clients, 'receipts', RECEIPT_WAIT_MS + 10_000);
      clients.send({ kind: 'report', expected: expectedTotal } satisfies ToClients);
      const { receipts } = await reported;
      if (receipts.length !== expectedTotal) throw new Error(`expected ${expectedTotal} socket messages, the clients got ${receipts.length}`);

      const latencies = (from: number, to: number, include: (sequence: number) => boolean = () => true): number[] =>
        receipts
          .filter(([sequence]) => sequence >= from && sequence < to && include(sequence))
          .map(([sequence, at]) => at - (sentAt.get(sequence) ?? at))
          .sort((a, b) => a - b);
      const steady = latencies(firstSteady, firstSaturated);
      const steadyOneTab = latencies(firstSteady, firstSaturated, (sequence) => !isToManyTabs(sequence));
      const steadyManyTabs = latencies(firstSteady, firstSaturated, isToManyTabs);
      const saturated = latencies(firstSaturated, firstBroadcast);
      const broadcasted = latencies(firstBroadcast, firstBroadcast + BROADCASTS);
      const figure = (metric: string, value: number, unit: string): Figure => ({ bench: 'realtime-fanout', metric, value, unit });
      return [
        figure('p50-ms', percentile(steady, 50), 'ms'),
        figure('p99-ms', percentile(steady, 99), 'ms'),
        figure('one-tab-p50-ms', percentile(steadyOneTab, 50), 'ms'),
        figure('one-tab-p99-ms', percentile(steadyOneTab, 99), 'ms'),
        figure('many-tabs-p99-ms', percentile(steadyManyTabs, 99), 'ms'),
        figure('events-per-s', saturated.length / ((saturatedEnd - saturatedStart) / 1000), 'events/s'),
        figure('saturated-p50-ms', percentile(saturated, 50), 'ms'),
        figure('saturated-p99-ms', percentile(saturated, 99), 'ms'),
        figure('broadcast-p50-ms', percentile(broadcasted, 50), 'ms'),
        figure('broadcast-p99-ms', percentile(broadcasted, 99), 'ms'),
        figure('broadcast-events-per-s', broadcasted.length / ((broadcastEnd - broadcastStart) / 1000), 'events/s'),
      ];
    } finally {
      if (clients.connected) clients.disconnect();
      clients.kill();
      await host.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
