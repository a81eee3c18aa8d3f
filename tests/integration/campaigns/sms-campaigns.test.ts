/**
 * SMS and MMS campaigns through the real handlers under sms/ (spec §7: the SMS equivalents of the
 * save, check-title, lock and list calls): the same records and rules as email, each family's
 * campaigns kept apart, numbers and media checked on save, a sender ID usable only once verified,
 * and the cost preview per destination country.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../../functions/data/accounts.js';
import { writeNewContacts, allocateContactIds } from '../../../functions/data/contacts.js';
import { addAllowedCallingCode } from '../../../functions/data/sms-settings.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignCostResponse, TCampaignListResponse, TCampaignSummary, TSaveSmsCampaignResponse, TSmsCampaignCommand, TSmsCampaignLoadResponse } from '../../../shared/schemas/campaigns.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { CAMPAIGNS, SAVE, seedCampaign } from '../../helpers/seed/campaigns.js';
import { takePlanMessages } from '../../helpers/queues.js';

const SMS_SAVE = '/sms/create-campaign/save';
const SMS_CAMPAIGNS = '/sms/campaigns';

let api: ApiClient;
let owner: Actor & { login: string };

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  owner = await verifiedAccount(api, 'Sam Texter');
  await updateAccount(owner.tuid, { credits: { email: 0, sms: 500, attachment: 0, dynamicAttachment: 0 } } as never);
}, 30_000);
afterAll(async () => {
  await api.close();
});

/** Creates an SMS or MMS draft and saves `command` under its edit lock; answers its id and the save's answer. */
async function smsDraft(name: string, command: TSmsCampaignCommand, type: 'SMS' | 'MMS' = 'SMS') {
  const created = await call<{ id: string }>(api, owner, 'POST', SMS_SAVE, { campaignName: name, type });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id } = created.body;
  expect((await call(api, owner, 'GET', `${SMS_SAVE}/lock?id=${id}`)).status).toBe(200);
  const saved = await call<TSaveSmsCampaignResponse>(api, owner, 'POST', `${SMS_SAVE}?source=enter-message&mode=manual`, { id, command });
  return { id, saved };
}

