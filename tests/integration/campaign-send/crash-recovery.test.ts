/**
 * A delivery worker killed mid-send: the worker runs in a process of its own against this file's
 * emulators, gets SIGKILLed at a random point of its progress (seeded), and the batch is delivered
 * again as SQS would once its visibility timeout passed. Whatever the moment, everyone gets the
 * message, the recipients who get it twice are at most the messages that were in flight, and the
 * report counts at least as many as possibly sent twice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SinkKind } from '../../../functions/channels/sink.js';
import { getCampaignCounters } from '../../../functions/data/campaign-counters.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { deliverBatch } from '../../../functions/services/campaigns/campaign-send/deliver.js';
import { sendsInFlight } from '../../../shared/domain/campaign-send.js';
import type { CampaignChannel } from '../../../shared/domain/campaign-channels.js';
import { bundleDeliveryWorker, deliveriesPerRecipient, seededRandom, sinkLines, startDeliveryWorker } from '../../helpers/delivery-worker.js';
import { useTestTable } from '../../helpers/emulators.js';
import { useSink } from '../../helpers/sink.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, smsCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

const RUNS = 20;
const RECIPIENTS = 80;
// The delivery queue's visibility timeout: a redelivery after it takes over the dead worker's lease.
const VISIBILITY_TIMEOUT_MS = 120_000;

let workDir: string;
let workerBundle: string;

beforeAll(async () => {
  await useTestTable();
  // One batch per campaign: the in-flight limit of that batch bounds the duplicates.
  setDeliveryBatchSize(RECIPIENTS);
  // Bundled once: each of the 20 processes then starts without compiling TypeScript.
  workDir = await mkdtemp(join(tmpdir(), 'crash-recovery-'));
  workerBundle = await bundleDeliveryWorker(workDir);
}, 120_000);

afterAll(async () => {
  setDeliveryBatchSize(50);
  await rm(workDir, { recursive: true, force: true });
});

/** An account per channel whose every contact each campaign goes to: seeded once for all runs. */
const accounts = new Map<CampaignChannel, Awaited<ReturnType<typeof seedAccount>>>();

async function plannedCampaign(channel: CampaignChannel) {
  let account = accounts.get(channel);
  if (!account) {
    account = await seedAccount({ emailCredits: RECIPIENTS * RUNS, smsCredits: RECIPIENTS * RUNS * 10 });
    await seedContacts(account.tuid, RECIPIENTS, channel === 'sms' ? { emailOf: () => null, mobileOf: (n) => `+8529${String(2_000_000 + n).padStart(7, '0')}` } : {});
    accounts.set(channel, account);
  }
  const { campaignId } = await startedCampaign(account, channel === 'sms' ? smsCommand() : emailCommand(account.login), channel);
  await drainQueue('campaign-plan');
  const batches = await takeDeliveryMessages();
  expect(batches).toHaveLength(1);
  return { tuid: account.tuid, campaignId, batch: batches[0]! };
}

describe('a delivery worker killed at a random moment of its send', () => {
  it('leaves, after the redelivery, everyone sent to and at most the in-flight messages twice, all counted as possibly sent twice', { timeout: 600_000 }, async () => {
    const random = seededRandom(20_261_127);
    const limit = sendsInFlight(0);
    for (let run = 0; run < RUNS; run += 1) {
      // Prepare: a campaign of one batch, email and SMS in turn.
      const channel: CampaignChannel = run % 2 === 0 ? 'email' : 'sms';
      const kind: SinkKind = channel === 'email' ? 'mail' : 'sms';
      const { tuid, campaignId, batch } = await plannedCampaign(channel);
      // A sink of the run's own, so watching it stays cheap.
      const sinkDir = await mkdtemp(join(workDir, 'sink-'));
      const sink = await useSink(sinkDir);

      // Act: the worker is killed once it has sent a random number of messages (none to nearly all).
      const killAfter = Math.floor(random() * RECIPIENTS);
      const worker = startDeliveryWorker(workerBundle, [batch]);
      let exited = false;
      void worker.exited.then(() => (exited = true));
      await expect
        .poll(async () => exited || (await sinkLines(sinkDir, kind)) >= killAfter, { timeout: 60_000, interval: 5 })
        .toBe(true);
      worker.child.kill('SIGKILL');
      await worker.exited;
      // SQS delivers the batch again after its visibility timeout.
      await deliverBatch({ message: batch, staleAfterMs: VISIBILITY_TIMEOUT_MS, now: () => Date.now() + VISIBILITY_TIMEOUT_MS + 1_000 });

      // Assess
      const deliveries = await deliveriesPerRecipient(sinkDir, kind);
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
      await sink.stop();
    }
  });
});
