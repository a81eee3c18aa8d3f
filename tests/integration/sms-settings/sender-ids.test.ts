/**
 * Sender IDs through the real handlers against DynamoDB Local (spec §3 "Verification", §4 "Sender
 * ID"): an account requests them, support approves, rejects or forces re-verification (each
 * decision notifies with smsIdentity), the campaign planner's usable list follows, and wrong
 * input, wrong callers and other tenants change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSenderIds } from '../../../functions/data/sender-ids.js';
import { listUsableSenderIds } from '../../../functions/services/sms-settings/sender-ids.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TNotificationPage } from '../../../shared/schemas/notifications.js';
import type { TAdminSenderIdList, TSenderId, TSenderIdList } from '../../../shared/schemas/sms-settings.js';
import { API, call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { asSupport, connect, signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { requestSenderId } from '../../helpers/seed/sender-ids.js';

let api: ApiClient;
let support: Actor;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  support = await asSupport(await signUpAs(api, 'Sam Support'));
});
afterAll(() => api.close());

const listOf = async (actor: Actor) => (await call<TSenderIdList>(api, actor, 'GET', '/sms/sender-ids')).body.data;
const queue = async (name: 'review' | 'verified') => (await call<TAdminSenderIdList>(api, support, 'GET', `/admin/sender-ids?queue=${name}`)).body.data;
const decide = (owner: Actor, id: string, action: string, body?: unknown) => call<TSenderId>(api, support, 'POST', `/admin/sender-ids/${owner.tuid}/${id}/${action}`, body);
/** A well-formed id that names no sender ID. */
const notificationsOf = async (api: ApiClient, actor: Actor) => (await call<TNotificationPage>(api, actor, 'GET', '/notification/pop-up?page=1&limit=100')).body.result;
const MISSING_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('requesting and listing', () => {
  it('requests alphanumeric and numeric IDs as pending, lists them oldest first, and puts them in the review queue', async () => {
    // Prepare
    const ada = await signUpAs(api, 'Ada Lovelace');

    // Act
    const brand = await requestSenderId(api, ada, '  AdaShop ');
    const number = await requestSenderId(api, ada, '85291234567');
    const listed = await listOf(ada);
    const review = await queue('review');

    // Assess
    expect(brand).toEqual({ id: expect.any(String), senderId: 'AdaShop', status: 'pending', reason: null, senderIdForceReverifyEndTime: null, createTime: expect.any(String) });
    expect(listed).toEqual([brand, number]);
    expect(review.filter((entry) => entry.tuid === ada.tuid)).toEqual([
      { ...brand, tuid: ada.tuid, accountName: 'Ada Lovelace', accountEmail: expect.stringMatching(/@example\.com$/) },
      { ...number, tuid: ada.tuid, accountName: 'Ada Lovelace', accountEmail: expect.any(String) },
    ]);
    expect(await listUsableSenderIds({ tuid: ada.tuid })).toEqual([]);
  });

  it('refuses an ID the account already has in any case, and bad IDs, storing nothing', async () => {
    // Prepare
    const bob = await signUpAs(api, 'Bob Babbage');
    await requestSenderId(api, bob, 'BobCo');

    // Act
    const answers = {
      sameCase: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: 'BobCo' }),
      otherCase: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: 'BOBCO' }),
      tooLong: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: 'BobCompanyLtd' }),
      tooShort: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: 'Bo' }),
      space: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: 'Bob Co' }),
      plus: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: '+85291234567' }),
      longNumber: await call(api, bob, 'POST', '/sms/sender-ids', { senderId: '1234567890123456' }),
      missing: await call(api, bob, 'POST', '/sms/sender-ids', {}),
      notJson: await api.request('POST', `${API}/sms/sender-ids`, { token: bob.token, rawBody: '{oops', headers: { 'content-type': 'application/json' } }),
    };

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.body, name).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.sameCase.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
    expect(answers.otherCase.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
    expect(answers.tooLong.body).toEqual({ statusCode: ERROR_CODES.INVALID_INPUT, message: 'senderId: tooLong' });
    expect(answers.tooShort.body.message).toBe('senderId: tooShort');
    expect(answers.space.body.message).toBe('senderId: characters');
    expect(answers.plus.body.message).toBe('senderId: characters');
    expect(answers.notJson.body.statusCode).toBe(ERROR_CODES.MALFORMED_REQUEST);
    expect((await listOf(bob)).map((entry) => entry.senderId)).toEqual(['BobCo']);
  });

  it('deletes an ID, which frees its text; another tenant cannot see or delete it', async () => {
    // Prepare
    const carol = await signUpAs(api, 'Carol Curie');
    const eve = await signUpAs(api, 'Eve Intruder');
    const created = await requestSenderId(api, carol, 'CarolCo');

    // Act
    const byEve = await call(api, eve, 'DELETE', `/sms/sender-ids/${created.id}`);
    const evesList = await listOf(eve);
    const deleted = await call(api, carol, 'DELETE', `/sms/sender-ids/${created.id}`);
    const again = await call(api, carol, 'DELETE', `/sms/sender-ids/${created.id}`);
    const requestedAgain = await requestSenderId(api, carol, 'CarolCo');

    // Assess
    expect(byEve.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(evesList).toEqual([]);
    expect(deleted.body).toEqual({ success: true });
    expect(again.status).toBe(404);
    expect(await listOf(carol)).toEqual([requestedAgain]);
    expect((await queue('review')).map((entry) => entry.id)).not.toContain(created.id);
  });
});

