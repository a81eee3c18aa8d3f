/**
 * Campaign state changes through the real handler (spec §4 "Campaign", "Approval"): what each
 * action needs, where it may start from, what it leaves behind (the planner's message, a
 * schedule entry, a notification), and the scheduler that starts due and recurring campaigns.
 * The planner itself is not run here (tests/integration/campaign-send covers it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../../functions/data/accounts.js';
import { changeCampaignRecord, getCampaignRecord, listCampaignRecords, putApprovers } from '../../../functions/data/campaigns.js';
import { runCampaignScheduler } from '../../../functions/services/campaigns/campaign-scheduler.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TRecurringRule } from '../../../shared/schemas/campaigns.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { SAVE, actOnCampaign, readyCommand, seedCampaign } from '../../helpers/seed/campaigns.js';
import { takePlanMessages } from '../../helpers/queues.js';

let api: ApiClient;
let owner: Actor & { login: string };
let approver: Actor;
let creator: Actor;

const HOUR_MS = 3_600_000;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  owner = await verifiedAccount(api, 'Olive Owner');
  approver = await connect(owner, await verifiedAccount(api, 'Abe Approver'), 'collaborator');
  creator = await connect(owner, await verifiedAccount(api, 'Cal Creator'), 'campaignCreator');
  await putApprovers(owner.tuid, creator.loginTuid, [approver.loginTuid]);
}, 30_000);
afterAll(async () => {
  await api.close();
});

const ready = (name: string) => seedCampaign(api, owner, name, readyCommand(owner.login));
const notices = async (actor: Actor) =>
  (await call<{ result: Array<{ type: string; message: { type: string; values: Record<string, unknown> } }> }>(api, actor, 'GET', '/notification/pop-up?page=1&limit=10')).body.result;

describe('sending now', () => {
  it('starts a complete campaign and queues one run for the planner; a second send is refused', async () => {
    // Prepare
    const id = await ready('Send now');
    await takePlanMessages();

    // Act
    const sent = await actOnCampaign(api, owner, id, { action: 'sendNow' });
    const again = await actOnCampaign(api, owner, id, { action: 'sendNow' });

    // Assess
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.campaign.status).toBe('started');
    const record = await getCampaignRecord(owner.tuid, id);
    expect(await takePlanMessages()).toEqual([{ tuid: owner.tuid, campaignId: id, runId: record?.run?.runId, kind: 'send' }]);
    expect(record?.run?.commandKey).toBe(record?.commandKey);
    expect(again.status).toBe(409);
    expect(again.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
  });

  it('refuses to send what is incomplete, from an unverified sender, or from an unverified account, changing nothing', async () => {
    // Prepare
    const empty = await seedCampaign(api, owner, 'Incomplete');
    const otherSender = await seedCampaign(api, owner, 'Other sender', readyCommand('someone.else@example.com'));
    const unverified = await verifiedAccount(api, 'Una Unverified');
    const unverifiedCampaign = await seedCampaign(api, unverified, 'Unverified', readyCommand(unverified.login));
    await updateAccount(unverified.tuid, { unverified: true });

    // Act
    const incomplete = await actOnCampaign(api, owner, empty, { action: 'sendNow' });
    const wrongSender = await actOnCampaign(api, owner, otherSender, { action: 'sendNow' });
    const notVerified = await actOnCampaign(api, unverified, unverifiedCampaign, { action: 'sendNow' });

    // Assess
    expect(incomplete.body).toMatchObject({ statusCode: ERROR_CODES.CAMPAIGN_INCOMPLETE, message: 'missing recipients, subject, sender, content' });
    expect(wrongSender.body.statusCode).toBe(ERROR_CODES.SENDER_UNVERIFIED);
    expect(notVerified.body.statusCode).toBe(ERROR_CODES.UNVERIFIED);
    for (const id of [empty, otherSender]) expect((await getCampaignRecord(owner.tuid, id))?.status).toBe('draft');
    expect(await takePlanMessages()).toEqual([]);
  });

  it('takes no send while someone else is editing, and no edit after the send', async () => {
    // Prepare
    const id = await ready('Edited meanwhile');
    await call(api, approver, 'GET', `${SAVE}/lock?id=${id}`);

    // Act
    const whileEdited = await actOnCampaign(api, owner, id, { action: 'schedule', scheduleTime: new Date(Date.now() + HOUR_MS).toISOString() });
    await call(api, approver, 'DELETE', `${SAVE}/lock?id=${id}`);
    await actOnCampaign(api, owner, id, { action: 'sendNow' });
    await call(api, owner, 'GET', `${SAVE}/lock?id=${id}`);
    const edit = await call(api, owner, 'POST', SAVE, { id, command: { subject: 'Too late' } });

    // Assess
    expect(whileEdited.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
    expect(edit.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
    await takePlanMessages();
  });
});

describe('schedules', () => {
  it('schedules at a valid time, cancels, and lets a cancelled campaign be scheduled again', async () => {
    // Prepare
    const id = await ready('Scheduled');
    const at = new Date(Date.now() + 2 * HOUR_MS);

    // Act
    const tooSoon = await actOnCampaign(api, owner, id, { action: 'schedule', scheduleTime: new Date(Date.now() + 60_000).toISOString() });
    const scheduled = await actOnCampaign(api, owner, id, { action: 'schedule', scheduleTime: at.toISOString() });
    const cancelled = await actOnCampaign(api, owner, id, { action: 'cancel' });
    const rescheduled = await actOnCampaign(api, owner, id, { action: 'schedule', scheduleTime: at.toISOString() });

    // Assess
    expect(tooSoon.body.statusCode).toBe(ERROR_CODES.SCHEDULE_TIME);
    expect(scheduled.body.campaign).toMatchObject({ status: 'scheduled', scheduleTime: at.toISOString() });
    expect(cancelled.body.campaign).toMatchObject({ status: 'cancelled', scheduleTime: null });
    expect(rescheduled.body.campaign.status).toBe('scheduled');
    expect((await notices(owner)).map((notice) => notice.message.type)).toEqual(expect.arrayContaining(['scheduled', 'cancelled']));
  });

  it('activates, modifies and deactivates a recurring schedule (times in Asia/Hong_Kong)', async () => {
    // Prepare
    const id = await ready('Weekly digest');
    const rule: TRecurringRule = { frequency: 'weekly', time: '09:30', weekdays: [1], startsAt: new Date().toISOString() };

    // Act
    const activated = await actOnCampaign(api, owner, id, { action: 'activateRecurring', recurring: rule });
    const cancel = await actOnCampaign(api, owner, id, { action: 'cancel' });
    const modified = await actOnCampaign(api, owner, id, { action: 'modifyRecurring', recurring: { ...rule, frequency: 'daily', weekdays: undefined, time: '18:00' } });
    const deactivated = await actOnCampaign(api, owner, id, { action: 'deactivateRecurring' });

    // Assess
    const first = new Date(activated.body.campaign.scheduleTime!);
    expect(first.getUTCDay()).toBe(1);
    expect([first.getUTCHours(), first.getUTCMinutes()]).toEqual([1, 30]);
    expect(cancel.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
    expect(new Date(modified.body.campaign.scheduleTime!).getUTCHours()).toBe(10);
    expect(deactivated.body.campaign).toMatchObject({ status: 'draft', recurring: null, scheduleTime: null });
  });

  it('the scheduler starts a due campaign once, however often it runs', async () => {
    // Prepare
    const id = await ready('Due now');
    await actOnCampaign(api, owner, id, { action: 'schedule', scheduleTime: new Date(Date.now() + HOUR_MS).toISOString() });
    await changeCampaignRecord(owner.tuid, id, {}, { status: 'scheduled', scheduleTime: new Date(Date.now() - 1000).toISOString() });
    await takePlanMessages();

    // Act
    await Promise.all([runCampaignScheduler(new Date()), runCampaignScheduler(new Date())]);
    await runCampaignScheduler(new Date());

    // Assess
    expect((await getCampaignRecord(owner.tuid, id))?.status).toBe('started');
    expect((await takePlanMessages()).filter((message) => message.campaignId === id)).toHaveLength(1);
  });

  it('sends each due occurrence of a recurring campaign as a copy with its own report, then waits for the next', async () => {
    // Prepare
    const id = await ready('Daily news');
    const rule: TRecurringRule = { frequency: 'daily', time: '08:00', startsAt: new Date().toISOString() };
    await actOnCampaign(api, owner, id, { action: 'activateRecurring', recurring: rule });
    const due = new Date(Date.now() - 60_000);
    await changeCampaignRecord(owner.tuid, id, {}, { status: 'scheduled', scheduleTime: due.toISOString() });
    await takePlanMessages();

    // Act
    await runCampaignScheduler(new Date());
    await changeCampaignRecord(owner.tuid, id, {}, { status: 'scheduled', scheduleTime: due.toISOString() });
    await runCampaignScheduler(new Date());

    // Assess: one occurrence for that time, started; the parent scheduled for the next 08:00.
    const occurrences = (await listCampaignRecords(owner.tuid, ['email'])).filter((campaign) => campaign.parentId === id);
    expect(occurrences).toHaveLength(1);
    expect(occurrences[0]).toMatchObject({ status: 'started', subject: 'Spring offers' });
    expect(occurrences[0].name).toMatch(/^Daily news \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}\)$/);
    const parent = await getCampaignRecord(owner.tuid, id);
    expect(parent?.status).toBe('scheduled');
    expect(new Date(parent!.scheduleTime!).getUTCHours()).toBe(0);
    expect((await takePlanMessages()).map((message) => message.campaignId)).toEqual([occurrences[0].id]);
  });
});

describe('approval', () => {
  it('makes a user with approvers ask; an approver rejects, then approves, and the send goes as the requester’s', async () => {
    // Prepare
    const id = await seedCampaign(api, creator, 'Needs approval', readyCommand(owner.login));

    // Act
    const direct = await actOnCampaign(api, creator, id, { action: 'sendNow' });
    const requested = await actOnCampaign(api, creator, id, { action: 'requestApproval' });
    const sendWhileWaiting = await actOnCampaign(api, creator, id, { action: 'sendNow' });
    const byNonApprover = await actOnCampaign(api, creator, id, { action: 'approve' });
    const rejected = await actOnCampaign(api, approver, id, { action: 'reject', reason: 'Wrong offer' });
    await actOnCampaign(api, creator, id, { action: 'requestApproval' });
    const approved = await actOnCampaign(api, approver, id, { action: 'approve' });

    // Assess
    expect(direct.body.statusCode).toBe(ERROR_CODES.APPROVAL_REQUIRED);
    expect(requested.body.campaign).toMatchObject({ status: 'draft', approval: 'waiting' });
    expect(sendWhileWaiting.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
    expect(byNonApprover.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(rejected.body.campaign).toMatchObject({ status: 'draft', approval: 'rejected' });
    expect(approved.body.campaign).toMatchObject({ status: 'started', approval: 'approved' });
    const record = await getCampaignRecord(owner.tuid, id);
    expect(record?.run?.startedBy.loginTuid).toBe(creator.loginTuid);
    expect(record?.approval?.decidedBy?.loginTuid).toBe(approver.loginTuid);
    expect((await notices(approver)).filter((notice) => notice.message.type === 'approvalRequested')).toHaveLength(2);
    expect((await notices(creator)).map((notice) => notice.message.type)).toEqual(expect.arrayContaining(['approved', 'rejected']));
    expect((await takePlanMessages()).filter((message) => message.campaignId === id)).toHaveLength(1);
  });

  it('schedules an approved send that asked for a time', async () => {
    // Prepare
    const id = await seedCampaign(api, creator, 'Approve for later', readyCommand(owner.login));
    const at = new Date(Date.now() + 3 * HOUR_MS).toISOString();

    // Act
    await actOnCampaign(api, creator, id, { action: 'requestApproval', scheduleTime: at });
    const approved = await actOnCampaign(api, approver, id, { action: 'approve' });

    // Assess
    expect(approved.body.campaign).toMatchObject({ status: 'scheduled', scheduleTime: at, approval: 'approved' });
  });

  it('needs no approval for the owner, who is told so when asking', async () => {
    // Prepare
    const id = await ready('Owner sends');

    // Act
    const asked = await actOnCampaign(api, owner, id, { action: 'requestApproval' });

    // Assess
    expect(asked.body.statusCode).toBe(ERROR_CODES.CAMPAIGN_STATE);
  });
});
