/** The browser session (spec §2.3, §4): storage, claims, cross-tab changes, entry by URL, idle rules. */
import { beforeEach, describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../../shared/constants.js';
import { fakeToken, installFakeBrowser, ownerClaims } from './fake-browser.js';

const browser = installFakeBrowser('http://localhost/?token=abc&idleTime=120000&url=dashboard&newSignUp=false');
const session = await import('../../../web/src/session/session.js');
const { applyEntryFromUrl, entryTarget } = await import('../../../web/src/session/entry.js');
const { formatCountdown, idlePhase, idleSettings, IDLE_OVERRIDE_KEYS } = await import('../../../web/src/session/idle.js');

beforeEach(() => browser.storage.clear());

describe('session storage', () => {
  it('stores and clears the token and idle time, decoding the claims', () => {
    // Prepare
    const token = fakeToken(ownerClaims({ tuid: 'acct-9' }));

    // Act
    session.storeSession({ token, idleTime: 1_800_000 });

    // Assess
    expect(session.getToken()).toBe(token);
    expect(session.getStoredIdleTime()).toBe(1_800_000);
    expect(session.getClaims()?.tuid).toBe('acct-9');
    expect(session.lastActivity()).not.toBeNull();
    session.clearSession();
    expect(session.getToken()).toBeNull();
    expect(session.getClaims()).toBeNull();
  });

  it('returns the same claims object for the same token (stable React snapshot)', () => {
    session.storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    expect(session.getClaims()).toBe(session.getClaims());
  });

  it('treats a malformed token as no claims', () => {
    expect(session.decodeClaims('not-a-jwt')).toBeNull();
    expect(session.decodeClaims(fakeToken({ hello: 'world' }))).toBeNull();
  });

  it('notifies subscribers of changes made in another tab', () => {
    let calls = 0;
    const unsubscribe = session.subscribeSession(() => calls++);
    browser.dispatchStorage('session.token');
    browser.dispatchStorage('unrelated');
    unsubscribe();
    browser.dispatchStorage('session.token');
    expect(calls).toBe(1);
  });
});

describe('entry by URL', () => {
  it('reads the session and the target route', () => {
    expect(entryTarget('?token=t&idleTime=60000&url=dashboard&newSignUp=false')).toEqual({ token: 't', idleTime: 60000, hash: '#/dashboard' });
    expect(entryTarget('?token=t&idleTime=60000&url=welcome&newSignUp=true')?.hash).toBe('#/creating-account');
    expect(entryTarget('?token=t&url=%2Fsettings%2Faccount%3Ftab%3D0')?.hash).toBe('#/settings/account?tab=0');
    expect(entryTarget('?token=t')).toMatchObject({ idleTime: null, hash: '#/dashboard' });
    expect(entryTarget('?url=dashboard')).toBeNull();
  });

  it('stores the session and strips the query from the address', () => {
    applyEntryFromUrl(HOUR_MS);
    expect(session.getToken()).toBe('abc');
    expect(session.getStoredIdleTime()).toBe(120_000);
    expect(browser.location.search).toBe('');
    expect(browser.location.hash).toBe('#/dashboard');
  });
});

describe('idle rules', () => {
  const settings = { idleTimeMs: HOUR_MS, reminderMs: 5 * MINUTE_MS };

  it('opens the reminder five minutes before the idle time and expires at it', () => {
    expect(idlePhase(54 * MINUTE_MS, settings)).toBe('active');
    expect(idlePhase(55 * MINUTE_MS, settings)).toBe('reminder');
    expect(idlePhase(HOUR_MS, settings)).toBe('expired');
  });

  it('reads the idle time from storage, defaulting to one hour, with test overrides', () => {
    expect(idleSettings()).toEqual({ idleTimeMs: HOUR_MS, reminderMs: 5 * MINUTE_MS, checkIntervalMs: 30_000 });
    session.storeSession({ token: fakeToken(ownerClaims()), idleTime: 8000 });
    browser.storage.set(IDLE_OVERRIDE_KEYS.reminderMs, '5000');
    browser.storage.set(IDLE_OVERRIDE_KEYS.checkIntervalMs, '250');
    expect(idleSettings()).toEqual({ idleTimeMs: 8000, reminderMs: 5000, checkIntervalMs: 250 });
  });

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(5 * MINUTE_MS)).toBe('5:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
