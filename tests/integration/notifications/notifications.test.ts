/**
 * Notifications through the whole local host: producers create them with the real service, two
 * tabs of one user and a tab of another user listen on real sockets, and the menu, badge,
 * history, settings and mail are read back over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../../functions/data/accounts.js';
import { createNotification, DEFAULT_EMAIL_TYPES, getProgressItems, reportProgress } from '../../../functions/services/notifications/notifications.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TNotification } from '../../../shared/schemas/notifications.js';
import type { TProgressPayload } from '../../../shared/schemas/realtime.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { call } from '../../helpers/api.js';
import { logIn, openTab, settle, signUp, type Session } from '../../helpers/socket-clients.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});
afterAll(() => host.stop());

type Page = { result: TNotification[]; page: number; hasMore?: boolean };

const countOf = async (session: Session): Promise<number> => (await call<{ count: number }>(host.api, session, 'GET', '/notification/unopen-count')).body.count;

const importFinished = (userId: string, now = new Date()) =>
  createNotification({ userId, type: 'import', messageType: 'finished', severity: 0, values: { importName: 'list.csv', numberOfRecords: 10, numberOfErrors: 0 }, now });

describe('delivery', () => {
  it('signals a new notification to every tab of its user and to no one else', async () => {
    // Prepare
    const alice = await signUp(host, 'alice@example.com');
    const bob = await signUp(host, 'bob@example.com');
    const [tab1, tab2, bobsTab] = await Promise.all([openTab(host, alice.token, 'a-1'), openTab(host, alice.token, 'a-2'), openTab(host, bob.token, 'b-1')]);

    // Act
    const created = await importFinished(alice.userId);

    // Assess
    const expected = { event: 'notification', userId: alice.userId, data: { id: created.id } };
    expect(await tab1.waitFor((event) => event.event === 'notification')).toEqual(expected);
    expect(await tab2.waitFor((event) => event.event === 'notification')).toEqual(expected);
    await settle();
    expect(bobsTab.received).toEqual([]);
    const menu = await call<Page>(host.api, alice, 'GET', '/notification/pop-up?page=1&limit=10');
    expect(menu.body).toEqual({ page: 1, result: [created] });
    expect(created).toMatchObject({ type: 'import', severity: 0, unread: true, message: { type: 'finished', values: { importName: 'list.csv' } } });
    expect(await countOf(bob)).toBe(0);
    for (const tab of [tab1, tab2, bobsTab]) tab.close();
  });
});

describe('the unread counter', () => {
  it('stays exact under 20 concurrent creates, reads, repeated reads and deletes', async () => {
    // Prepare
    const carol = await signUp(host, 'carol@example.com');
    const [tab1, tab2] = await Promise.all([openTab(host, carol.token, 'c-1'), openTab(host, carol.token, 'c-2')]);

    // Act: 20 producers at once
    const created = await Promise.all(Array.from({ length: 20 }, () => importFinished(carol.userId)));
    const afterCreates = await countOf(carol);
    // …three read (one of them twice, from two tabs)…
    for (const id of [created[0].id, created[1].id, created[2].id, created[2].id]) {
      expect((await call(host.api, carol, 'POST', '/notification/mark-as-read', { id })).body).toEqual({ success: true });
    }
    const afterReads = await countOf(carol);
    // …two unread and one read deleted…
    for (const id of [created[10].id, created[11].id, created[0].id]) {
      expect((await call(host.api, carol, 'DELETE', '/notification/delete-one', { id })).body).toEqual({ success: true });
    }
    const afterDeletes = await countOf(carol);
    const postCount = await call<{ count: number }>(host.api, carol, 'POST', '/notification/unopen-count');
    const cleared = await call(host.api, carol, 'DELETE', '/notification/delete-all');

    // Assess
    expect(afterCreates).toBe(20);
    expect(afterReads).toBe(17);
    expect(afterDeletes).toBe(15);
    expect(postCount.body).toEqual({ count: 15 });
    expect(cleared.body).toEqual({ deleted: 17 });
    expect(await countOf(carol)).toBe(0);
    expect((await call<Page>(host.api, carol, 'GET', '/notification/pop-up')).body.result).toEqual([]);
    // Each read or delete that changed something told both tabs, once; clear-all says null.
    for (const tab of [tab1, tab2]) await tab.waitFor((event) => event.event === 'acknowledge' && event.data.notificationId === null);
    const acknowledged = tab2.received.flatMap((event) => (event.event === 'acknowledge' ? [event.data.notificationId] : []));
    expect(acknowledged).toEqual([created[0].id, created[1].id, created[2].id, created[10].id, created[11].id, created[0].id, null]);
    expect(tab2.received.filter((event) => event.event === 'notification')).toHaveLength(20);
    for (const tab of [tab1, tab2]) tab.close();
  });

  it('clears all again and again: each further clear answers that nothing was left', async () => {
    // Prepare: one user who never had a notification, one who has two
    const kate = await signUp(host, 'kate@example.com');
    const liam = await signUp(host, 'liam@example.com');
    await importFinished(liam.userId);
    await importFinished(liam.userId);

    // Act
    const clears = [];
    for (const user of [kate, kate, kate, liam, liam]) clears.push(await call(host.api, user, 'DELETE', '/notification/delete-all'));

    // Assess
    expect(clears.map((answer) => [answer.status, answer.body])).toEqual([
      [200, { deleted: 0 }],
      [200, { deleted: 0 }],
      [200, { deleted: 0 }],
      [200, { deleted: 2 }],
      [200, { deleted: 0 }],
    ]);
    expect([await countOf(kate), await countOf(liam)]).toEqual([0, 0]);
    await importFinished(kate.userId);
    expect(await countOf(kate)).toBe(1);
  });

  it('stops counting notifications older than 180 days', async () => {
    // Prepare
    const dave = await signUp(host, 'dave@example.com');
    await importFinished(dave.userId, new Date(Date.now() - 181 * 86_400_000));
    const fresh = await importFinished(dave.userId);

    // Act
    const count = await countOf(dave);
    const menu = await call<Page>(host.api, dave, 'GET', '/notification/pop-up');

    // Assess
    expect(count).toBe(1);
    expect(menu.body.result.map((notification) => notification.id)).toEqual([fresh.id]);
  });
});

describe('history', () => {
  it('filters by kind and creation date and pages with hasMore', async () => {
    // Prepare: 3 imports and 2 exports on 5 days
    const erin = await signUp(host, 'erin@example.com');
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 4));
    const imports = [];
    for (const n of [1, 3, 5]) imports.push(await importFinished(erin.userId, day(n)));
    for (const n of [2, 4]) {
      await createNotification({ userId: erin.userId, type: 'export', messageType: 'finished', severity: 0, values: { exportName: 'all', numberOfRecords: 3 }, now: day(n) });
    }
    const history = (query: string) => call<Page>(host.api, erin, 'GET', `/notification/history?${query}`);

    // Act
    const importsOnly = await history('type=import');
    const firstPage = await history('limit=2&page=1');
    const lastPage = await history('limit=2&page=3');
    const window = await history(`from=${encodeURIComponent('2026-10-02T00:00:00+08:00')}&to=${encodeURIComponent('2026-10-04T23:59:59.999Z')}`);
    const importsInWindow = await history(`type=import&from=${encodeURIComponent('2026-10-02T00:00:00Z')}`);

    // Assess
    expect(importsOnly.body.result.map((n) => n.id)).toEqual(imports.map((n) => n.id).reverse());
    expect(importsOnly.body.hasMore).toBe(false);
    expect(firstPage.body.result.map((n) => n.createTime)).toEqual([day(5).toISOString(), day(4).toISOString()]);
    expect(firstPage.body).toMatchObject({ page: 1, hasMore: true });
    expect(lastPage.body.result.map((n) => n.createTime)).toEqual([day(1).toISOString()]);
    expect(lastPage.body.hasMore).toBe(false);
    expect(window.body.result.map((n) => n.createTime)).toEqual([day(4), day(3), day(2)].map((d) => d.toISOString()));
    expect(importsInWindow.body.result.map((n) => n.id)).toEqual([imports[2].id, imports[1].id]);
  });
});

describe('provider support', () => {
  it('reads without marking and may not delete', async () => {
    // Prepare: the support account's own notifications
    const support = await logIn(host, host.support.email, host.support.password);
    const notice = await importFinished(support.userId);

    // Act
    const read = await call(host.api, support, 'POST', '/notification/mark-as-read', { id: notice.id });
    const deleteOne = await call(host.api, support, 'DELETE', '/notification/delete-one', { id: notice.id });
    const deleteAll = await call(host.api, support, 'DELETE', '/notification/delete-all');

    // Assess
    expect(read.body).toEqual({ success: true });
    for (const refused of [deleteOne, deleteAll]) {
      expect(refused.status).toBe(403);
      expect(refused.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    }
    expect(await countOf(support)).toBe(1);
    expect((await call<Page>(host.api, support, 'GET', '/notification/pop-up')).body.result[0]).toMatchObject({ id: notice.id, unread: true });
  });
});

describe('notification mail', () => {
  it('mails only the chosen kinds, in the user’s language, with a link to the app', async () => {
    // Prepare
    const frank = await signUp(host, 'frank@example.com', 'Frank Wu');
    const settings = await call<{ emailTypes: string[] }>(host.api, frank, 'GET', '/settings/notifications');

    // Act: campaigns are not mailed by default, imports are
    await createNotification({ userId: frank.userId, type: 'emailCampign', messageType: 'finished', severity: 0, values: { campName: 'Spring', sentNumberOfRecipients: 9, totalNumberOfRecipients: 9 }, now: new Date() });
    await importFinished(frank.userId);
    const importMail = await host.waitForMail('frank@example.com', (mail) => mail.subject.includes('list.csv'));
    // …then the user picks campaigns only, in Hong Kong Chinese.
    const changed = await call<{ emailTypes: string[] }>(host.api, frank, 'PUT', '/settings/notifications', { emailTypes: ['emailCampign', 'emailCampign'] });
    await call(host.api, frank, 'POST', '/language/ui-language', { isoCode: 'zh-HK' });
    await importFinished(frank.userId);
    await createNotification({ userId: frank.userId, type: 'emailCampign', messageType: 'approved', severity: 0, values: { campName: 'Summer', approver: { id: frank.userId, fullname: 'Frank Wu' } }, now: new Date() });
    const campaignMail = await host.waitForMail('frank@example.com', (mail) => mail.subject.includes('Summer'));
    await settle(500);
    const all = await host.readMail('frank@example.com');

    // Assess
    expect(settings.body.emailTypes).toEqual(expect.arrayContaining(['import', 'export', 'paymentError', 'teamAdminApprove']));
    expect(settings.body.emailTypes).not.toContain('emailCampign');
    expect(importMail.subject).toBe('The import “list.csv” has finished. Records imported: 10; with errors: 0.');
    expect(importMail.html).toContain(`href="${host.url}/"`);
    expect(importMail.html).toContain('/#/settings/notifications');
    expect(changed.body).toEqual({ emailTypes: ['emailCampign'] });
    expect(campaignMail.text).toContain('Frank Wu，你好');
    expect(campaignMail.subject).not.toContain('Frank Wu');
    expect(all.map((mail) => mail.subject)).toHaveLength(2);
  });
});

describe('progress and persistent notices', () => {
  it('keeps running jobs in the menu, tells the tabs, and drops finished ones after a while', async () => {
    // Prepare
    const gina = await signUp(host, 'gina@example.com');
    const tab = await openTab(host, gina.token, 'g-1');
    const running: TProgressPayload = { id: 'job-1', type: 'import', taskName: 'list.csv', currPos: 50, total: 100, progress: 50, status: 'importing', estimatedEndTime: null };
    const now = new Date();

    // Act
    await reportProgress({ userId: gina.userId, payload: running, now });
    const whileRunning = await call(host.api, gina, 'GET', '/notification/progress-items');
    await reportProgress({ userId: gina.userId, payload: { ...running, currPos: 100, progress: 100, status: 'finished' }, now: new Date(now.getTime() + 1000) });
    // A redelivered, older report changes nothing.
    await reportProgress({ userId: gina.userId, payload: running, now });
    const justFinished = await getProgressItems({ userId: gina.userId, now: new Date(now.getTime() + 2000) });
    const later = await getProgressItems({ userId: gina.userId, now: new Date(now.getTime() + 5 * 60_000) });

    // Assess
    expect(whileRunning.body).toEqual({ progressNotifications: [running], importing: true });
    expect(await tab.waitFor((event) => event.event === 'progress')).toEqual({ event: 'progress', userId: gina.userId, data: running });
    expect(justFinished).toEqual({ progressNotifications: [{ ...running, currPos: 100, progress: 100, status: 'finished' }], importing: false });
    expect(later).toEqual({ progressNotifications: [], importing: false });
    expect(tab.received.filter((event) => event.event === 'progress')).toHaveLength(2);
    tab.close();
  });

  it('answers the persistent notices from the account’s payment state', async () => {
    // Prepare
    const hal = await signUp(host, 'hal@example.com');
    const before = await call(host.api, hal, 'GET', '/notification/persist-pop-up');

    // Act
    await updateAccount(hal.userId, { hasFailedPayment: true, hasFailingPaymentMethods: true });
    const after = await call(host.api, hal, 'GET', '/notification/persist-pop-up');

    // Assess
    expect(before.body).toEqual({ result: [] });
    expect(after.body).toEqual({ result: [{ id: 'unpaidPlan', severity: 2 }, { id: 'failingPaymentMethods', severity: 2 }] });
  });
});

describe('bad input', () => {
  it('answers 4xx in the spec’s shape and changes nothing', async () => {
    // Prepare
    const ivy = await signUp(host, 'ivy@example.com');
    const kept = await importFinished(ivy.userId);
    const request = (method: string, path: string, body?: unknown) => call(host.api, ivy, method, path, body);

    // Act
    const answers = {
      markWrongType: await request('POST', '/notification/mark-as-read', { id: 5 }),
      markUnknown: await request('POST', '/notification/mark-as-read', { id: 'no-such-id' }),
      deleteNoBody: await request('DELETE', '/notification/delete-one'),
      deleteTooLong: await request('DELETE', '/notification/delete-one', { id: 'x'.repeat(500) }),
      deleteUnknown: await request('DELETE', '/notification/delete-one', { id: 'no-such-id' }),
      historyBadType: await request('GET', '/notification/history?type=bogus'),
      historyBadDate: await request('GET', '/notification/history?from=yesterday'),
      historyBackwards: await request('GET', `/notification/history?from=${encodeURIComponent('2026-10-05T00:00:00Z')}&to=${encodeURIComponent('2026-10-01T00:00:00Z')}`),
      historyBadPage: await request('GET', '/notification/history?page=0'),
      settingsBadType: await request('PUT', '/settings/notifications', { emailTypes: ['import', 'spam'] }),
      settingsNotArray: await request('PUT', '/settings/notifications', { emailTypes: 'import' }),
    };
    const badProducer = createNotification({ userId: ivy.userId, type: 'import', messageType: 'exploded', severity: 0, values: {}, now: new Date() });
    const badSeverity = createNotification({ userId: ivy.userId, type: 'import', messageType: 'finished', severity: 7 as 0, values: {}, now: new Date() });

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.body, name).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.markUnknown.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(answers.deleteUnknown.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(answers.historyBackwards.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    await expect(badProducer).rejects.toMatchObject({ code: ERROR_CODES.INVALID_INPUT });
    await expect(badSeverity).rejects.toMatchObject({ code: ERROR_CODES.INVALID_INPUT });
    expect(await countOf(ivy)).toBe(1);
    expect((await call<Page>(host.api, ivy, 'GET', '/notification/pop-up')).body.result.map((n) => n.id)).toEqual([kept.id]);
    expect((await request('GET', '/settings/notifications')).body).toEqual({ emailTypes: DEFAULT_EMAIL_TYPES });
  });
});

describe('the dev-only sample notification endpoint', () => {
  it('creates a notification for a user by login email, and refuses bad input', async () => {
    // Prepare
    const jack = await signUp(host, 'jack@example.com');
    const tab = await openTab(host, jack.token, 'j-1');
    const post = (body: unknown) => fetch(`${host.url}/dev/api/notify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    // Act
    const created = await post({ email: 'JACK@example.com', type: 'creditReady', messageType: 'sms', severity: 0, values: { numberOfCredits: 500 } });
    const unknownUser = await post({ email: 'nobody@example.com', type: 'creditReady', messageType: 'sms', severity: 0, values: {} });
    const badKind = await post({ email: 'jack@example.com', type: 'creditReady', messageType: 'gold', severity: 0, values: {} });
    const notJson = await fetch(`${host.url}/dev/api/notify`, { method: 'POST', body: '{' });

    // Assess
    expect(created.status).toBe(201);
    const notification = (await created.json()) as TNotification;
    expect(notification).toMatchObject({ type: 'creditReady', message: { type: 'sms', values: { numberOfCredits: 500 } }, unread: true });
    expect(await tab.waitFor((event) => event.event === 'notification')).toMatchObject({ data: { id: notification.id } });
    expect([unknownUser.status, badKind.status, notJson.status]).toEqual([404, 400, 400]);
    expect(await countOf(jack)).toBe(1);
    tab.close();
  });
});
