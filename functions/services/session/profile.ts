/** Settings → account → profile: the login user's name, time zone, UI language and campaign footer switch. */
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TAccountProfile } from '../../../shared/schemas/account.js';
import { getAccount, updateAccount, type AccountRecord } from '../../data/accounts.js';
import type { VerifiedToken } from '../../lib/jwt.js';

function profileOf(account: AccountRecord): TAccountProfile {
  return { fullname: account.fullname, timezone: account.timezone, language: account.language, addFooter: account.addFooter };
}

export async function getProfile({ claims }: { claims: VerifiedToken }): Promise<TAccountProfile> {
  const account = await getAccount(claims.loginTuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return profileOf(account);
}

export async function updateProfile({ claims, profile }: { claims: VerifiedToken; profile: TAccountProfile }): Promise<TAccountProfile> {
  return profileOf(await updateAccount(claims.loginTuid, profile));
}
