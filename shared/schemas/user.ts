import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

export const ACCOUNT_STATUSES = ['active', 'verifying', 'force_verify', 'terminated', 'locked', 'notApproved'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
export const ZLockedBy = z.enum(['provider', 'teamAdmin']);

/** The user contract's answer (user.get): every user-info field of spec §3. */
export const ZUserInfo = z.object({
  tuid: z.string(),
  loginTuid: z.string(),
  fullname: z.string(),
  login: z.string(),
  status: ZAccountStatus,
  lockedBy: ZLockedBy.nullable(),
  forceVerifyEndTime: z.string().nullable(),
  createTime: z.string(),
  loginCount: z.number().int(),
  isCustomizedCrm: z.boolean(),
  unverified: z.boolean(),
  free: z.boolean(),
  reputation: z.number(),
  smsReputation: z.number(),
  enableMultiUserModule: z.boolean(),
  enableConnectionModule: z.boolean(),
  addFooter: z.boolean(),
  timezone: z.string(),
  language: z.enum(LANGUAGES),
  hasFailedPayment: z.boolean(),
  hasFailingPaymentMethods: z.boolean(),
  teamAdminUser: z.object({ id: z.string(), fullname: z.string(), login: z.string() }).nullable(),
  unverifiedUserLockGracePeriod: z.number().int(),
  canBuyPlan: z.boolean(),
  isShoppingCartLocked: z.boolean(),
  lastVerifiedTime: z.string().nullable(),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZUiLanguageRequest = z.object({ isoCode: z.enum(LANGUAGES) });

/** dashboard.summary: the account's figures shown on the dashboard. */
export const ZDashboardSummary = z.object({
  credits: z.object({
    email: z.number().int(),
    freeDailyEmail: z.number().int(),
    freeDailyEmailRemaining: z.number().int(),
    sms: z.number().int(),
    attachmentMb: z.number().int(),
    pdfPages: z.number().int(),
    storageMb: z.number().int(),
    teamUsers: z.number().int(),
  }),
  contacts: z.object({ count: z.number().int(), limit: z.number().int().nullable() }),
  verification: z.object({ unverified: z.boolean(), login: z.string(), lastVerifiedTime: z.string().nullable() }),
  free: z.boolean(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummary>;
