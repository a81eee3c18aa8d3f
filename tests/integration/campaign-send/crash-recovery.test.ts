/**
 * A delivery worker killed mid-send: the worker runs in a process of its own against this file's
 * emulators, gets SIGKILLed at a random point of its progress (seeded), and the batch is delivered
 * again as SQS would once its visibility timeout passed. Whatever the moment, everyone gets the
 * message, the recipients who get it twice are at most the messages that were in flight, and the
 * report counts at least as many as possibly sent twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SinkKind, SinkRecord } from '../../../functions/channels/sink.js';
import { getCampaignCounters } from '../../../functions/data/campaign-counters.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { deliverBatch } from '../../../functions/services/campaigns/campaign-send/deliver.js';
import { sendsInFlight } from '../../../shared/domain/campaign-send.js';
import type { CampaignChannel } from '../../../shared/domain/campaign-channels.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, smsCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

const RUNS = 20;
const RECIPIENTS = 80;
// The delivery queue's visibility timeout: a redelivery after it takes over the dead worker's lease.
const VISIBILITY_TIMEOUT_MS = 120_000;
const WORKER_PROCESS = fileURLToPath(new URL('../../helpers/delivery-worker-process.ts', import.meta.url));

let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  // One batch per campaign: the in-flight limit of that batch bounds the duplicates.
  setDeliveryBatchSize(RECIPIENTS);
});

/** A small deterministic generator (mulberry32), so a failing run can be replayed by its seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How many messages each recipient of the campaign got, from the sink. */
async function deliveriesPerRecipient(kind: SinkKind, campaignId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const file = join(testTable.sinkDir, `${kind}.jsonl`);
  if (!existsSync(file)) return counts;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.includes(campaignId)) continue;
    const record = JSON.parse(line) as SinkRecord;
    if (record.tags?.campaignId === campaignId) counts.set(record.to, (counts.get(record.to) ?? 0) + 1);
  }
  return counts;
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

/** Runs the worker process on the batch; answers it and its exit. */
function startWorker(body: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_PROCESS], {
    env: { ...process.env, DELIVERY_MESSAGE: body, LOG_LEVEL: 'ERROR' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited };
}

async function plannedCampaign(channel: CampaignChannel) {
  const account = await seedAccount({ emailCredits: RECIPIENTS, smsCredits: RECIPIENTS * 10 });
  await seedContacts(account.tuid, RECIPIENTS, channel === 'sms' ? { emailOf: () => null, mobileOf: (n) => `+8529${String(2_000_000 + n).padStart(7, '0')}` } : {});
  const { campaignId } = await startedCampaign(account, channel === 'sms' ? smsCommand() : emailCommand(account.login), channel);
  await drainQueue('campaign-plan');
  const batches = await takeDeliveryMessages();
  expect(batches).toHaveLength(1);
  return { tuid: account.tuid, campaignId, batch: batches[0]! };
}

describe('a delivery worker killed at a random moment of its send', () => {
  it('leaves, after the redelivery, everyone sent to and at most the in-flight messages twice, all counted as possibly sent twice', { timeout: 240_000 }, async () => {
    const random = seededRandom(20_261_127);
    const limit = sendsInFlight(0);
    for (let run = 0; run < RUNS; run += 1) {
      // Prepare: a campaign of one batch, email and SMS in turn.
      const channel: CampaignChannel = run % 2 === 0 ? 'email' : 'sms';
      const kind: SinkKind = channel === 'email' ? 'mail' : 'sms';
      const { tuid, campaignId, batch } = await plannedCampaign(channel);

      // Act: the worker is killed once it has sent a random number of messages (none to nearly all).
      const killAfter = Math.floor(random() * RECIPIENTS);
      const worker = startWorker(JSON.stringify(batch));
      let exited = false;
      void worker.exited.then(() => (exited = true));
      await expect
        .poll(async () => exited || total(await deliveriesPerRecipient(kind, campaignId)) >= killAfter, { timeout: 60_000, interval: 5 })
        .toBe(true);
      worker.child.kill('SIGKILL');
      await worker.exited;
      // SQS delivers the batch again after its visibility timeout.
      await deliverBatch(batch, { staleAfterMs: VISIBILITY_TIMEOUT_MS, now: () => Date.now() + VISIBILITY_TIMEOUT_MS + 1_000 });

      // Assess
      const deliveries = await deliveriesPerRecipient(kind, campaignId);
      const twice = [...deliveries.values()].filter((n) => n > 1).length;
      const context = `run ${run} (${channel}), killed after ${killAfter} sends`;
      expect(deliveries.size, context).toBe(RECIPIENTS);
      expect(Math.max(...deliveries.values()), context).toBeLessThanOrEqual(2);
      expect(twice, context).toBeLessThanOrEqual(limit);
      const counters = await getCampaignCounters(tuid, campaignId);
      expect(counters.sent, context).toBe(RECIPIENTS);
      expect(counters.possiblySentTwice, context).toBeGreaterThanOrEqual(twice);
      expect(counters.possiblySentTwice, context).toBeLessThanOrEqual(limit);
      expect((await getCampaignRecord(tuid, campaignId))?.status, context).toBe('finished');
    }
  });
});
