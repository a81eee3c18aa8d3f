/**
 * Password recovery (sign-in → "Forgot password?"): a single-use link by mail, valid
 * PASSWORD_RESET_TTL_MS, whose token is stored only as a hash. Asking answers the same whether
 * or not the address has an account; a reset ends every session of the user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MS, RATE_LIMITS } from '../../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { findTuidByLogin, getAccount } from '../../data/accounts.js';
import { getPasswordReset, putPasswordReset, takePasswordReset } from '../../data/password-resets.js';
import { ttlSeconds } from '../../data/table-client.js';
import { config } from '../../lib/config.js';
import { enqueueMail } from '../../queues/outbound-mail.js';
import { passwordResetMail } from '../notifications/mail-templates.js';
import { checkNewPassword, storeNewPassword } from './passwords.js';
import { enforceRateLimit } from './rate-limit.js';
import { endSessions } from './sessions.js';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Mails a reset link when `email` is the login of a live account; answers nothing either way. */
export async function requestPasswordReset(options: { email: string; ip: string; now: Date }): Promise<void> {
  const { email, ip, now } = options;
  await enforceRateLimit({ scope: 'password-reset-ip', subject: ip, limit: RATE_LIMITS.passwordResetPerIp, now });
  await enforceRateLimit({ scope: 'password-reset-email', subject: email, limit: RATE_LIMITS.passwordResetPerEmail, now });
  const tuid = await findTuidByLogin(email);
  const account = tuid ? await getAccount(tuid) : null;
  if (!account || account.status === 'terminated') return;
  const token = randomBytes(32).toString('base64url');
  await putPasswordReset({
    tokenHash: sha256(token),
    tuid: account.tuid,
    passwordStamp: sha256(account.passwordHash),
    createdAt: now.toISOString(),
    expiresAt: ttlSeconds(new Date(now.getTime() + PASSWORD_RESET_TTL_MS)),
  });
  const link = `${config().APP_URL.replace(/\/+$/, '')}/#/reset-password?token=${token}`;
  await enqueueMail(passwordResetMail({ to: account.login, fullname: account.fullname, link, language: account.language }));
}

/**
 * Sets a new password from a reset link. The password is checked before the link is spent (a
 * typo costs no link); then the first try to take the link wins. A link mailed before the
 * password last changed is void.
 */
export async function resetPassword(options: { token: string; newPassword: string; now: Date }): Promise<void> {
  const invalid = new AppError(ERROR_CODES.RESET_LINK_INVALID, 'This password reset link was used or has expired. Ask for a new one.');
  const tokenHash = sha256(options.token);
  const pending = await getPasswordReset(tokenHash, options.now);
  const account = pending ? await getAccount(pending.tuid) : null;
  if (!pending || !account || account.status === 'terminated' || sha256(account.passwordHash) !== pending.passwordStamp) throw invalid;
  await checkNewPassword({ account, newPassword: options.newPassword });
  if (!(await takePasswordReset(tokenHash, options.now))) throw invalid;
  await storeNewPassword({ account, newPassword: options.newPassword });
  await endSessions({ loginTuid: account.tuid, notice: { event: 'changedPassword', data: { sid: '' } } });
}
