/**
 * What provider support does to a user's account (spec §6 "Provider support"): end every session
 * at once (tokens refused, sockets closed), and lock or unlock the account. The user's open tabs
 * hear it first (`logout` with the reason of spec §2.5, or `refreshToken` after an unlock).
 */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { findTuidByLogin, getAccount, lockAccountByProvider, unlockAccount, type AccountRecord } from '../../data/accounts.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { publish } from '../notifications/realtime.js';
import { endSessions } from './sessions.js';

/** Support staff may learn whether an email is registered: VAL-USR-02 for an unknown or terminated one. */
async function requireUserByLogin(email: string): Promise<AccountRecord> {
  const tuid = await findTuidByLogin(email);
  const account = tuid ? await getAccount(tuid) : null;
  if (!account || account.status === 'terminated') throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return account;
}

/** Ends every session of the user; open tabs show the forced-logout dialog (sysadForceLogout). */
export async function forceLogout({ email }: { email: string }): Promise<void> {
  const account = await requireUserByLogin(email);
  await endSessions({ loginTuid: account.tuid, notice: { event: 'logout', data: { reason: 'sysadForceLogout' } } });
}

/**
 * Locks the account (status locked, lockedBy provider; sessions end, tabs log out with the
 * lockedBy reason), or lifts any lock (active again, or verifying while the login email is
 * unverified; tabs refresh their token). Support cannot lock their own account.
 */
export async function setAccountLock(options: { claims: VerifiedToken; email: string; locked: boolean }): Promise<void> {
  const account = await requireUserByLogin(options.email);
  if (options.locked) {
    if (account.tuid === options.claims.loginTuid) throw new AppError(ERROR_CODES.NO_PERMISSION, 'You cannot lock your own account.');
    if (!(await lockAccountByProvider(account.tuid))) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
    await endSessions({ loginTuid: account.tuid, notice: { event: 'logout', data: { reason: 'lockedBy', lockedBy: 'provider' } } });
    return;
  }
  if (await unlockAccount(account, account.unverified ? 'verifying' : 'active')) {
    await publish(account.tuid, { event: 'refreshToken', data: {} });
  }
}
