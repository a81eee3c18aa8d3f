/**
 * Session events of spec §2.5 and §7 through the whole local host: a second sign-in reaches the
 * first browser (newLogin), a password change ends the other sessions (changedPassword), and
 * provider support's force-logout and lock end every session (logout) — each checked on real
 * sockets and with the ended sessions' token refresh; and whichever way a session ends, its token
 * is refused on data routes and sockets within seconds and its open sockets close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';
import { startTestHost, type TestHost } from '../../helpers/local-host.js';
import { call } from '../../helpers/api.js';
import { CHROME_ON_WINDOWS, FIREFOX_ON_LINUX, logIn, openTab, PASSWORD, settle, signUp, type Session } from '../../helpers/socket-clients.js';

let host: TestHost;
let support: Session;

beforeAll(async () => {
  host = await startTestHost();
  support = await logIn(host, host.support.email, host.support.password);
});
afterAll(() => host.stop());

const refresh = (session: Session) => host.api.request('GET', '/auth/refresh', { token: session.token });

/** How long a data route kept answering a session's token after `since`, polled until it answers 401 (at most `boundMs`). */
async function msUntilRefused(session: Session, since: number, boundMs = 8000): Promise<number> {
  for (;;) {
    const answer = await call(host.api, session, 'POST', '/contacts/search', {});
    if (answer.status === 401) return Date.now() - since;
    if (answer.status !== 200) throw new Error(`contacts/search answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (Date.now() - since > boundMs) throw new Error(`the token still read contacts ${boundMs} ms after its session ended`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a new sign-in', () => {
  it('tells the browsers already signed in, with where and what signed in', async () => {
    // Prepare: signed in with Chrome, one tab open
    await signUp(host, 'alice@example.com');
    const chrome = await logIn(host, 'alice@example.com', PASSWORD, CHROME_ON_WINDOWS);
    const tab = await openTab(host, chrome.token, 'chrome-1');

    // Act: the same user signs in with Firefox
    const before = Date.now();
    await logIn(host, 'alice@example.com', PASSWORD, FIREFOX_ON_LINUX);

    // Assess
    const event = await tab.waitFor((e) => e.event === 'newLogin');
    expect(event).toMatchObject({
      event: 'newLogin',
      userId: chrome.userId,
      data: { location: 'private', ip: '127.0.0.1', device: 'Linux', browser: 'Firefox', browserVersion: '125.0' },
    });
    expect(event.event === 'newLogin' && Date.parse(event.data.time)).toBeGreaterThanOrEqual(before - 1000);
    tab.close();
  });
});

describe('a password change', () => {
  it('ends the user’s other sessions and tells their tabs which session stays', async () => {
    // Prepare: two browsers of one user, each with a tab
    await signUp(host, 'bob@example.com');
    const first = await logIn(host, 'bob@example.com');
    const second = await logIn(host, 'bob@example.com', PASSWORD, FIREFOX_ON_LINUX);
    const [firstTab, secondTab] = await Promise.all([openTab(host, first.token, 'first'), openTab(host, second.token, 'second')]);

    // Act
    const changed = await call<{ token: string }>(host.api, first, 'POST', '/settings/account/change-password', { oldPassword: PASSWORD, newPassword: 'Changed-Password-77' });

    // Assess
    expect(changed.status).toBe(200);
    for (const tab of [firstTab, secondTab]) {
      expect(await tab.waitFor((e) => e.event === 'changedPassword')).toEqual({ event: 'changedPassword', userId: first.userId, data: { sid: first.sid } });
    }
    expect((await refresh(second)).status).toBe(401);
    expect((await refresh({ ...first, token: changed.body.token })).status).toBe(200);
    for (const tab of [firstTab, secondTab]) tab.close();
  });
});

describe('provider support', () => {
  it('force-logs-out every session of a user', async () => {
    // Prepare
    await signUp(host, 'carol@example.com');
    const sessions = [await logIn(host, 'carol@example.com'), await logIn(host, 'carol@example.com')];
    const tabs = await Promise.all(sessions.map((session, i) => openTab(host, session.token, `carol-${i}`)));

    // Act
    const answer = await call(host.api, support, 'POST', '/admin/users/force-logout', { email: ' CAROL@example.com ' });

    // Assess
    expect(answer.body).toEqual({ success: true });
    for (const tab of tabs) {
      expect(await tab.waitFor((e) => e.event === 'logout')).toMatchObject({ data: { reason: 'sysadForceLogout' } });
    }
    for (const session of sessions) expect((await refresh(session)).status).toBe(401);
    expect((await refresh(support)).status).toBe(200);
    for (const tab of tabs) tab.close();
  });

  it('locks an account (sessions end, sign-in refused) and unlocks it', async () => {
    // Prepare
    const signedUp = await signUp(host, 'dave@example.com');
    const session = await logIn(host, 'dave@example.com');
    const tab = await openTab(host, session.token, 'dave-1');

    // Act
    const locked = await call(host.api, support, 'POST', '/admin/users/lock', { email: 'dave@example.com', locked: true });
    const logoutEvent = await tab.waitFor((e) => e.event === 'logout');
    // The lock ended the tab's session, so its socket closes after the event.
    await tab.waitForClose();
    const refreshWhileLocked = await refresh(session);
    const signInWhileLocked = await host.api.request('POST', '/auth/login', { body: { email: 'dave@example.com', password: PASSWORD } });
    const unlocked = await call(host.api, support, 'POST', '/admin/users/lock', { email: 'dave@example.com', locked: false });
    const again = await logIn(host, 'dave@example.com');
    const info = await call<TUserInfo>(host.api, again, 'GET', '/user');

    // Assess
    expect(locked.body).toEqual({ success: true });
    expect(logoutEvent).toEqual({ event: 'logout', userId: signedUp.userId, data: { reason: 'lockedBy', lockedBy: 'provider' } });
    expect(refreshWhileLocked.status).toBe(401);
    expect(signInWhileLocked.status).toBe(403);
    expect(signInWhileLocked.body).toMatchObject({ statusCode: ERROR_CODES.ACCOUNT_LOCKED, lockedBy: 'provider' });
    expect(unlocked.body).toEqual({ success: true });
    // Never verified, so back to verifying rather than active.
    expect(info.body).toMatchObject({ status: 'verifying', lockedBy: null });
  });

  it('refuses unknown users, bad input, its own lock, and everyone but support staff', async () => {
    // Prepare
    const erin = await signUp(host, 'erin@example.com');
    const tab = await openTab(host, erin.token, 'erin-1');

    // Act
    const answers = {
      unknownLogout: await call(host.api, support, 'POST', '/admin/users/force-logout', { email: 'nobody@example.com' }),
      unknownLock: await call(host.api, support, 'POST', '/admin/users/lock', { email: 'nobody@example.com', locked: true }),
      notAnEmail: await call(host.api, support, 'POST', '/admin/users/force-logout', { email: 'erin' }),
      lockedNotBoolean: await call(host.api, support, 'POST', '/admin/users/lock', { email: 'erin@example.com', locked: 'yes' }),
      ownLock: await call(host.api, support, 'POST', '/admin/users/lock', { email: host.support.email, locked: true }),
      byUser: await call(host.api, erin, 'POST', '/admin/users/force-logout', { email: 'erin@example.com' }),
    };
    await settle();

    // Assess
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeGreaterThanOrEqual(400);
      expect(answer.status, name).toBeLessThan(500);
      expect(answer.body, name).toEqual({ statusCode: expect.any(String), message: expect.any(String) });
    }
    expect(answers.unknownLogout.body.statusCode).toBe(ERROR_CODES.USER_NOT_FOUND);
    expect(answers.unknownLock.body.statusCode).toBe(ERROR_CODES.USER_NOT_FOUND);
    expect(answers.notAnEmail.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(answers.ownLock.body.statusCode).toBe(ERROR_CODES.NO_PERMISSION);
    expect(answers.byUser.body.statusCode).toBe(ERROR_CODES.ADMIN_ONLY);
    expect(tab.received).toEqual([]);
    expect((await refresh(erin)).status).toBe(200);
    expect((await refresh(support)).status).toBe(200);
    tab.close();
  });
});

describe('an ended session', () => {
  /** Ends `ended` (a session of `email`, where `kept` is another one or null) one way; answers the token that stays, if any. */
  type EndSession = (email: string, ended: Session, kept: Session) => Promise<Session | null>;
  const ways: Array<[string, EndSession]> = [
    ['logout', async (_email, ended, kept) => {
      expect((await host.api.request('GET', '/auth/logout', { token: ended.token })).status).toBe(200);
      return kept;
    }],
    ['a password change in another session', async (_email, _ended, kept) => {
      const changed = await call<{ token: string }>(host.api, kept, 'POST', '/settings/account/change-password', { oldPassword: PASSWORD, newPassword: 'Changed-Password-88' });
      expect(changed.status).toBe(200);
      return { ...kept, token: changed.body.token };
    }],
    ['force-logout', async (email) => {
      expect((await call(host.api, support, 'POST', '/admin/users/force-logout', { email })).status).toBe(200);
      return null;
    }],
    ['a support lock', async (email) => {
      expect((await call(host.api, support, 'POST', '/admin/users/lock', { email, locked: true })).status).toBe(200);
      return null;
    }],
  ];

  it.each(ways)('is refused on data routes and sockets within 5 s after %s, and its open sockets close', async (way, end) => {
    // Prepare: two sessions of one user, each reading contacts with a tab open
    const email = `ended-${ways.findIndex(([name]) => name === way)}@example.com`;
    await signUp(host, email);
    const [ended, kept] = [await logIn(host, email), await logIn(host, email, PASSWORD, FIREFOX_ON_LINUX)];
    const [endedTab, keptTab] = await Promise.all([openTab(host, ended.token, 'ended'), openTab(host, kept.token, 'kept')]);
    expect((await call(host.api, ended, 'POST', '/contacts/search', {})).status).toBe(200);

    // Act
    const staying = await end(email, ended, kept);
    const endedAt = Date.now();

    // Assess
    expect(await msUntilRefused(ended, endedAt)).toBeLessThanOrEqual(5000);
    expect(await endedTab.waitForClose(5000)).toBeGreaterThan(0);
    await expect(openTab(host, ended.token, 'ended-again')).rejects.toThrow('refused: 401');
    if (staying) {
      expect((await call(host.api, staying, 'POST', '/contacts/search', {})).status).toBe(200);
      expect(keptTab.isOpen()).toBe(true);
    } else {
      expect(await keptTab.waitForClose(5000)).toBeGreaterThan(0);
    }
    keptTab.close();
  });
});
