/**
 * Announcements through the whole local host: the seeded support account writes them through the
 * admin routes (sanitised, broadcast to every open socket), users read, open, remove and mark all
 * read through the announcement routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TAnnouncement, TAnnouncementInput, TAnnouncementPage } from '../../../shared/schemas/announcements.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { call } from '../../helpers/api.js';
import { logIn, openTab, settle, signUp, type Session } from '../../helpers/socket-clients.js';

let host: TestHost;
let support: Session;

beforeAll(async () => {
  host = await startTestHost();
  support = await logIn(host, host.support.email, host.support.password);
});
afterAll(() => host.stop());

const input = (overrides: Partial<TAnnouncementInput> = {}): TAnnouncementInput => ({
  title: 'Scheduled maintenance',
  preview: 'The platform is down on Sunday 02:00–03:00.',
  content: '<p>We upgrade the <strong>sending engine</strong>.</p>',
  pop_up: true,
  important: false,
  valid_date: null,
  ...overrides,
});

const publish = async (overrides: Partial<TAnnouncementInput> = {}): Promise<TAnnouncement> => {
  const answer = await call<TAnnouncement>(host.api, support, 'POST', '/admin/announcements', input(overrides));
  if (answer.status !== 200) throw new Error(`publishing answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const menuOf = async (session: Session, query = '') =>
  (await call<TAnnouncementPage>(host.api, session, 'GET', `/announcement/pop-up${query}`)).body;

describe('publishing', () => {
  it('broadcasts a new or changed announcement to every connected user', async () => {
    // Prepare
    const alice = await signUp(host, 'alice@example.com');
    const bob = await signUp(host, 'bob@example.com');
    const tabs = await Promise.all([openTab(host, alice.token, 'a-1'), openTab(host, alice.token, 'a-2'), openTab(host, bob.token, 'b-1')]);

    // Act
    const created = await publish();
    const updated = await call<TAnnouncement>(host.api, support, 'PUT', `/admin/announcements/${created.id}`, input({ title: 'Maintenance moved' }));

    // Assess
    for (const tab of tabs) {
      await tab.waitFor((event) => event.event === 'announcement' && tab.received.filter((e) => e.event === 'announcement').length === 2);
      expect(tab.received.filter((event) => event.event === 'announcement').map((event) => event.data)).toEqual([{ id: created.id }, { id: created.id }]);
    }
    expect(tabs[2].received[0]).toEqual({ event: 'announcement', userId: bob.userId, data: { id: created.id } });
    expect(updated.body).toMatchObject({ id: created.id, title: 'Maintenance moved', published_time: created.published_time });
    expect((await menuOf(bob)).data.map((announcement) => announcement.title)).toContain('Maintenance moved');
    for (const tab of tabs) tab.close();
  });

  it('sanitises the HTML: no scripts, event handlers or javascript: links; safe formatting stays', async () => {
    // Act
    const created = await publish({
      content:
        '<p onclick="steal()">Hello <b>all</b><script>alert(1)</script></p>' +
        '<img src="https://cdn.example.com/a.png" onerror="alert(2)" alt="banner">' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.com/help" target="_self">help</a>' +
        '<iframe src="https://example.com"></iframe><style>body{display:none}</style><img src="http://plain.example.com/b.png">',
    });
    const listed = (await call<{ data: TAnnouncement[] }>(host.api, support, 'GET', '/admin/announcements')).body.data.find((a) => a.id === created.id);

    // Assess
    for (const content of [created.content, listed?.content ?? '']) {
      expect(content).toContain('<b>all</b>');
      expect(content).toContain('<img src="https://cdn.example.com/a.png" alt="banner" />');
      expect(content).toContain('<a href="https://example.com/help" target="_blank" rel="noopener noreferrer">help</a>');
      for (const unsafe of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', '<iframe', '<style', 'display:none', 'http://plain']) expect(content).not.toContain(unsafe);
    }
  });

  it('refuses bad input, unknown ids and everyone but support staff, writing nothing', async () => {
    // Prepare
    const carol = await signUp(host, 'carol@example.com');
    const before = (await call<{ data: TAnnouncement[] }>(host.api, support, 'GET', '/admin/announcements')).body.data.length;

    // Act
    const answers = {
      byUser: await call(host.api, carol, 'POST', '/admin/announcements', input()),
      listByUser: await call(host.api, carol, 'GET', '/admin/announcements'),
      onlyScript: await call(host.api, support, 'POST', '/admin/announcements', input({ content: '<script>alert(1)</script>' })),
      noTitle: await call(host.api, support, 'POST', '/admin/announcements', input({ title: '  ' })),
      badDate: await call(host.api, support, 'POST', '/admin/announcements', { ...input(), valid_date: 'soon' }),
      updateUnknown: await call(host.api, support, 'PUT', '/admin/announcements/no-such-id', input()),
      deleteUnknown: await call(host.api, support, 'DELETE', '/admin/announcements/no-such-id'),
      openUnknown: await call(host.api, carol, 'GET', '/announcement/no-such-id'),
      hideUnknown: await call(host.api, carol, 'DELETE', '/announcement/no-such-id'),
      idTooLong: await call(host.api, carol, 'GET', `/announcement/${'x'.repeat(300)}`),
      badPage: await call(host.api, carol, 'GET', '/announcement/pop-up?limit=500'),
    };
    const after = (await call<{ data: TAnnouncement[] }>(host.api, support, 'GET', '/admin/announcements')).body.data.length;

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.body, name).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.byUser.body.statusCode).toBe(ERROR_CODES.ADMIN_ONLY);
    expect(answers.onlyScript.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(answers.updateUnknown.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(answers.openUnknown.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(after).toBe(before);
  });
});

describe('the announcement menu', () => {
  it('marks read on opening, hides removed ones, honours mark-all-read, and stops popping up after the valid date', async () => {
    // Prepare: a fresh user and three announcements (one already past its valid date)
    const dave = await signUp(host, 'dave@example.com');
    const past = await publish({ title: 'Old news', valid_date: '2020-01-01T00:00:00+08:00' });
    const first = await publish({ title: 'First' });
    const second = await publish({ title: 'Second', important: true });
    const existing = (await menuOf(dave)).data.length;

    // Act
    const opened = await call<TAnnouncement>(host.api, dave, 'GET', `/announcement/${first.id}`);
    const afterOpen = await menuOf(dave);
    const hidden = await call(host.api, dave, 'DELETE', `/announcement/${second.id}`);
    const afterHide = await menuOf(dave);
    const othersView = await menuOf(await signUp(host, 'erin@example.com'));
    const readAll = await call(host.api, dave, 'PUT', '/announcement/readAll');
    const afterReadAll = await menuOf(dave);
    const later = await publish({ title: 'After read-all' });
    const afterLater = await menuOf(dave);

    // Assess
    expect(opened.body).toMatchObject({ id: first.id, title: 'First', is_read: true });
    expect(afterOpen.data.slice(0, 3).map((a) => [a.title, a.is_read, a.pop_up])).toEqual([
      ['Second', false, true],
      ['First', true, true],
      ['Old news', false, false],
    ]);
    expect(afterOpen.unread).toBe(existing - 1);
    expect(hidden.body).toEqual({ success: true });
    expect(afterHide.data.map((a) => a.id)).not.toContain(second.id);
    expect(afterHide.unread).toBe(existing - 2);
    expect(othersView.data.map((a) => a.id)).toContain(second.id);
    expect(readAll.body).toEqual({ success: true });
    expect(afterReadAll.unread).toBe(0);
    expect(afterLater.unread).toBe(1);
    expect(afterLater.data[0]).toMatchObject({ id: later.id, is_read: false });
    expect(afterLater.current_page).toBe(1);
    expect(past.pop_up).toBe(false);
  });

  it('pages the menu ten at a time and forgets a withdrawn announcement', async () => {
    // Prepare
    const frank = await signUp(host, 'frank@example.com');
    for (let i = 0; i < 11; i += 1) await publish({ title: `Bulk ${i}` });
    const total = (await call<{ data: TAnnouncement[] }>(host.api, support, 'GET', '/admin/announcements')).body.data.length;
    const tab = await openTab(host, frank.token, 'f-1');

    // Act
    const page1 = await menuOf(frank, '?page=1&limit=10');
    const page2 = await menuOf(frank, `?page=${Math.ceil(total / 10)}&limit=10`);
    const withdrawn = await call(host.api, support, 'DELETE', `/admin/announcements/${page1.data[0].id}`);
    await tab.waitFor((event) => event.event === 'announcement');
    await settle();
    const afterWithdrawal = await menuOf(frank);

    // Assess
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0].title).toBe('Bulk 10');
    expect(page2.data.length).toBe(total - 10 * (Math.ceil(total / 10) - 1));
    expect(page1.unread).toBe(total);
    expect(withdrawn.body).toEqual({ success: true });
    expect(afterWithdrawal.data.map((a) => a.id)).not.toContain(page1.data[0].id);
    expect(afterWithdrawal.unread).toBe(total - 1);
    tab.close();
  });
});
