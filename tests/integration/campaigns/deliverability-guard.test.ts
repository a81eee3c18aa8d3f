/**
 * The deliverability guard end to end: a campaign sent through the local sink to a list where
 * SES's simulator hard-bounces 8% pauses by itself once 200 outcomes are known, its owner gets one
 * notice with the figures, and resuming sends the rest without pausing again below SES's suspend level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { updateAccount } from '../../../functions/data/accounts.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { deliverBatch } from '../../../functions/services/campaigns/campaign-send/deliver.js';
import { guardCampaignRun } from '../../../functions/services/campaigns/deliverability-guard.js';
import type { TCampaignReportResponse } from '../../../shared/schemas/campaigns.js';
import type { TNotificationPage } from '../../../shared/schemas/notifications.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { drainEvents } from '../../helpers/delivery-events.js';
import { useTestTable } from '../../helpers/emulators.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages } from '../../helpers/queues.js';
import { verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { actOnCampaign, readyCommand, seedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let owner: Actor & { login: string };

/** 16 of the first 200 recipients hard-bounce (8%: above the 5% review level, below the 10% suspend level). */
const BOUNCING = 16;
const RECIPIENTS = 300;

beforeAll(async () => {
  await useTestTable();
  setDeliveryBatchSize(50);
  api = await startApi();
  owner = await verifiedAccount(api, 'Gwen Guarded');
  await updateAccount(owner.tuid, { free: false, credits: { email: 1_000, sms: 0, attachmentMb: 0, pdfPages: 0, storageMb: 500, teamUsers: 0 } });
  await seedContacts(owner.tuid, RECIPIENTS, { emailOf: (n) => (n < BOUNCING ? `bounce+${n}@simulator.amazonses.com` : `reader${n}@example.com`) });
}, 120_000);
afterAll(async () => {
  await api.close();
});

const guardNotices = async () => {
  const page = await call<TNotificationPage>(api, owner, 'GET', '/notification/pop-up?page=1&limit=50');
  return page.body.result.filter((notice) => notice.message.type === 'guardPaused');
};

/** Sends one batch and lets the delivery-events worker take what SES (the sink) said of it. */
async function deliverAndSettle(batch: Awaited<ReturnType<typeof takeDeliveryMessages>>[number]): Promise<void> {
  await deliverBatch({ message: batch, staleAfterMs: 120_000 });
  await sinkEventsPublished();
  await drainEvents();
}

describe('the deliverability guard', () => {
  it('pauses a bouncing email campaign once, tells its owner the figures, and lets the owner resume it', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Old list', readyCommand(owner.login));
    expect((await actOnCampaign(api, owner, id, { action: 'sendNow' })).status).toBe(200);
    await drainQueue('campaign-plan');
    const batches = await takeDeliveryMessages();
    expect(batches).toHaveLength(6);

    // Act: three batches are 150 outcomes, under the minimum sample, so the run goes on
    for (const batch of batches.slice(0, 3)) await deliverAndSettle(batch);
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'started' });
    // The guard looks every few deliveries: it pauses within a batch of reaching 200 outcomes.
    let sentBatches = 3;
    while ((await getCampaignRecord(owner.tuid, id))?.status === 'started' && sentBatches < 5) await deliverAndSettle(batches[sentBatches++]!);
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'paused' });
    // A redelivered bounce, or a second worker judging the same counters, pauses nothing twice.
    await Promise.all([guardCampaignRun({ tuid: owner.tuid, campaignId: id, now: new Date() }), guardCampaignRun({ tuid: owner.tuid, campaignId: id, now: new Date() })]);
    for (const batch of batches.slice(sentBatches)) await deliverBatch({ message: batch, staleAfterMs: 120_000 });

    // Assess: the batches after the pause were parked, not sent
    const paused = await getCampaignRecord(owner.tuid, id);
    const [pause] = paused?.run?.guardPauses ?? [];
    expect(paused?.status).toBe('paused');
    expect(paused?.run?.guardPauses).toHaveLength(1);
    expect(pause).toMatchObject({ reason: 'bounces', count: BOUNCING, limit: 0.05 });
    expect(pause!.sample).toBeGreaterThanOrEqual(200);
    expect(pause!.sample).toBeLessThanOrEqual(sentBatches * 50);
    expect(pause!.rate).toBeCloseTo(BOUNCING / pause!.sample);
    const notices = await guardNotices();
    expect(notices).toHaveLength(1);
    // The report says why the campaign is paused, with the same figures.
    const report = await call<TCampaignReportResponse>(api, owner, 'GET', `/email/stat/overview/${id}`);
    expect(report.body.state.guardPause).toEqual(pause);
    expect(notices[0]).toMatchObject({
      type: 'emailCampign',
      severity: 3,
      message: { values: { campaignId: id, guardReason: 'bounces', guardLimit: 5, guardCount: BOUNCING, guardSample: pause!.sample, guardRate: Math.round((BOUNCING / pause!.sample) * 10_000) / 100 } },
    });

    // Act: the owner resumes; the parked batch goes and the run finishes
    expect((await actOnCampaign(api, owner, id, { action: 'resume' })).status).toBe(200);
    expect((await call<TCampaignReportResponse>(api, owner, 'GET', `/email/stat/overview/${id}`)).body.state.guardPause).toBeNull();
    for (const batch of await takeDeliveryMessages()) await deliverAndSettle(batch);

    // Assess
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'finished', run: { guardPauses: [{ reason: 'bounces' }] } });
    expect(await guardNotices()).toHaveLength(1);
  }, 120_000);
});
