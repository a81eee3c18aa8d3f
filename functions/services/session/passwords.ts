import { PASSWORD_HISTORY_SIZE } from '../../../shared/constants.js';
import { passwordProblem } from '../../../shared/domain/password.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TChangePasswordRequest } from '../../../shared/schemas/account.js';
import { getAccount, updateAccount, type AccountRecord } from '../../data/accounts.js';
import { hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { startLoginTry } from './rate-limit.js';
import { endSessions, reissueToken } from './sessions.js';

/**
 * Refuses a new password that breaks the rules of spec §5, including "used recently" against the
 * current password and the remembered ones (PASSWORD_HISTORY_SIZE in all).
 */
export async function checkNewPassword(options: { account: AccountRecord; newPassword: string }): Promise<void> {
  const { account, newPassword } = options;
  const problem = passwordProblem(newPassword);
  if (problem) throw new AppError(problem, 'The password does not meet the rules.');
  for (const hash of recentPasswordHashes(account)) {
    if (await verifyPassword(newPassword, hash)) {
      throw new AppError(ERROR_CODES.PASSWORD_RECENTLY_USED, 'The password was used recently.', { numOfRecentlyUsed: PASSWORD_HISTORY_SIZE });
    }
  }
}

function recentPasswordHashes(account: AccountRecord): string[] {
  return [account.passwordHash, ...account.passwordHistory].slice(0, PASSWORD_HISTORY_SIZE);
}

/** Stores a checked new password; the one it replaces joins the remembered ones. */
export async function storeNewPassword(options: { account: AccountRecord; newPassword: string }): Promise<AccountRecord> {
  const { account, newPassword } = options;
  return updateAccount(account.tuid, {
    passwordHash: await hashPassword(newPassword),
    passwordHistory: recentPasswordHashes(account).slice(0, PASSWORD_HISTORY_SIZE - 1),
    forcePasswordChange: false,
  });
}

/**
 * Changes the login user's password: forced (the token demands it, no old password) or regular
 * (the old password is checked, and a wrong one counts toward the sign-in throttle of this
 * account and source, so a stolen session cannot guess the password faster than the sign-in
 * form). Every other session of the user ends (its token is refused, its sockets close), and
 * every tab hears `changedPassword` first with the sid that stays (tabs of another session log out).
 */
export async function changePassword(options: {
  claims: VerifiedToken;
  input: TChangePasswordRequest;
  client: { ip: string; now: Date };
}): Promise<{ token: string }> {
  const { claims, input, client } = options;
  const account = await getAccount(claims.loginTuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  if ('oldPassword' in input) {
    const loginTry = await startLoginTry({ email: account.login, ip: client.ip, now: client.now });
    if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
      throw new AppError(ERROR_CODES.INCORRECT_PASSWORD, 'The current password is incorrect.');
    }
    await loginTry.succeeded();
  } else if (!account.forcePasswordChange) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, 'oldPassword: required');
  }
  await checkNewPassword({ account, newPassword: input.newPassword });
  const updated = await storeNewPassword({ account, newPassword: input.newPassword });
  await endSessions({ loginTuid: account.tuid, keepSid: claims.sid, notice: { event: 'changedPassword', data: { sid: claims.sid } } });
  return { token: await reissueToken({ account: updated, claims }) };
}
