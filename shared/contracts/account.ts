/** Settings → account: login email verification and password (spec §7 "Account and identity verification"), profile and sign-in activity. */
import { ZOk } from '../schemas/common.js';
import {
  ZAccountProfile,
  ZChangeEmailVerifyRequest,
  ZChangeEmailVerifyingRequest,
  ZChangePasswordRequest,
  ZSendVerificationRequest,
  ZSessionParams,
  ZSignInActivity,
  ZSendVerificationResponse,
  ZVerifiedResponse,
  ZVerifyRequest,
} from '../schemas/account.js';
import { ZTokenResponse } from '../schemas/session.js';
import { OWN_ACCOUNT, defineGroup, route } from './route.js';

export const account = defineGroup('account', {
  sendVerification: route({
    method: 'POST',
    path: 'settings/account/send-account-verification',
    access: OWN_ACCOUNT,
    body: ZSendVerificationRequest.prefault({}),
    answer: ZSendVerificationResponse,
  }),
  verify: route({ method: 'POST', path: 'settings/account/verify-account', access: OWN_ACCOUNT, body: ZVerifyRequest, answer: ZVerifiedResponse }),
  sendChangeEmailCode: route({
    method: 'POST',
    path: 'settings/account/change-email-verifying',
    access: OWN_ACCOUNT,
    body: ZChangeEmailVerifyingRequest,
    answer: ZSendVerificationResponse,
  }),
  verifyChangeEmail: route({ method: 'POST', path: 'settings/account/change-email-verify', access: OWN_ACCOUNT, body: ZChangeEmailVerifyRequest, answer: ZVerifiedResponse }),
  changePassword: route({
    method: 'POST',
    path: 'settings/account/change-password',
    access: OWN_ACCOUNT,
    body: ZChangePasswordRequest,
    answer: ZTokenResponse,
    allowedDuringPasswordChange: true,
  }),
  getProfile: route({ method: 'GET', path: 'settings/account/profile', access: OWN_ACCOUNT, answer: ZAccountProfile }),
  updateProfile: route({ method: 'PUT', path: 'settings/account/profile', access: OWN_ACCOUNT, body: ZAccountProfile, answer: ZAccountProfile }),
  signInActivity: route({ method: 'GET', path: 'settings/account/sessions', access: OWN_ACCOUNT, answer: ZSignInActivity }),
  endSession: route({ method: 'DELETE', path: 'settings/account/sessions/{sid}', access: OWN_ACCOUNT, params: ZSessionParams, answer: ZOk }),
});
