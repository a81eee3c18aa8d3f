import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { resetPassword } from '../../../functions/services/session/password-reset.js';
import { LOGIN_BACKOFF, PASSWORD_HISTORY_SIZE, PASSWORD_RESET_TTL_MS, RATE_LIMITS } from '../../../shared/constants.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { signUpAs } from '../../helpers/seed/accounts.js';

const PASSWORD = 'Api-Test-User-2026';
let api: ApiClient;
let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

async function logIn(email: string, password: string) {
  return api.request<{ token: string }>('POST', '/auth/login', { body: { email, password } });
}

async function sessionIsOpen(token: string): Promise<boolean> {
  return (await api.request('GET', '/auth/refresh', { token })).status === 200;
}

/** Delivers queued mail and answers the reset link's token in the newest mail to `to`, or null. */
async function mailedResetToken(to: string): Promise<string | null> {
  await runQueueOnce('outbound-mail');
  const [mail] = await readSink(testTable.sinkDir, 'mail', { to });
  return /reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? null;
}

describe('profile', () => {
  it('answers the sign-up time zone and stores name, time zone, language and the footer switch', async () => {
    // Prepare: a visitor in Hong Kong signs up.
    const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
      body: { fullname: 'Mei Chan', email: 'mei@example.com', password: PASSWORD, timezone: 'Asia/Hong_Kong' },
    });
    const user = { token: answer.body.token };
    // Act
    const before = await call(api, user, 'GET', '/settings/account/profile');
    const saved = await call(api, user, 'PUT', '/settings/account/profile', { fullname: ' Mei Ling Chan ', timezone: 'Europe/Berlin', language: 'zh-HK', addFooter: false });
    const info = await call(api, user, 'GET', '/user');
    // Assess
    expect(before.body).toEqual({ fullname: 'Mei Chan', timezone: 'Asia/Hong_Kong', language: 'en', addFooter: true });
    expect(saved.body).toEqual({ fullname: 'Mei Ling Chan', timezone: 'Europe/Berlin', language: 'zh-HK', addFooter: false });
    expect(info.body).toMatchObject({ fullname: 'Mei Ling Chan', timezone: 'Europe/Berlin', language: 'zh-HK', addFooter: false });
  });

  it('refuses an unknown time zone or an empty name and changes nothing', async () => {
    // Prepare
    const user = await signUpAs(api, 'Tom Wu');
    // Act
    const badZone = await call(api, user, 'PUT', '/settings/account/profile', { fullname: 'Tom', timezone: 'Mars/Olympus', language: 'en', addFooter: true });
    const noName = await call(api, user, 'PUT', '/settings/account/profile', { fullname: '  ', timezone: 'UTC', language: 'en', addFooter: true });
    const after = await call(api, user, 'GET', '/settings/account/profile');
    // Assess
    expect(badZone.status).toBe(400);
    expect(badZone.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(badZone.body.message).toContain('timezone');
    expect(noName.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(after.body.fullname).toBe('Tom Wu');
  });
});

describe('password change', () => {
  it('counts a wrong current password toward the sign-in throttle', async () => {
    // Prepare
    const user = await signUpAs(api, 'Guess Who');
    // Act: as many wrong current passwords as sign-in lets pass at once.
    const wrong = [];
    for (let i = 0; i < LOGIN_BACKOFF.freeFailures; i += 1) {
      wrong.push(await call(api, user, 'POST', '/settings/account/change-password', { oldPassword: `Wrong-Password-${i}0`, newPassword: 'Brand-New-Pass-1' }));
    }
    const signIn = await logIn(user.email, PASSWORD);
    // Assess
    expect(wrong.map((answer) => answer.body.statusCode)).toEqual(Array(LOGIN_BACKOFF.freeFailures).fill(ERROR_CODES.INCORRECT_PASSWORD));
    expect(signIn.status).toBe(429);
  });

  it('refuses the last passwords, and ends every other session of the user', async () => {
    // Prepare: a second browser signed in.
    const user = await signUpAs(api, 'Two Browsers');
    const other = (await logIn(user.email, PASSWORD)).body.token;
    // Act
    let current = user.token;
    const passwords = [PASSWORD];
    for (let i = 1; i < PASSWORD_HISTORY_SIZE; i += 1) {
      const next = `Rotated-Pass-${i}x`;
      const changed = await call<{ token: string }>(api, { token: current }, 'POST', '/settings/account/change-password', { oldPassword: passwords.at(-1), newPassword: next });
      current = changed.body.token;
      passwords.push(next);
    }
    const reuseFirst = await call(api, { token: current }, 'POST', '/settings/account/change-password', { oldPassword: passwords.at(-1), newPassword: PASSWORD });
    // Assess
    expect(reuseFirst.body).toMatchObject({ statusCode: ERROR_CODES.PASSWORD_RECENTLY_USED, numOfRecentlyUsed: PASSWORD_HISTORY_SIZE });
    expect(await sessionIsOpen(current)).toBe(true);
    expect(await sessionIsOpen(other)).toBe(false);
  });
});

