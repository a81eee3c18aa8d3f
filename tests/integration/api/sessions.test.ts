import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { logIn } from '../../../functions/services/session/sessions.js';
import { LOGIN_BACKOFF, RATE_LIMITS } from '../../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { ZUserInfo } from '../../../shared/schemas/user.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';

const PASSWORD = 'Correct-Horse-42';
let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

type SignUpAnswer = { token: string; idleTime: number; url: string; newSignUp: boolean; statusCode?: string };

async function signUp(email: string, password = PASSWORD) {
  return api.request<SignUpAnswer>('POST', '/auth/signup', {
    body: { fullname: 'Ada Lovelace', email, password, language: 'zh-HK', timezone: 'Asia/Taipei' },
  });
}

/** POST /auth/login from a given loopback address (127.0.0.0/8 all reach the test server). */
function logInFrom(sourceIp: string, email: string, password: string): Promise<{ status: number; body: { statusCode?: string; token?: string }; retryAfter?: string }> {
  const url = new URL('/auth/login', api.url);
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', localAddress: sourceIp, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), retryAfter: response.headers['retry-after'] }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

describe('sign-up', () => {
  it('creates an unverified free account and signs it in', async () => {
    // Act
    const answer = await signUp('  Ada@Example.COM ');
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ url: 'welcome', newSignUp: true, idleTime: 3_600_000 });
    const claims = decodeJwt(answer.body.token);
    expect(claims).toMatchObject({ free: true, unverified: true, admin: false, forcePasswordChange: false, connectionRole: null, teamId: null });
    expect(claims.tuid).toBe(claims.loginTuid);
    for (const claim of ['tuid', 'loginTuid', 'admin', 'teamId', 'teamAdmin', 'connectionRole', 'permissions', 'free', 'unverified', 'hideShoppingCart', 'forcePasswordChange']) {
      expect(claims).toHaveProperty(claim);
    }
    const user = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: answer.body.token });
    expect(user.status).toBe(200);
    const info = ZUserInfo.parse(user.body);
    expect(info).toMatchObject({ login: 'ada@example.com', status: 'verifying', free: true, unverified: true, language: 'zh-HK', timezone: 'Asia/Taipei', loginCount: 1 });
    expect(info.forceVerifyEndTime).not.toBeNull();
  });

  it('refuses a used login email with ERROR_EMAIL_USED and keeps the first account', async () => {
    // Prepare
    await signUp('grace@example.com');
    // Act
    const again = await signUp('GRACE@example.com', 'Another-Pass-99');
    // Assess
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: ERROR_CODES.EMAIL_USED, message: 'Email is already used.' });
    const login = await api.request('POST', '/auth/login', { body: { email: 'grace@example.com', password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('allows exactly one account when two sign-ups race for one email', async () => {
    // Act
    const answers = await Promise.all([signUp('race@example.com'), signUp('race@example.com'), signUp('race@example.com')]);
    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['short', 'Short1a', ERROR_CODES.PASSWORD_TOO_SHORT],
    ['no digit', 'NoDigitsHereAtAll', ERROR_CODES.PASSWORD_MISSING_CHARACTERS],
    ['no upper', 'lowercase-only-123', ERROR_CODES.PASSWORD_MISSING_CHARACTERS],
  ])('refuses a weak password (%s) and creates nothing', async (_name, password, code) => {
    // Act
    const answer = await signUp(`weak-${code}-${password.length}@example.com`, password);
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(code);
    const login = await api.request('POST', '/auth/login', { body: { email: `weak-${code}-${password.length}@example.com`, password } });
    expect(login.body.statusCode).toBe(ERROR_CODES.INCORRECT_PASSWORD);
  });
});

describe('login, refresh and logout', () => {
  it('answers the same error for an unknown email and a wrong password', async () => {
    // Prepare
    await signUp('known@example.com');
    // Act
    const unknown = await api.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: PASSWORD } });
    const wrong = await api.request('POST', '/auth/login', { body: { email: 'known@example.com', password: 'Wrong-Password-1' } });
    // Assess
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.statusCode).toBe(ERROR_CODES.INCORRECT_PASSWORD);
  });

  it('refreshes while the session is open and stops refreshing after logout', async () => {
    // Prepare
    const { body } = await signUp('refresh@example.com');
    // Act
    const refreshed = await api.request<{ token: string }>('GET', '/auth/refresh', { token: body.token });
    const kept = await api.request('GET', '/auth/skipUpdate', { token: body.token });
    const loggedOut = await api.request('GET', '/auth/logout', { token: body.token });
    const afterLogout = await api.request('GET', '/auth/refresh', { token: refreshed.body.token });
    // Assess
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.token).sid).toBe(decodeJwt(body.token).sid);
    expect(kept.body).toEqual({ success: true });
    expect(loggedOut.body).toEqual({ success: true });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.statusCode).toBe(ERROR_CODES.UNAUTHENTICATED);
  });

  it('throttles wrong passwords per account and source, never the owner signing in from elsewhere', async () => {
    // Prepare
    await signUp('owner@example.com');
    const attacker = '127.0.0.2';
    const owner = '127.0.0.3';
    // Act
    const wrongTries = [];
    for (let i = 0; i < 20; i += 1) wrongTries.push(await logInFrom(attacker, 'owner@example.com', 'Wrong-Password-1'));
    const rightFromAttacker = await logInFrom(attacker, 'owner@example.com', PASSWORD);
    const rightFromOwner = await logInFrom(owner, 'owner@example.com', PASSWORD);
    // Assess
    const { freeFailures, firstDelaySeconds } = LOGIN_BACKOFF;
    expect(wrongTries.slice(0, freeFailures).map((answer) => answer.body.statusCode)).toEqual(Array(freeFailures).fill(ERROR_CODES.INCORRECT_PASSWORD));
    for (const refused of [...wrongTries.slice(freeFailures), rightFromAttacker]) {
      expect(refused.status).toBe(429);
      expect(refused.body.statusCode).toBe(ERROR_CODES.RATE_LIMITED);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(firstDelaySeconds);
    }
    expect(rightFromOwner.status).toBe(200);
    expect(rightFromOwner.body.token).toEqual(expect.any(String));
  });

  // Fifty scrypt checks: seconds each on a busy machine.
  it('caps failed sign-ins from one source across accounts, not counting successful ones', { timeout: 120_000 }, async () => {
    // Prepare: one clock for every try, so all of them fall in one window of the cap
    await signUp('shared-office@example.com');
    const { max, windowSeconds } = RATE_LIMITS.loginFailuresPerIp;
    const windowMs = windowSeconds * 1000;
    const now = new Date(Math.floor(Date.now() / windowMs) * windowMs + 1000);
    const tryFrom = (ip: string, email: string, password: string) =>
      logIn({ input: { email, password }, client: { ip, userAgent: 'test', now } }).then(
        () => 'signed in',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    const office = '192.0.2.10';
    // Act: all but one of the allowed failures, each for another address (no account is tried twice)
    const failures: string[] = [];
    for (let batch = 0; batch < max - 1; batch += 7) {
      const emails = Array.from({ length: Math.min(7, max - 1 - batch) }, (_, i) => `nobody-${batch + i}@example.com`);
      failures.push(...(await Promise.all(emails.map((email) => tryFrom(office, email, 'Wrong-Password-1')))));
    }
    const success = await tryFrom(office, 'shared-office@example.com', PASSWORD);
    const lastAllowedFailure = await tryFrom(office, 'nobody-last@example.com', 'Wrong-Password-1');
    const overTheCap = await tryFrom(office, 'nobody-over@example.com', 'Wrong-Password-1');
    const rightOverTheCap = await tryFrom(office, 'shared-office@example.com', PASSWORD);
    const elsewhere = await tryFrom('192.0.2.20', 'shared-office@example.com', PASSWORD);
    // Assess
    expect(failures).toEqual(Array(max - 1).fill(ERROR_CODES.INCORRECT_PASSWORD));
    expect(success).toBe('signed in');
    expect(lastAllowedFailure).toBe(ERROR_CODES.INCORRECT_PASSWORD);
    expect(overTheCap).toBe(ERROR_CODES.RATE_LIMITED);
    expect(rightOverTheCap).toBe(ERROR_CODES.RATE_LIMITED);
    expect(elsewhere).toBe('signed in');
  });

  it('refuses a well-signed token that never expires', async () => {
    // Prepare: the claims of a live session, signed with the platform's key but without exp
    const { body } = await signUp('no-expiry@example.com');
    const claims = decodeJwt(body.token);
    delete claims.exp;
    const secret = new TextEncoder().encode(process.env.JWT_SECRET);
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
    // Act
    const withExpiry = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: body.token });
    const withoutExpiry = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: forever });
    // Assess
    expect(withExpiry.status).toBe(200);
    expect(withoutExpiry.status).toBe(401);
    expect(withoutExpiry.body.statusCode).toBe(ERROR_CODES.UNAUTHENTICATED);
  });

  it('sends a missing, forged or expired token away with 401', async () => {
    // Prepare
    const { body } = await signUp('forged@example.com');
    const [header, payload] = body.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    // Act
    const missing = await api.request('GET', '/api/v1/pageBasedAPI/user');
    const bad = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: forged });
    // Assess
    expect(missing.status).toBe(401);
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ statusCode: ERROR_CODES.UNAUTHENTICATED, message: expect.any(String) });
  });
});

describe('user preferences', () => {
  it('stores the UI language and refuses one that is not offered', async () => {
    // Prepare
    const { body } = await signUp('lang@example.com');
    // Act
    const stored = await api.request('POST', '/api/v1/pageBasedAPI/language/ui-language', { token: body.token, body: { isoCode: 'zh-TW' } });
    const refused = await api.request('POST', '/api/v1/pageBasedAPI/language/ui-language', { token: body.token, body: { isoCode: 'fr' } });
    const user = await api.request('GET', '/api/v1/pageBasedAPI/user', { token: body.token });
    // Assess
    expect(stored.body).toEqual({ success: true });
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(user.body.language).toBe('zh-TW');
  });

  it('answers the dashboard figures of a new free account', async () => {
    // Prepare
    const { body } = await signUp('dash@example.com');
    // Act
    const summary = await api.request('GET', '/api/v1/pageBasedAPI/dashboard/summary', { token: body.token });
    // Assess
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      free: true,
      credits: { email: 0, freeDailyEmail: 300, freeDailyEmailRemaining: 300, storageMb: 50 },
      contacts: { count: 0, limit: 1000 },
      verification: { unverified: true, login: 'dash@example.com' },
    });
  });
});