describe('SMS campaign records', () => {
  it('saves and loads a command, reports pasted numbers that are not mobiles, and keeps the channel it was created with', async () => {
    // Act
    const { id, saved } = await smsDraft('Flash sale', { pastedNumbers: ['9123 4567', '+852 2345 6789', 'call me'], message: 'Hi {{ field:f1 | there }}' }, 'MMS');
    const loaded = await call<TSmsCampaignLoadResponse>(api, owner, 'GET', `${SMS_SAVE}?id=${id}`);
    const resaved = await call(api, owner, 'POST', SMS_SAVE, { id, command: { message: 'Changed' }, type: 'SMS' });

    // Assess: a Hong Kong landline and words are no mobiles.
    expect(saved.status).toBe(200);
    expect(saved.body.invalidNumbers).toEqual(['+852 2345 6789', 'call me']);
    expect(loaded.body).toMatchObject({ type: 'MMS', campaignName: 'Flash sale', command: { message: 'Hi {{ field:f1 | there }}', pastedNumbers: ['9123 4567', '+852 2345 6789', 'call me'] } });
    expect(resaved.status).toBe(200);
    expect((await call<TSmsCampaignLoadResponse>(api, owner, 'GET', `${SMS_SAVE}?id=${id}`)).body.type).toBe('MMS');
  });

  it('keeps the families apart: SMS campaigns are listed and found under sms/ only', async () => {
    // Prepare
    const { id: smsId } = await smsDraft('Apart SMS', { message: 'x' });
    const emailId = await seedCampaign(api, owner, 'Apart email');

    // Act
    const smsList = await call<TCampaignListResponse>(api, owner, 'GET', `${SMS_CAMPAIGNS}?search=apart`);
    const emailList = await call<TCampaignListResponse>(api, owner, 'GET', `${CAMPAIGNS}?search=apart`);
    const emailThroughSms = await call(api, owner, 'GET', `${SMS_SAVE}?id=${emailId}`);
    const smsThroughEmail = await call(api, owner, 'GET', `${SAVE}?id=${smsId}`);

    // Assess
    expect(smsList.body.data.map((campaign) => campaign.id)).toEqual([smsId]);
    expect(emailList.body.data.map((campaign) => campaign.id)).toEqual([emailId]);
    expect(emailThroughSms.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(smsThroughEmail.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
  });

  it('refuses MMS media the transport would refuse, saying which file and why, and changes nothing', async () => {
    // Prepare
    const { id } = await smsDraft('Too big', { message: 'Look' }, 'MMS');

    // Act
    const refused = await call(api, owner, 'POST', SMS_SAVE, {
      id,
      command: { content: { components: [{ type: 'video', contentId: 'f1', filename: 'launch.mp4', size: 900 * 1024, mimeType: 'video/mp4' }] } },
    });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(refused.body.message).toContain('launch.mp4');
    expect((await call<TSmsCampaignLoadResponse>(api, owner, 'GET', `${SMS_SAVE}?id=${id}`)).body.command.content).toBeUndefined();
  });
});

describe('sending an SMS campaign', () => {
  it('refuses a sender ID that is not verified, and sends with none', async () => {
    // Prepare
    const requested = await call<{ senderId: { id: string } }>(api, owner, 'POST', '/sms/sender-ids', { senderId: 'SHOPLTD' });
    expect(requested.status).toBe(201);
    const selection = { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };
    const { id } = await smsDraft('With sender', { selection, message: 'Sale', senderId: requested.body.senderId.id });
    await call(api, owner, 'DELETE', `${SMS_SAVE}/lock?id=${id}`);

    // Act
    const refused = await call(api, owner, 'POST', `${SMS_CAMPAIGNS}/${id}/actions`, { action: 'sendNow' });
    await call(api, owner, 'GET', `${SMS_SAVE}/lock?id=${id}`);
    await call(api, owner, 'POST', SMS_SAVE, { id, command: { senderId: null } });
    await call(api, owner, 'DELETE', `${SMS_SAVE}/lock?id=${id}`);
    const sent = await call<{ campaign: { status: string } }>(api, owner, 'POST', `${SMS_CAMPAIGNS}/${id}/actions`, { action: 'sendNow' });

    // Assess
    expect(refused.body.statusCode).toBe(ERROR_CODES.SENDER_UNVERIFIED);
    expect(sent.status).toBe(200);
    expect(sent.body.campaign.status).toBe('started');
    expect((await takePlanMessages()).map((message) => message.campaignId)).toContain(id);
  });

  it('refuses to send an MMS while the deployment names no number that can send MMS, changing nothing, and sends once it does', async () => {
    // Prepare
    const selection = { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };
    const { id } = await smsDraft('Picture sale', { selection, message: 'See our range', subject: 'Spring' }, 'MMS');
    await call(api, owner, 'DELETE', `${SMS_SAVE}/lock?id=${id}`);
    const configured = process.env.MMS_ORIGINATION_IDENTITY;
    delete process.env.MMS_ORIGINATION_IDENTITY;
    resetConfigForTests();

    // Act
    const refused = await call(api, owner, 'POST', `${SMS_CAMPAIGNS}/${id}/actions`, { action: 'sendNow' }).finally(() => {
      process.env.MMS_ORIGINATION_IDENTITY = configured;
      resetConfigForTests();
    });
    const afterRefusal = await call<TSmsCampaignLoadResponse>(api, owner, 'GET', `${SMS_SAVE}?id=${id}`);
    const planned = await takePlanMessages();
    const sent = await call<{ campaign: { status: string } }>(api, owner, 'POST', `${SMS_CAMPAIGNS}/${id}/actions`, { action: 'sendNow' });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(ERROR_CODES.MMS_NOT_SET_UP);
    expect(afterRefusal.body).toMatchObject({ type: 'MMS', campaign: { status: 'draft' } });
    expect(planned.map((message) => message.campaignId)).not.toContain(id);
    expect(sent.body.campaign.status).toBe('started');
  });

  it('shows no edit lock on a campaign that was sent while its sender still held the lock', async () => {
    // Prepare: the sender's wizard holds the lock when they send.
    const selection = { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };
    const { id } = await smsDraft('Sent while editing', { selection, message: 'Hello' });

    // Act
    const sent = await call<{ campaign: TCampaignSummary }>(api, owner, 'POST', `${SMS_CAMPAIGNS}/${id}/actions`, { action: 'sendNow' });
    const listed = await call<TCampaignListResponse>(api, owner, 'GET', `${SMS_CAMPAIGNS}?search=${encodeURIComponent('Sent while editing')}`);

    // Assess
    expect(sent.body.campaign).toMatchObject({ status: 'started', lock: null });
    expect(listed.body.data[0]?.lock).toBeNull();
  });

  it('previews the cost per destination country, counting pasted numbers that are no contacts yet', async () => {
    // Prepare: two Hong Kong contacts, a British one; only Hong Kong and the UK allowed; a pasted US number is skipped.
    const first = await allocateContactIds(owner.tuid, 3);
    const now = Date.now();
    const contact = (n: number, mobile: string) => ({ id: first + n, email: null, mobile, emailSubscribe: true, smsSubscribe: true, emailBounce: 'none' as const, smsBounce: 'none' as const, fields: {}, createTime: now, updateTime: now });
    await writeNewContacts(owner.tuid, [contact(0, '+85291110001'), contact(1, '+85291110002'), contact(2, '+447400123456')]);
    await addAllowedCallingCode(owner.tuid, '852', new Date().toISOString());
    await addAllowedCallingCode(owner.tuid, '44', new Date().toISOString());
    const selection = { includedGroup: ['system-mobile'], excludedGroup: [], includedCampaign: [], excludedCampaign: [] };
    const { id } = await smsDraft('Priced', { selection, pastedNumbers: ['9123 4599', '+1 201 555 0123'], message: 'Short and sweet' });

    // Act
    const cost = await call<TCampaignCostResponse>(api, owner, 'GET', `${SMS_CAMPAIGNS}/${id}/cost`);

    // Assess
    expect(cost.status, JSON.stringify(cost.body)).toBe(200);
    expect(cost.body).toMatchObject({ recipients: 4, credits: 3 + 3, skipped: 1, balance: 500 });
    // Most credits first; a tie goes by country code.
    expect(cost.body.countries).toEqual([
      { country: 'GB', recipients: 1, credits: 3, messages: 1 },
      { country: 'HK', recipients: 3, credits: 3, messages: 3 },
    ]);
  });
});