describe('password recovery', () => {
  it('answers the same for an unknown address and mails a link only to an account', async () => {
    // Prepare
    const user = await signUpAs(api, 'Forgetful');
    // Act
    const known = await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const unknown = await api.request('POST', '/auth/forgot-password', { body: { email: 'nobody-here@example.com' } });
    // Assess
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await mailedResetToken(user.email)).toMatch(/^[\w-]{40,}$/);
    expect(await readSink(testTable.sinkDir, 'mail', { to: 'nobody-here@example.com' })).toEqual([]);
  });

  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    // Prepare
    const user = await signUpAs(api, 'Reset Me');
    await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const token = (await mailedResetToken(user.email)) ?? '';
    // Act
    const weak = await api.request('POST', '/auth/reset-password', { body: { token, newPassword: 'short' } });
    const reset = await api.request('POST', '/auth/reset-password', { body: { token, newPassword: 'Recovered-Pass-7' } });
    const again = await api.request('POST', '/auth/reset-password', { body: { token, newPassword: 'Recovered-Pass-8' } });
    // Assess
    expect(weak.body.statusCode).toBe(ERROR_CODES.PASSWORD_TOO_SHORT);
    expect(reset.status).toBe(200);
    expect(again.body.statusCode).toBe(ERROR_CODES.RESET_LINK_INVALID);
    expect(await sessionIsOpen(user.token)).toBe(false);
    expect((await logIn(user.email, PASSWORD)).status).toBe(400);
    expect((await logIn(user.email, 'Recovered-Pass-7')).status).toBe(200);
  });

  it('refuses an expired link and a link mailed before the password changed', async () => {
    // Prepare: two links, then the password is changed in settings.
    const user = await signUpAs(api, 'Late Clicker');
    await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const first = (await mailedResetToken(user.email)) ?? '';
    await api.request('POST', '/auth/forgot-password', { body: { email: user.email } });
    const second = (await mailedResetToken(user.email)) ?? '';
    // Act
    const expired = await resetPassword({ token: first, newPassword: 'Too-Late-Pass-1', now: new Date(Date.now() + PASSWORD_RESET_TTL_MS + 1000) }).catch((error: unknown) => error);
    await call(api, user, 'POST', '/settings/account/change-password', { oldPassword: PASSWORD, newPassword: 'Changed-Meanwhile-2' });
    const stale = await api.request('POST', '/auth/reset-password', { body: { token: second, newPassword: 'Too-Late-Pass-3' } });
    // Assess
    expect(expired).toMatchObject({ code: ERROR_CODES.RESET_LINK_INVALID });
    expect(stale.body.statusCode).toBe(ERROR_CODES.RESET_LINK_INVALID);
    expect((await logIn(user.email, 'Changed-Meanwhile-2')).status).toBe(200);
  });

  it('limits how often a link is mailed to one address', async () => {
    // Act
    const answers = [];
    for (let i = 0; i <= RATE_LIMITS.passwordResetPerEmail.max; i += 1) {
      answers.push((await api.request('POST', '/auth/forgot-password', { body: { email: 'flooded@example.com' } })).status);
    }
    // Assess
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
  });
});

describe('login email change', () => {
  it('tells of a verification mail that bounced, as SES would for its simulator address', async () => {
    // Prepare
    const user = await signUpAs(api, 'Bounced Ben');
    const bouncing = 'bounce@simulator.amazonses.com';
    // Act: a code to an address that bounces; the sink reports it as SES would
    const sent = await call(api, user, 'POST', '/settings/account/change-email-verifying', { email: bouncing });
    await runQueueOnce('outbound-mail');
    await sinkEventsPublished();
    await runQueueOnce('delivery-events');
    const after = await call(api, user, 'POST', '/settings/account/change-email-verifying', { email: bouncing, checkLastSendTimeOnly: true });
    // Assess
    expect(sent.body).toMatchObject({ success: true, verificationBounceMessage: null });
    expect(after.body).toMatchObject({ email: bouncing, lastSendTime: sent.body.lastSendTime, verificationBounceDetails: 'smtp; 550 5.1.1 user unknown' });
    expect(after.body.verificationBounceMessage).toContain('refused this address');
  });
});

describe('sign-in activity', () => {
  it('lists sign-ins and open sessions, and ends another session', async () => {
    // Prepare
    const user = await signUpAs(api, 'Many Devices');
    const other = (await logIn(user.email, PASSWORD)).body.token;
    // Act
    const before = await call<{ sessions: Array<{ sid: string; current: boolean; ip: string }>; signIns: Array<{ ip: string }> }>(api, user, 'GET', '/settings/account/sessions');
    const otherSid = before.body.sessions.find((session) => !session.current)?.sid ?? '';
    const ended = await call(api, user, 'DELETE', `/settings/account/sessions/${otherSid}`);
    const endedAgain = await call(api, user, 'DELETE', `/settings/account/sessions/${otherSid}`);
    const after = await call<{ sessions: unknown[] }>(api, user, 'GET', '/settings/account/sessions');
    // Assess
    expect(before.body.sessions).toHaveLength(2);
    expect(before.body.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(before.body.signIns).toHaveLength(2);
    expect(before.body.signIns[0]).toMatchObject({ ip: '127.0.0.1' });
    expect(ended.status).toBe(200);
    expect(endedAgain.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(after.body.sessions).toHaveLength(1);
    expect(await sessionIsOpen(other)).toBe(false);
    expect(await sessionIsOpen(user.token)).toBe(true);
  });
});