describe("support's decisions", () => {
  it('approves a request: verified, usable, out of the review queue, and the owner and requester are told', async () => {
    // Prepare: a campaign creator of Dan's account asks
    const dan = await signUpAs(api, 'Dan Dirac');
    const fay = await signUpAs(api, 'Fay Faraday');
    const creator = await connect(dan, fay, 'campaignCreator');
    const requested = await requestSenderId(api, creator, 'DanShop');

    // Act
    const approved = await decide(dan, requested.id, 'approve');

    // Assess
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ ...requested, status: 'verified' });
    expect(await listOf(dan)).toEqual([approved.body]);
    expect(await listUsableSenderIds({ tuid: dan.tuid })).toEqual([{ id: requested.id, senderId: 'DanShop' }]);
    expect((await queue('review')).map((entry) => entry.id)).not.toContain(requested.id);
    expect((await queue('verified')).map((entry) => entry.id)).toContain(requested.id);
    for (const reader of [dan, fay]) {
      expect(await notificationsOf(api, reader)).toEqual([
        expect.objectContaining({ type: 'smsIdentity', severity: 0, unread: true, message: { type: 'approved', values: { senderId: 'DanShop', senderIdForceReverifyEndTime: null } } }),
      ]);
    }
    // Approving twice is refused and tells no one again.
    expect((await decide(dan, requested.id, 'approve')).body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await notificationsOf(api, dan)).toHaveLength(1);
  });

  it('rejects with a reason the account reads; asking again for a rejected ID puts it back in the queue', async () => {
    // Prepare
    const gil = await signUpAs(api, 'Gil Gauss');
    const requested = await requestSenderId(api, gil, 'GilBank');

    // Act
    const noReason = await decide(gil, requested.id, 'reject', { reason: '   ' });
    const rejected = await decide(gil, requested.id, 'reject', { reason: 'Brand names of banks need a letter of authorisation.' });
    const listed = await listOf(gil);
    const reopened = await requestSenderId(api, gil, 'gilbank');

    // Assess
    expect(noReason.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(rejected.body).toEqual({ ...requested, status: 'rejected', reason: 'Brand names of banks need a letter of authorisation.' });
    expect(listed).toEqual([rejected.body]);
    expect(await notificationsOf(api, gil)).toEqual([expect.objectContaining({ type: 'smsIdentity', severity: 2, message: { type: 'rejected', values: { senderId: 'GilBank', senderIdForceReverifyEndTime: null } } })]);
    expect(reopened).toEqual({ ...requested, status: 'pending', reason: null });
    expect((await queue('review')).map((entry) => entry.id)).toContain(requested.id);
  });

  it('forces re-verification: usable until the end time, unusable after it, usable again once approved', async () => {
    // Prepare
    const hal = await signUpAs(api, 'Hal Hertz');
    const requested = await requestSenderId(api, hal, 'HalCo');
    const endTime = inAnHour();

    // Act
    const onPending = await decide(hal, requested.id, 'force-reverify', { senderIdForceReverifyEndTime: endTime });
    await decide(hal, requested.id, 'approve');
    const inThePast = await decide(hal, requested.id, 'force-reverify', { senderIdForceReverifyEndTime: '2020-01-01T00:00:00Z' });
    const notADate = await decide(hal, requested.id, 'force-reverify', { senderIdForceReverifyEndTime: 'tomorrow' });
    const forced = await decide(hal, requested.id, 'force-reverify', { senderIdForceReverifyEndTime: endTime });
    const usableBefore = await listUsableSenderIds({ tuid: hal.tuid });
    const usableAfter = await listUsableSenderIds({ tuid: hal.tuid, now: new Date(Date.parse(endTime) + 1000) });
    const inReview = (await queue('review')).map((entry) => entry.id);
    const reapproved = await decide(hal, requested.id, 'approve');

    // Assess
    expect(onPending.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(inThePast.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(notADate.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(forced.body).toEqual({ ...requested, status: 'verified', senderIdForceReverifyEndTime: endTime });
    expect((await call<TSenderIdList>(api, hal, 'GET', '/sms/sender-ids')).body.data).toEqual([reapproved.body]);
    expect(usableBefore).toEqual([{ id: requested.id, senderId: 'HalCo' }]);
    expect(usableAfter).toEqual([]);
    expect(inReview).toContain(requested.id);
    expect(reapproved.body).toEqual({ ...requested, status: 'verified' });
    expect(await listUsableSenderIds({ tuid: hal.tuid, now: new Date(Date.parse(endTime) + 1000) })).toHaveLength(1);
    const notices = await notificationsOf(api, hal);
    expect(notices.map((notice) => notice.message.type)).toEqual(['approved', 'reverify', 'approved']);
    expect(notices[1].message.values).toEqual({ senderId: 'HalCo', senderIdForceReverifyEndTime: endTime });
  });

  it('answers unknown IDs and other accounts as not found, and refuses everyone but support', async () => {
    // Prepare
    const ivy = await signUpAs(api, 'Ivy Ising');
    const requested = await requestSenderId(api, ivy, 'IvyCo');

    // Act
    const answers = {
      unknown: await decide(ivy, MISSING_ID, 'approve'),
      notAnId: await decide(ivy, 'no-such-id', 'approve'),
      wrongAccount: await call(api, support, 'POST', `/admin/sender-ids/${support.tuid}/${requested.id}/approve`),
      byOwner: await call(api, ivy, 'POST', `/admin/sender-ids/${ivy.tuid}/${requested.id}/approve`),
      listByOwner: await call(api, ivy, 'GET', '/admin/sender-ids'),
      badQueue: await call(api, support, 'GET', '/admin/sender-ids?queue=everything'),
    };

    // Assess
    expect(answers.unknown.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(answers.notAnId.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(answers.wrongAccount.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(answers.byOwner.body.statusCode).toBe(ERROR_CODES.ADMIN_ONLY);
    expect(answers.listByOwner.body.statusCode).toBe(ERROR_CODES.ADMIN_ONLY);
    expect(answers.badQueue.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await listSenderIds(ivy.tuid)).toMatchObject([{ status: 'pending', version: 0 }]);
    expect(await notificationsOf(api, ivy)).toEqual([]);
  });

  it('applies concurrent decisions one after the other, each on what the previous left, with one notice each', async () => {
    // Prepare
    const jay = await signUpAs(api, 'Jay Joule');
    const requested = await requestSenderId(api, jay, 'JayCo');

    // Act
    const [approved, rejected] = await Promise.all([decide(jay, requested.id, 'approve'), decide(jay, requested.id, 'reject', { reason: 'Duplicate' })]);

    // Assess: a rejection may follow the approval, an approval may follow the rejection; none is lost
    const applied = [approved.status === 200 && 'approved', rejected.status === 200 && 'rejected'].filter(Boolean);
    const final = (await listOf(jay))[0];
    expect(applied).toHaveLength(2);
    expect([approved.body, rejected.body]).toContainEqual(final);
    expect((await notificationsOf(api, jay)).map((notice) => notice.message.type).sort()).toEqual(applied.sort());
    expect((await listSenderIds(jay.tuid))[0].version).toBe(2);
  });
});

describe('permissions (spec §6)', () => {
  it('lets an analyst read but not request or delete, and a data manager not even read', async () => {
    // Prepare
    const kim = await signUpAs(api, 'Kim Kelvin');
    const lee = await signUpAs(api, 'Lee Lorentz');
    const created = await requestSenderId(api, kim, 'KimCo');
    const analyst = await connect(kim, lee, 'analyst');
    const dataManager = await connect(kim, lee, 'dataUser');

    // Act
    const read = await call<TSenderIdList>(api, analyst, 'GET', '/sms/sender-ids');
    const request = await call(api, analyst, 'POST', '/sms/sender-ids', { senderId: 'LeeCo' });
    const remove = await call(api, analyst, 'DELETE', `/sms/sender-ids/${created.id}`);
    const readByDataManager = await call(api, dataManager, 'GET', '/sms/sender-ids');

    // Assess
    expect(read.body.data).toEqual([created]);
    for (const answer of [request, remove, readByDataManager]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ statusCode: ERROR_CODES.NO_PERMISSION, message: expect.any(String) });
    }
    expect(await listOf(kim)).toEqual([created]);
  });
});
