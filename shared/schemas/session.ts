import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { ZPermissions } from './permissions.js';
import { ZEmail, ZFullName, ZPassword } from './common.js';

/** Every claim of spec §3, plus the session id and the standard JWT times. */
export const ZTokenClaims = z.object({
  tuid: z.string(),
  loginTuid: z.string(),
  admin: z.boolean(),
  teamId: z.string().nullable(),
  teamAdmin: z.boolean(),
  connectionRole: z.string().nullable(),
  permissions: ZPermissions,
  free: z.boolean(),
  unverified: z.boolean(),
  hideShoppingCart: z.boolean(),
  forcePasswordChange: z.boolean(),
  sid: z.string(),
  /** Only on the claims the guard builds for an API key (never in a token): the key's id. */
  apiKeyId: z.string().optional(),
});
export type TTokenClaims = z.infer<typeof ZTokenClaims>;

export const ZSignUpRequest = z.object({
  fullname: ZFullName,
  email: ZEmail,
  password: ZPassword,
  language: z.enum(LANGUAGES).optional(),
  timezone: z.string().max(64).optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: ZPassword,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The login/session alert of spec §3, shown by the new-login and auto-logout dialogs. */
export const ZLoginAlert = z.object({
  location: z.string(),
  ip: z.string(),
  device: z.string(),
  browser: z.string(),
  browserVersion: z.string(),
  time: z.string(),
});
export type TLoginAlert = z.infer<typeof ZLoginAlert>;

/** What sign-up, login, refresh and every token-issuing call answer. */
export const ZSessionResponse = z.object({
  token: z.string(),
  /** Idle time in ms before the session logs out (spec §2.3 idleTime). */
  idleTime: z.number().int().positive(),
  /** Route to open after sign-in, without the leading '#/'. */
  url: z.string(),
  newSignUp: z.boolean(),
  /** Where this sign-in came from; the auto-logout notice shows it as the latest usage (spec §2.5). */
  loginAlert: ZLoginAlert,
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZTokenResponse = z.object({ token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

