import { describe, expect, it } from 'vitest';
import {
  forceVerifyStorageKey,
  isForceVerifyOverdue,
  opensForceVerifyAtOnce,
  readForceVerifyShownAt,
  shouldOpenForceVerify,
  writeForceVerifyShownAt,
} from '../../../../web/src/verification/force-verify-rules.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const HOUR = 3_600_000;

type UserFields = Parameters<typeof shouldOpenForceVerify>[0];
type ClaimFields = Parameters<typeof shouldOpenForceVerify>[1];

const verified: UserFields = { status: 'active', unverified: false, forceVerifyEndTime: null };
const unverified: UserFields = { status: 'verifying', unverified: true, forceVerifyEndTime: null };
const own: ClaimFields = { tuid: 'u-1', loginTuid: 'u-1', unverified: false };
const connected: ClaimFields = { tuid: 'u-2', loginTuid: 'u-1', unverified: true };

function forceVerify(endTime: string | null): UserFields {
  return { status: 'force_verify', unverified: true, forceVerifyEndTime: endTime };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('shouldOpenForceVerify', () => {
  it('opens at once when a force_verify end time is in the past, even if shown before', () => {
    // Prepare
    const user = forceVerify(new Date(NOW - HOUR).toISOString());
    // Act
    const open = shouldOpenForceVerify(user, own, NOW - 1000, NOW);
    // Assess
    expect(open).toBe(true);
  });

  it('opens at once when acting on another account while the login is unverified', () => {
    expect(shouldOpenForceVerify(unverified, connected, NOW - 1000, NOW)).toBe(true);
    expect(shouldOpenForceVerify(verified, connected, NOW - 1000, NOW)).toBe(true);
  });

  it('does not open on another account when the login and the account are verified', () => {
    expect(shouldOpenForceVerify(verified, { ...connected, unverified: false }, null, NOW)).toBe(false);
  });

  it('opens once per user for an unverified login: only while never shown', () => {
    expect(shouldOpenForceVerify(unverified, own, null, NOW)).toBe(true);
    expect(shouldOpenForceVerify(unverified, own, NOW - HOUR, NOW)).toBe(false);
  });

  it('treats a force_verify account with a future end time like an unverified login', () => {
    const user = forceVerify(new Date(NOW + 7 * 24 * HOUR).toISOString());
    expect(shouldOpenForceVerify(user, own, null, NOW)).toBe(true);
    expect(shouldOpenForceVerify(user, own, NOW - HOUR, NOW)).toBe(false);
  });

  it('never opens for a verified user', () => {
    expect(shouldOpenForceVerify(verified, own, null, NOW)).toBe(false);
    expect(shouldOpenForceVerify({ ...verified, forceVerifyEndTime: new Date(NOW - HOUR).toISOString() }, own, null, NOW)).toBe(false);
  });
});

describe('opensForceVerifyAtOnce', () => {
  it('is only the overdue and the acting-on-another-account cases', () => {
    expect(opensForceVerifyAtOnce(forceVerify(new Date(NOW - HOUR).toISOString()), own, NOW)).toBe(true);
    expect(opensForceVerifyAtOnce(unverified, connected, NOW)).toBe(true);
    expect(opensForceVerifyAtOnce(unverified, own, NOW)).toBe(false);
    expect(opensForceVerifyAtOnce(forceVerify(new Date(NOW + HOUR).toISOString()), own, NOW)).toBe(false);
  });
});

describe('isForceVerifyOverdue', () => {
  it('is true from the end time on, and only for force_verify with a readable time', () => {
    const end = new Date(NOW).toISOString();
    expect(isForceVerifyOverdue(forceVerify(end), NOW)).toBe(true);
    expect(isForceVerifyOverdue(forceVerify(end), NOW - 1)).toBe(false);
    expect(isForceVerifyOverdue(forceVerify(null), NOW)).toBe(false);
    expect(isForceVerifyOverdue(forceVerify('not a date'), NOW)).toBe(false);
    expect(isForceVerifyOverdue({ ...unverified, forceVerifyEndTime: end }, NOW)).toBe(false);
  });
});

describe('force-verify shown time storage', () => {
  it('round-trips the time under a key per login user', () => {
    // Prepare
    const storage = memoryStorage();
    // Act
    writeForceVerifyShownAt('u-1', NOW, storage);
    // Assess
    expect(storage.getItem(forceVerifyStorageKey('u-1'))).toBe(String(NOW));
    expect(readForceVerifyShownAt('u-1', storage)).toBe(NOW);
    expect(readForceVerifyShownAt('u-9', storage)).toBeNull();
  });

  it('reads garbage and missing storage as never shown', () => {
    const storage = memoryStorage();
    storage.setItem(forceVerifyStorageKey('u-1'), 'soon');
    expect(readForceVerifyShownAt('u-1', storage)).toBeNull();
    expect(readForceVerifyShownAt('u-1', null)).toBeNull();
  });

  it('survives a storage that refuses writes', () => {
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeForceVerifyShownAt('u-1', NOW, full)).not.toThrow();
  });
});
