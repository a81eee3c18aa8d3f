import { PASSWORD_HISTORY_SIZE } from '../../../shared/constants.js';
import { passwordProblem } from '../../../shared/domain/password.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TChangePasswordRequest } from '../../../shared/schemas/account.js';
import { getAccount, updateAccount } from '../../data/accounts.js';
import { hashPassword, verifyPassword } from '../../lib/password-hash.js';
import type { VerifiedToken } from '../../lib/jwt.js';
import { endSessions, reissueToken } from './sessions.js';

/**
 * Changes the login user's password: forced (the token demands it, no old password) or regular
 * (the old password is checked). The new one must meet the rules and not repeat a recent one.
 * Every other session of the user ends (its token is refused, its sockets close), and every tab
 * hears `changedPassword` first with the sid that stays (tabs of another session log out).
 */
export async function changePassword(options: { claims: VerifiedToken; input: TChangePasswordRequest }): Promise<{ token: string }> {
  const { claims, input } = options;
  const account = await getAccount(claims.loginTuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  if ('oldPassword' in input) {
    if (!(await verifyPassword(input.oldPassword, account.passwordHash))) {
      throw new AppError(ERROR_CODES.INCORRECT_PASSWORD, 'The current password is incorrect.');
    }
  } else if (!account.forcePasswordChange) {
    throw new AppError(ERROR_CODES.INVALID_INPUT, 'oldPassword: required');
  }
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new AppError(problem, 'The password does not meet the rules.');
  const recent = [account.passwordHash, ...account.passwordHistory].slice(0, PASSWORD_HISTORY_SIZE);
  for (const hash of recent) {
    if (await verifyPassword(input.newPassword, hash)) {
      throw new AppError(ERROR_CODES.PASSWORD_RECENTLY_USED, 'The password was used recently.', { numOfRecentlyUsed: PASSWORD_HISTORY_SIZE });
    }
  }
  const updated = await updateAccount(account.tuid, {
    passwordHash: await hashPassword(input.newPassword),
    passwordHistory: recent.slice(0, PASSWORD_HISTORY_SIZE - 1),
    forcePasswordChange: false,
  });
  await endSessions({ loginTuid: account.tuid, keepSid: claims.sid, notice: { event: 'changedPassword', data: { sid: claims.sid } } });
  return { token: await reissueToken({ account: updated, claims }) };
}
