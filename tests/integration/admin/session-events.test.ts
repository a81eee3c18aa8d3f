/**
 * Session events of spec §2.5 and §7 through the whole local host: a second sign-in reaches the
 * first browser (newLogin), a password change ends the other sessions (changedPassword), and
 * provider support's force-logout and lock end every session (logout) — each checked on real
 * sockets and with the ended sessions' token refresh.
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
    const refreshWhileLocked = await refresh(session);
    const signInWhileLocked = await host.api.request('POST', '/auth/login', { body: { email: 'dave@example.com', password: PASSWORD } });
    const unlocked = await call(host.api, support, 'POST', '/admin/users/lock', { email: 'dave@example.com', locked: false });
    const refreshEvent = await tab.waitFor((e) => e.event === 'refreshToken');
    const again = await logIn(host, 'dave@example.com');
    const info = await call<TUserInfo>(host.api, again, 'GET', '/user');

    // Assess
    expect(locked.body).toEqual({ success: true });
    expect(logoutEvent).toEqual({ event: 'logout', userId: signedUp.userId, data: { reason: 'lockedBy', lockedBy: 'provider' } });
    expect(refreshWhileLocked.status).toBe(401);
    expect(signInWhileLocked.status).toBe(403);
    expect(signInWhileLocked.body).toMatchObject({ statusCode: ERROR_CODES.ACCOUNT_LOCKED, lockedBy: 'provider' });
    expect(unlocked.body).toEqual({ success: true });
    expect(refreshEvent).toMatchObject({ event: 'refreshToken', userId: signedUp.userId });
    // Never verified, so back to verifying rather than active.
    expect(info.body).toMatchObject({ status: 'verifying', lockedBy: null });
    tab.close();
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
