/**
 * The whole way: the wizard's calls save a campaign, the actions route sends it, pauses, resumes
 * and stops it (the lead's campaign actions calling run-control), and the planner and delivery
 * workers take it from their queues to the sink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { updateAccount } from '../../../functions/data/accounts.js';
import { getCampaignCounters } from '../../../functions/data/campaign-counters.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { deliverBatch } from '../../../functions/services/campaigns/campaign-send/deliver.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { actOnCampaign, readyCommand, seedCampaign } from '../../helpers/seed/campaigns.js';
import { drainQueue, setDeliveryBatchSize, takeDeliveryMessages } from '../../helpers/queues.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let testTable: TestTable;
let owner: Actor & { login: string };

beforeAll(async () => {
  testTable = await useTestTable();
  setDeliveryBatchSize(50);
  api = await startApi();
  owner = await verifiedAccount(api, 'Sally Sender');
  await updateAccount(owner.tuid, { free: false, credits: { email: 1_000, sms: 0, attachmentMb: 0, pdfPages: 0, storageMb: 500, teamUsers: 0 } });
  await seedContacts(owner.tuid, 120);
}, 30_000);
afterAll(async () => {
  await api.close();
});

const mailsOf = async (campaignId: string) => (await readSink(testTable.sinkDir, 'mail', { limit: 10_000 })).filter((mail) => mail.tags?.campaignId === campaignId);

describe('a campaign sent through the API', () => {
  it('reaches every contact of the selection once and finishes', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Through the API', readyCommand(owner.login));

    // Act
    expect((await actOnCampaign(api, owner, id, { action: 'sendNow' })).status).toBe(200);
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');

    // Assess
    expect(await mailsOf(id)).toHaveLength(120);
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'finished', run: { recipients: 120 } });
    expect(await getCampaignCounters(owner.tuid, id)).toMatchObject({ recipients: 120, sent: 120 });
  });

  it('pauses, resumes and stops through the actions route', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Paused and stopped', readyCommand(owner.login));
    expect((await actOnCampaign(api, owner, id, { action: 'sendNow' })).status).toBe(200);
    await drainQueue('campaign-plan');
    const [first, second, third] = await takeDeliveryMessages();
    const deliver = (message: typeof first) => deliverBatch({ message: message!, staleAfterMs: 120_000 });

    // Act
    await deliver(first);
    expect((await actOnCampaign(api, owner, id, { action: 'pause' })).status).toBe(200);
    await deliver(second);
    await deliver(third);
    expect((await actOnCampaign(api, owner, id, { action: 'resume' })).status).toBe(200);
    const resumed = await takeDeliveryMessages();
    await deliver(resumed[0]);
    expect((await actOnCampaign(api, owner, id, { action: 'stop' })).status).toBe(200);
    for (const batch of resumed.slice(1)) await deliver(batch);

    // Assess
    expect(resumed.map((batch) => batch.seq)).toEqual([1, 2]);
    expect(await mailsOf(id)).toHaveLength(100);
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'stopped', run: { finishTime: expect.any(String) } });
  });
});
