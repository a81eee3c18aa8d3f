import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { isTimeZone } from '../domain/time-zone.js';
import { ZEmail, ZFullName, ZPassword, ZVerificationCode } from './common.js';
import { ZLoginAlert } from './session.js';

/** POST settings/account/send-account-verification and change-email-verifying. */
export const ZSendVerificationRequest = z.object({
  email: ZEmail.optional(),
  force: z.boolean().optional(),
  checkLastSendTimeOnly: z.boolean().optional(),
});
export type TSendVerificationRequest = z.infer<typeof ZSendVerificationRequest>;

export const ZSendVerificationResponse = z.object({
  success: z.boolean(),
  email: z.string(),
  lastSendTime: z.string().nullable(),
  createTime: z.string().nullable(),
  verificationBounceMessage: z.string().nullable(),
  verificationBounceDetails: z.string().nullable(),
});
export type TSendVerificationResponse = z.infer<typeof ZSendVerificationResponse>;

/** A verified address reissues the session's token with the new claims. */
export const ZVerifiedResponse = z.object({ success: z.literal(true), token: z.string() });

/** POST settings/account/verify-account and change-email-verify. */
export const ZVerifyRequest = z.object({
  email: ZEmail.optional(),
  code: ZVerificationCode,
  force: z.boolean().optional(),
});
export type TVerifyRequest = z.infer<typeof ZVerifyRequest>;

export const ZChangeEmailVerifyingRequest = z.object({
  email: ZEmail,
  force: z.boolean().optional(),
  checkLastSendTimeOnly: z.boolean().optional(),
});
export const ZChangeEmailVerifyRequest = z.object({ email: ZEmail, code: ZVerificationCode, force: z.boolean().optional() });

/** POST settings/account/change-password: forced (no old password) or regular. */
export const ZChangePasswordRequest = z.union([
  z.object({ forceChangePassword: z.literal(true), newPassword: ZPassword }),
  z.object({ forceChangePassword: z.literal(false).optional(), oldPassword: ZPassword, newPassword: ZPassword }),
]);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The profile tab of settings → account: the login user's name, time zone, UI language and campaign footer switch. */
export const ZAccountProfile = z.object({
  fullname: ZFullName,
  timezone: z.string().max(64).refine(isTimeZone, { message: 'not a known time zone' }),
  language: z.enum(LANGUAGES),
  addFooter: z.boolean(),
});
export type TAccountProfile = z.infer<typeof ZAccountProfile>;

/** One open session of the user (settings → account → sign-in activity). */
export const ZOpenSession = z.object({
  sid: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  ip: z.string(),
  location: z.string(),
  device: z.string(),
  browser: z.string(),
  browserVersion: z.string(),
});
export type TOpenSession = z.infer<typeof ZOpenSession>;

export const ZSignInActivity = z.object({ sessions: z.array(ZOpenSession), signIns: z.array(ZLoginAlert) });
export type TSignInActivity = z.infer<typeof ZSignInActivity>;

export const ZSessionParams = z.object({ sid: z.string().min(1).max(64) });

/** POST /auth/forgot-password: the address to mail a reset link to. */
export const ZForgotPasswordRequest = z.object({ email: ZEmail });

/** POST /auth/reset-password: the link's token and the new password. */
export const ZResetPasswordRequest = z.object({ token: z.string().min(1).max(200), newPassword: ZPassword });
