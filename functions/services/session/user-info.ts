import { FREE_CONTACT_LIMIT, FREE_DAILY_EMAIL_CREDITS, SERVICE_TIME_ZONE, type Language } from '../../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TDashboardSummary, TUserInfo } from '../../../shared/schemas/user.js';
import { getAccount, updateAccount, type AccountRecord } from '../../data/accounts.js';
import type { VerifiedToken } from '../../lib/jwt.js';

async function requireAccount(tuid: string): Promise<AccountRecord> {
  const account = await getAccount(tuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'The user does not exist.');
  return account;
}

/** GET user: the accessed account's info, with the login user's own preferences (language, time zone). */
export async function getUserInfo({ claims }: { claims: VerifiedToken }): Promise<TUserInfo> {
  const [account, login] = await Promise.all([
    requireAccount(claims.tuid),
    claims.loginTuid === claims.tuid ? null : requireAccount(claims.loginTuid),
  ]);
  const teamAdmin = account.teamAdminUserId ? await getAccount(account.teamAdminUserId) : null;
  const viewer = login ?? account;
  return {
    tuid: account.tuid,
    loginTuid: claims.loginTuid,
    fullname: account.fullname,
    login: account.login,
    status: account.status,
    lockedBy: account.lockedBy,
    forceVerifyEndTime: account.forceVerifyEndTime,
    createTime: account.createTime,
    loginCount: account.loginCount,
    isCustomizedCrm: account.isCustomizedCrm,
    unverified: viewer.unverified,
    free: account.free,
    reputation: account.reputation,
    smsReputation: account.smsReputation,
    enableMultiUserModule: account.enableMultiUserModule,
    enableConnectionModule: account.enableConnectionModule,
    addFooter: account.addFooter,
    timezone: viewer.timezone,
    language: viewer.language,
    hasFailedPayment: account.hasFailedPayment,
    hasFailingPaymentMethods: account.hasFailingPaymentMethods,
    teamAdminUser: teamAdmin ? { id: teamAdmin.tuid, fullname: teamAdmin.fullname, login: teamAdmin.login } : null,
    unverifiedUserLockGracePeriod: account.unverifiedUserLockGracePeriod,
    canBuyPlan: account.canBuyPlan && !viewer.unverified,
    isShoppingCartLocked: account.isShoppingCartLocked,
    lastVerifiedTime: viewer.lastVerifiedTime,
  };
}

/** POST language/ui-language: the login user's stored UI language. */
export async function setUiLanguage({ claims, language }: { claims: VerifiedToken; language: Language }): Promise<void> {
  await updateAccount(claims.loginTuid, { language });
}

/** The date in the service time zone, which is when daily free credits reset. */
export function serviceDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SERVICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** GET dashboard/summary: the accessed account's credits, contacts and verification state. */
export async function getDashboardSummary({ claims, now }: { claims: VerifiedToken; now: Date }): Promise<TDashboardSummary> {
  const account = await requireAccount(claims.tuid);
  const usedToday = account.freeEmailDay === serviceDay(now) ? account.freeEmailUsed : 0;
  return {
    credits: {
      email: account.credits.email,
      freeDailyEmail: account.free ? FREE_DAILY_EMAIL_CREDITS : 0,
      freeDailyEmailRemaining: account.free ? Math.max(FREE_DAILY_EMAIL_CREDITS - usedToday, 0) : 0,
      sms: account.credits.sms,
      attachmentMb: account.credits.attachmentMb,
      pdfPages: account.credits.pdfPages,
      storageMb: account.credits.storageMb,
      teamUsers: account.credits.teamUsers,
    },
    contacts: { count: account.contactCount, limit: account.free ? FREE_CONTACT_LIMIT : null },
    verification: { unverified: account.unverified, login: account.login, lastVerifiedTime: account.lastVerifiedTime },
    free: account.free,
  };
}
