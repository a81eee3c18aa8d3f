/** What the session dialogs show (spec §2.5), and the rules behind their words. */
import type { TLoginAlert } from '../../../shared/schemas/session.js';
import type { TSocketMessage } from '../realtime/socket.js';

type TLogoutData = TSocketMessage<'logout'>['data'];

/** Why this session ended: a forced-logout reason of the server, or the password changed elsewhere. */
export type ForcedLogoutCause = TLogoutData | { reason: 'changedPassword' };

/** Provider support's contact, read while still signed in (ending the session drops the cached /config). */
export type SupportContact = { email: string; phone: string };

export type SessionDialogState =
  | { kind: 'forcedLogout'; cause: ForcedLogoutCause; support: SupportContact | null }
  | { kind: 'connectionChanged'; reason: TSocketMessage<'returnToAccount'>['data']['reason'] }
  | { kind: 'newLogin'; alert: TLoginAlert };

/** The `realtime` key of the explanation. */
export function forcedLogoutMessageKey(cause: ForcedLogoutCause): string {
  if (cause.reason === 'lockedBy') return `forcedLogout.reason.lockedBy.${cause.lockedBy ?? 'provider'}`;
  return `forcedLogout.reason.${cause.reason}`;
}

/**
 * Who can help: the team admin for what a team admin decided (their lock, a deleted member
 * account, the team's session timeout), provider support for everything else.
 */
export function forcedLogoutContact(cause: ForcedLogoutCause): 'teamAdmin' | 'support' {
  switch (cause.reason) {
    case 'trueDeleted':
    case 'teamSessionTimeoutSetting':
      return 'teamAdmin';
    case 'lockedBy':
      return cause.lockedBy === 'teamAdmin' ? 'teamAdmin' : 'support';
    default:
      return 'support';
  }
}

const FORCED_LOGOUT_KEY = 'realtime.forcedLogout';

/**
 * Tells the other tabs of this browser why the session ended. Ending the session stops their
 * sockets too, so they may never receive the event themselves.
 */
export function shareForcedLogout(cause: ForcedLogoutCause): void {
  try {
    window.localStorage.setItem(FORCED_LOGOUT_KEY, JSON.stringify({ cause, at: Date.now() }));
  } catch {
    // Other tabs then simply find themselves signed out.
  }
}

export function clearSharedForcedLogout(): void {
  try {
    window.localStorage.removeItem(FORCED_LOGOUT_KEY);
  } catch {
    // Nothing was shared.
  }
}

// Keyed by every reason, so a reason added to the socket contract must be worded here too.
const KNOWN_REASONS: Record<ForcedLogoutCause['reason'], true> = {
  sysadForceLogout: true,
  lockedBy: true,
  trueDeleted: true,
  teamSessionTimeoutSetting: true,
  teamDeleted: true,
  changedPassword: true,
};

/** Adapter guard for what another tab wrote to storage. */
function isForcedLogoutCause(value: unknown): value is ForcedLogoutCause {
  if (typeof value !== 'object' || value === null || !('reason' in value) || typeof value.reason !== 'string') return false;
  return Object.hasOwn(KNOWN_REASONS, value.reason);
}

/** The cause another tab shared, from a storage event. */
export function readSharedForcedLogout(key: string | null, value: string | null): ForcedLogoutCause | null {
  if (key !== FORCED_LOGOUT_KEY || !value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    const cause = typeof parsed === 'object' && parsed !== null && 'cause' in parsed ? parsed.cause : null;
    return isForcedLogoutCause(cause) ? cause : null;
  } catch {
    return null;
  }
}
