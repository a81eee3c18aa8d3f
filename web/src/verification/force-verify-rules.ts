/**
 * When the force-verify page replaces the routed content (spec §4 "Login email verification").
 * Pure rules plus the two storage helpers that remember when the page was last shown.
 */
import type { TTokenClaims } from '../../../shared/schemas/session.js';
import type { TUserInfo } from '../../../shared/schemas/user.js';

type VerificationFields = Pick<TUserInfo, 'status' | 'unverified' | 'forceVerifyEndTime'>;
type AccessClaims = Pick<TTokenClaims, 'tuid' | 'loginTuid' | 'unverified'>;

/** True once a force_verify account's end time has passed: verification is then mandatory. */
export function isForceVerifyOverdue(user: VerificationFields, now: number): boolean {
  if (user.status !== 'force_verify' || !user.forceVerifyEndTime) return false;
  const end = Date.parse(user.forceVerifyEndTime);
  return Number.isFinite(end) && end <= now;
}

/** An account under forced activation or reverification counts as unverified even if the flag lags. */
export function needsVerification(user: VerificationFields): boolean {
  return user.unverified || user.status === 'force_verify';
}

export function isActingOnOtherAccount(claims: Pick<TTokenClaims, 'tuid' | 'loginTuid'>): boolean {
  return claims.tuid !== claims.loginTuid;
}

/** The cases of spec §4 that open the page at once, whenever it was last shown. */
export function opensForceVerifyAtOnce(user: VerificationFields, claims: AccessClaims, now: number): boolean {
  if (isForceVerifyOverdue(user, now)) return true;
  // While acting on another account the token's flag speaks for the session's own login.
  return isActingOnOtherAccount(claims) && (needsVerification(user) || claims.unverified);
}

/**
 * Spec §4: at once when a force_verify end time is past, or when an unverified login acts on
 * another account; otherwise once per login user (lastShownAt from readForceVerifyShownAt).
 */
export function shouldOpenForceVerify(
  user: VerificationFields,
  claims: AccessClaims,
  lastShownAt: number | null,
  now: number,
): boolean {
  if (opensForceVerifyAtOnce(user, claims, now)) return true;
  return needsVerification(user) && lastShownAt === null;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** One key per login user, so a shared browser shows the page once to each person. */
export function forceVerifyStorageKey(loginTuid: string): string {
  return `forceVerify.shownAt.${loginTuid}`;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (privacy settings): behave as if never shown rather than fail.
    return null;
  }
}

/** When the page was last shown to this login user, in ms since the epoch; null if never. */
export function readForceVerifyShownAt(loginTuid: string, storage: ReadableStorage | null = browserStorage()): number | null {
  const raw = storage?.getItem(forceVerifyStorageKey(loginTuid));
  if (!raw) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeForceVerifyShownAt(
  loginTuid: string,
  at: number,
  storage: WritableStorage | null = browserStorage(),
): void {
  try {
    storage?.setItem(forceVerifyStorageKey(loginTuid), String(at));
  } catch {
    // A full or blocked storage only means the page may show once more; nothing to recover.
  }
}
