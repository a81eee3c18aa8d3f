/**
 * Delivery under the failures at-least-once queues bring: a batch delivered twice, a worker that
 * dies mid-batch, a transport that throttles, and a user who pauses, resumes or stops. Batches are
 * taken off the queue and handed to deliverBatch directly, so each test holds the clock and the
 * transport.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { campaignMailTransport, MailThrottled, type CampaignMailTransport } from '../../../functions/channels/mail.js';
import { readSink } from '../../../functions/channels/sink.js';
import { getAccount } from '../../../functions/data/accounts.js';
import { getCampaignCounters } from '../../../functions/data/campaign-counters.js';
import { getBatchOutcome } from '../../../functions/data/campaign-runs.js';
import { changeCampaignRecord, getCampaignRecord } from '../../../functions/data/campaigns.js';
import { getLedgerEntry } from '../../../functions/data/credit-ledger.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { startCampaignRun } from '../../../functions/services/campaigns/campaign-actions.js';
import { BatchRetryLater, deliverBatch } from '../../../functions/services/campaigns/campaign-send/deliver.js';
import type { TCampaignDeliveryMessage } from '../../../functions/queues/campaign-delivery.js';
import { resumeCampaignRun, stopCampaignRun } from '../../../functions/services/campaigns/campaign-send/run-control.js';
import { DELIVERY_BATCH_SIZE, SENDS_IN_FLIGHT } from '../../../shared/domain/campaign-send.js';
import type { CampaignStatus } from '../../../shared/domain/campaign-states.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

const STALE_AFTER_MS = 120_000;
const noSleep = async () => undefined;

let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  setDeliveryBatchSize(50);
});

afterEach(() => {
  delete process.env.SINK_THROTTLE_FRACTION;
  setDeliveryBatchSize(50);
});

async function mailsOf(campaignId: string) {
  return (await readSink(testTable.sinkDir, 'mail', { limit: 100_000 })).filter((mail) => mail.tags?.campaignId === campaignId);
}

/** A planned campaign of `recipients` contacts and its batches, taken off the queue. */
async function plannedCampaign(recipients: number, emailCredits = 10_000) {
  const account = await seedAccount({ emailCredits });
  await seedContacts(account.tuid, recipients);
  const { campaignId, runId } = await startedCampaign(account, emailCommand(account.login));
  await drainQueue('campaign-plan');
  return { account, tuid: account.tuid, campaignId, runId, batches: await takeDeliveryMessages() };
}

function deliver(message: TCampaignDeliveryMessage, options: { transport?: CampaignMailTransport; now?: () => number } = {}) {
  return deliverBatch({ message, transports: { mail: options.transport ?? campaignMailTransport() }, staleAfterMs: STALE_AFTER_MS, sleep: noSleep, now: options.now });
}

/** The recover action's state change: a new run of kind 'recover' and its planner message. */
async function recover(tuid: string, campaignId: string) {
  const record = (await getCampaignRecord(tuid, campaignId))!;
  const recovered = await startCampaignRun({ tuid, record, from: ['stopped'], startedBy: record.run!.startedBy, kind: 'recover', now: new Date() });
  expect(recovered).not.toBeNull();
  return recovered!;
}

async function setStatus(tuid: string, campaignId: string, status: CampaignStatus) {
  expect(await changeCampaignRecord(tuid, campaignId, {}, { status })).not.toBeNull();
}

