/** The forced-logout dialog's words and contact per reason (spec §2.5), and the cause shared with other tabs. */
import { describe, expect, it } from 'vitest';
import { installFakeBrowser } from '../fake-browser.js';

const browser = installFakeBrowser();
const { forcedLogoutContact, forcedLogoutMessageKey, readSharedForcedLogout, shareForcedLogout } = await import(
  '../../../../web/src/session-dialogs/session-dialog-kinds.js'
);

describe('forced-logout reasons', () => {
  it('words each reason, telling a provider lock from a team-admin one', () => {
    expect(forcedLogoutMessageKey({ reason: 'sysadForceLogout' })).toBe('forcedLogout.reason.sysadForceLogout');
    expect(forcedLogoutMessageKey({ reason: 'lockedBy', lockedBy: 'teamAdmin' })).toBe('forcedLogout.reason.lockedBy.teamAdmin');
    expect(forcedLogoutMessageKey({ reason: 'lockedBy' })).toBe('forcedLogout.reason.lockedBy.provider');
    expect(forcedLogoutMessageKey({ reason: 'changedPassword' })).toBe('forcedLogout.reason.changedPassword');
  });

  it('sends the user to whoever decided: the team admin or provider support', () => {
    expect(forcedLogoutContact({ reason: 'trueDeleted' })).toBe('teamAdmin');
    expect(forcedLogoutContact({ reason: 'teamSessionTimeoutSetting' })).toBe('teamAdmin');
    expect(forcedLogoutContact({ reason: 'lockedBy', lockedBy: 'teamAdmin' })).toBe('teamAdmin');
    expect(forcedLogoutContact({ reason: 'lockedBy', lockedBy: 'provider' })).toBe('support');
    expect(forcedLogoutContact({ reason: 'sysadForceLogout' })).toBe('support');
    expect(forcedLogoutContact({ reason: 'changedPassword' })).toBe('support');
  });

  it('shares the cause with the other tabs and reads back only known causes', () => {
    // Act
    shareForcedLogout({ reason: 'lockedBy', lockedBy: 'provider' });
    const stored = browser.storage.get('realtime.forcedLogout') ?? null;

    // Assess
    expect(readSharedForcedLogout('realtime.forcedLogout', stored)).toEqual({ reason: 'lockedBy', lockedBy: 'provider' });
    expect(readSharedForcedLogout('session.token', stored)).toBeNull();
    expect(readSharedForcedLogout('realtime.forcedLogout', JSON.stringify({ cause: { reason: 'hacked' } }))).toBeNull();
    expect(readSharedForcedLogout('realtime.forcedLogout', '{oops')).toBeNull();
  });
});
