import { z } from 'zod';
import { ZEmail, ZPassword, ZVerificationCode } from './common.js';

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