describe('redelivery', () => {
  it('of a finished batch sends nothing and counts nothing again', async () => {
    // Prepare
    const { tuid, campaignId, batches } = await plannedCampaign(50);

    // Act
    await deliver(batches[0]!);
    await deliver(batches[0]!);

    // Assess
    expect(await mailsOf(campaignId)).toHaveLength(50);
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 50, possiblySentTwice: 0 });
    expect((await getCampaignRecord(tuid, campaignId))?.status).toBe('finished');
  });

  it('while another worker still holds the batch is refused, sending nothing', async () => {
    // Prepare
    const { campaignId, batches } = await plannedCampaign(50);
    let release: () => void = () => undefined;
    let sending: () => void = () => undefined;
    const firstSend = new Promise<void>((resolve) => (sending = resolve));
    const stalled: CampaignMailTransport = {
      sendRaw: () => {
        sending();
        return new Promise((resolve) => (release = () => resolve({ messageId: 'late' })));
      },
    };
    void deliver(batches[0]!, { transport: stalled });
    // The first attempt holds the batch once it is sending.
    await firstSend;

    // Act
    const second = deliver(batches[0]!);

    // Assess
    await expect(second).rejects.toBeInstanceOf(BatchRetryLater);
    expect(await mailsOf(campaignId)).toHaveLength(0);
    release();
  });

  it('after a stop leaves the batch to the attempt still sending it, whose messages are all counted', async () => {
    // Prepare: an attempt is sending the batch when the user stops the campaign.
    const { tuid, campaignId, runId, batches } = await plannedCampaign(50);
    const sink = campaignMailTransport();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sending: () => void = () => undefined;
    const firstSend = new Promise<void>((resolve) => (sending = resolve));
    const slow: CampaignMailTransport = {
      sendRaw: async (mail) => {
        sending();
        await gate;
        return sink.sendRaw(mail);
      },
    };
    const holding = deliver(batches[0]!, { transport: slow });
    await firstSend;
    await setStatus(tuid, campaignId, 'stopped');
    await stopCampaignRun({ tuid, campaignId, runId });

    // Act: SQS hands the same batch to another worker meanwhile.
    const second = deliver(batches[0]!);

    // Assess: the second attempt neither drops the batch nor sends; the first records its 50.
    await expect(second).rejects.toBeInstanceOf(BatchRetryLater);
    release();
    await holding;
    expect(await mailsOf(campaignId)).toHaveLength(50);
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 50, possiblySentTwice: 0 });
  });
});

describe('a worker that dies mid-batch', () => {
  it('loses nobody: after the visibility timeout the next attempt sends only to whom nothing was recorded, and counts those in flight as possibly sent twice', async () => {
    // Prepare: the first worker sends 20 messages, then hangs for ever (its Lambda timed out).
    const { tuid, campaignId, batches } = await plannedCampaign(50);
    const sink = campaignMailTransport();
    let calls = 0;
    const dying: CampaignMailTransport = { sendRaw: (mail) => (++calls <= 20 ? sink.sendRaw(mail) : new Promise(() => undefined)) };
    void deliver(batches[0]!, { transport: dying });
    await expect.poll(async () => (await mailsOf(campaignId)).length, { timeout: 10_000 }).toBe(20);
    // Its progress shows what it sent, not 0 until the batch ends.
    await expect.poll(async () => (await getCampaignCounters(tuid, campaignId)).sent, { timeout: 10_000 }).toBe(20);

    // Act: SQS delivers the batch again once its visibility timeout has passed.
    await deliver(batches[0]!, { now: () => Date.now() + STALE_AFTER_MS + 1_000 });

    // Assess
    const mails = await mailsOf(campaignId);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(50);
    const counters = await getCampaignCounters(tuid, campaignId);
    expect(counters).toMatchObject({ sent: 50, failed: 0 });
    expect(counters.possiblySentTwice).toBeGreaterThanOrEqual(mails.length - 50);
    expect(counters.possiblySentTwice).toBeLessThanOrEqual(SENDS_IN_FLIGHT);
    expect((await getCampaignRecord(tuid, campaignId))?.status).toBe('finished');
  });
});

describe('a throttling transport', () => {
  it('that refuses a whole attempt gives the batch straight back: the next delivery sends it without waiting for the lease', async () => {
    // Prepare: the transport is saturated for the first attempt, then takes everything.
    const { tuid, campaignId, batches } = await plannedCampaign(50);
    const sink = campaignMailTransport();
    let saturated = true;
    const transport: CampaignMailTransport = { sendRaw: (mail) => (saturated ? Promise.reject(new MailThrottled()) : sink.sendRaw(mail)) };
    await expect(deliver(batches[0]!, { transport })).rejects.toBeInstanceOf(BatchRetryLater);
    saturated = false;

    // Act: SQS brings the batch back at once (no lease timeout has passed).
    await deliver(batches[0]!, { transport });

    // Assess
    expect(await mailsOf(campaignId)).toHaveLength(50);
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 50, possiblySentTwice: 0 });
  });

  it('is retried with back-off; what it still refuses comes back with the batch, never lost, never sent twice', async () => {
    // Prepare: the sink refuses 70% of calls, so some recipients outlast the in-batch retries.
    const { tuid, campaignId, batches } = await plannedCampaign(100);
    process.env.SINK_THROTTLE_FRACTION = '0.7';
    resetConfigForTests();

    // Act: the queue brings a failed batch back until it completes.
    let retries = 0;
    for (const batch of batches) {
      for (;;) {
        try {
          await deliver(batch);
          break;
        } catch (error) {
          expect(error).toBeInstanceOf(BatchRetryLater);
          retries += 1;
        }
      }
    }

    // Assess
    const mails = await mailsOf(campaignId);
    expect(retries).toBeGreaterThan(0);
    expect(mails).toHaveLength(100);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(100);
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 100, failed: 0, possiblySentTwice: 0 });
    expect((await getCampaignRecord(tuid, campaignId))?.status).toBe('finished');
  });

  it('counts a permanent refusal as failed and returns its credit', async () => {
    // Prepare
    const { tuid, campaignId, runId, batches } = await plannedCampaign(50, 1_000);
    const sink = campaignMailTransport();
    let calls = 0;
    const rejecting: CampaignMailTransport = {
      sendRaw: (mail) => {
        calls += 1;
        if (calls % 10 === 0) return Promise.reject(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
        return sink.sendRaw(mail);
      },
    };

    // Act
    await deliver(batches[0]!, { transport: rejecting });

    // Assess
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 45, failed: 5 });
    expect(await getLedgerEntry(tuid, `${runId}#refund`)).toMatchObject({ delta: 5 });
    expect((await getAccount(tuid))?.credits.email).toBe(1_000 - 45);
  });
});

describe('pause, resume and stop', () => {
  it('park the batches that arrive while paused; resume sends exactly the rest', async () => {
    // Prepare
    const { tuid, campaignId, batches } = await plannedCampaign(150);
    expect(batches).toHaveLength(3);
    await deliver(batches[0]!);

    // Act: paused, two batches arrive and are parked; then resumed.
    await setStatus(tuid, campaignId, 'paused');
    await deliver(batches[1]!);
    await deliver(batches[2]!);
    const whilePaused = (await mailsOf(campaignId)).length;
    await setStatus(tuid, campaignId, 'resumed');
    await resumeCampaignRun({ tuid, campaignId, runId: batches[0]!.runId, channel: 'email' });
    const resumed = await takeDeliveryMessages();
    for (const batch of resumed) await deliver(batch);

    // Assess
    expect(whilePaused).toBe(50);
    expect(resumed.map((batch) => batch.seq)).toEqual([1, 2]);
    const mails = await mailsOf(campaignId);
    expect(mails).toHaveLength(150);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(150);
    expect((await getCampaignRecord(tuid, campaignId))?.status).toBe('finished');
  });

  it('stop drops parked and arriving batches and returns their credits', async () => {
    // Prepare
    const { tuid, campaignId, runId, batches } = await plannedCampaign(150, 1_000);
    await deliver(batches[0]!);
    await setStatus(tuid, campaignId, 'paused');
    await deliver(batches[1]!);

    // Act
    await setStatus(tuid, campaignId, 'stopped');
    await stopCampaignRun({ tuid, campaignId, runId });
    await deliver(batches[2]!);

    // Assess
    expect(await mailsOf(campaignId)).toHaveLength(50);
    const record = await getCampaignRecord(tuid, campaignId);
    expect(record?.status).toBe('stopped');
    expect(record?.run?.finishTime).not.toBeNull();
    expect(await getLedgerEntry(tuid, `${runId}#refund`)).toMatchObject({ delta: 100 });
    expect((await getAccount(tuid))?.credits.email).toBe(1_000 - 50);
  });

  it('recover sends a stopped campaign to exactly the recipients it had not reached', async () => {
    // Prepare: 50 of 150 sent, then stopped.
    const { tuid, campaignId, runId, batches } = await plannedCampaign(150, 1_000);
    await deliver(batches[0]!);
    await setStatus(tuid, campaignId, 'stopped');
    await stopCampaignRun({ tuid, campaignId, runId });
    for (const batch of batches.slice(1)) await deliver(batch);

    // Act: the recover action's new run and planner message, then delivery.
    const recovered = await recover(tuid, campaignId);
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');

    // Assess
    const mails = await mailsOf(campaignId);
    expect(mails).toHaveLength(150);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(150);
    expect(await getCampaignRecord(tuid, campaignId)).toMatchObject({ status: 'finished', run: { runId: recovered.run!.runId, kind: 'recover', recipients: 100 } });
    expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ recipients: 150, sent: 150 });
    expect((await getAccount(tuid))?.credits.email).toBe(1_000 - 150);
  });
});

describe('batches of the largest size', () => {
  it('recover claims a batch of more recipients than one transaction takes', async () => {
    // Prepare: a campaign of one full batch and a few more, stopped before any was sent.
    setDeliveryBatchSize(DELIVERY_BATCH_SIZE);
    const recipients = DELIVERY_BATCH_SIZE + 10;
    const { tuid, campaignId, runId, batches } = await plannedCampaign(recipients, 1_000);
    expect(batches.map((batch) => batch.contactIds.length)).toEqual([DELIVERY_BATCH_SIZE, 10]);
    await setStatus(tuid, campaignId, 'stopped');
    await stopCampaignRun({ tuid, campaignId, runId });
    for (const batch of batches) await deliver(batch);

    // Act: the recovery's first batch claims DELIVERY_BATCH_SIZE (> 100) recipients conditionally.
    const recovered = await recover(tuid, campaignId);
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');

    // Assess
    const mails = await mailsOf(campaignId);
    expect(mails).toHaveLength(recipients);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(recipients);
    expect(await getCampaignRecord(tuid, campaignId)).toMatchObject({ status: 'finished', run: { runId: recovered.run!.runId, kind: 'recover', recipients } });
  });
});

describe('a configured rate', () => {
  it('holds when each send takes longer than the gap between two messages', async () => {
    // Prepare: 100 messages/s (a slot every 10 ms) through a transport that answers in 60 ms.
    process.env.CAMPAIGN_SEND_RATE = '100';
    resetConfigForTests();
    const sink = campaignMailTransport();
    const starts: number[] = [];
    const slow: CampaignMailTransport = {
      sendRaw: async (mail) => {
        starts.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 60));
        return sink.sendRaw(mail);
      },
    };
    try {
      const { tuid, campaignId, batches } = await plannedCampaign(30);

      // Act: the real clock and sleep, so the batch waits for its slot and paces its messages.
      await deliverBatch({ message: batches[0]!, transports: { mail: slow }, staleAfterMs: STALE_AFTER_MS });

      // Assess: no message before its slot, and the last 290 ms after the first, not 1.74 s as one
      // after another would take. (A batch that begins late stays as late, keeping to the rate:
      // pacedSendAt.) The margin allows a loaded machine's timer delays.
      const slots = batches[0]!.notBefore;
      expect(starts).toHaveLength(30);
      const sorted = [...starts].sort((a, b) => a - b);
      sorted.forEach((start, index) => expect(start).toBeGreaterThanOrEqual(slots + index * 10 - 1));
      expect(sorted.at(-1)! - sorted[0]! - 290).toBeLessThan(1_000);
      expect(await getCampaignCounters(tuid, campaignId)).toMatchObject({ sent: 30 });
    } finally {
      delete process.env.CAMPAIGN_SEND_RATE;
      resetConfigForTests();
    }
  });
});

describe('a batch paced at a rate', () => {
  it('is ready at its slot: leased and claimed before it waits, so its first message goes at the slot, not after the store work', async () => {
    // Prepare: a batch whose slot is 10 s ahead (the clock is held back), with a sleep that looks at the batch when asked to wait.
    process.env.CAMPAIGN_SEND_RATE = '100';
    resetConfigForTests();
    try {
      const { tuid, campaignId, runId, batches } = await plannedCampaign(5);
      const batch = batches[0]!;
      let leasedWhenWaiting: number | null | 'no wait' = 'no wait';
      const sleep = async () => {
        if (leasedWhenWaiting === 'no wait') leasedWhenWaiting = (await getBatchOutcome(tuid, campaignId, runId, batch.seq)).leasedAt;
      };

      // Act
      await deliverBatch({ message: batch, transports: { mail: campaignMailTransport() }, staleAfterMs: STALE_AFTER_MS, now: () => Date.now() - 10_000, sleep });

      // Assess
      expect(leasedWhenWaiting).toEqual(expect.any(Number));
      expect(await mailsOf(campaignId)).toHaveLength(5);
    } finally {
      delete process.env.CAMPAIGN_SEND_RATE;
      resetConfigForTests();
    }
  });
});

describe('a message that cannot be rendered', () => {
  it('returns the campaign to draft before anything is reserved', async () => {
    // Prepare
    const account = await seedAccount({ emailCredits: 100 });
    await seedContacts(account.tuid, 5);
    const html = '<p>Hello {{ nickname }}</p>';
    const { campaignId } = await startedCampaign(account, emailCommand(account.login, { content: { kind: 'email', editor: 'code', html, project: null } }));

    // Act
    await drainQueue('campaign-plan');

    // Assess
    expect(await getCampaignRecord(account.tuid, campaignId)).toMatchObject({ status: 'draft', draftReason: 'contentProblem' });
    expect((await getAccount(account.tuid))?.credits.email).toBe(100);
  });
});
