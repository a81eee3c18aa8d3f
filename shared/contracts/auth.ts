/** Sessions (spec §7 "Session and user"); sign-up and login are the public site's calls. */
import { TIMEOUTS_MS } from '../constants.js';
import { ZForgotPasswordRequest, ZResetPasswordRequest } from '../schemas/account.js';
import { ZOk } from '../schemas/common.js';
import { ZLoginRequest, ZSessionResponse, ZSignUpRequest, ZTokenResponse } from '../schemas/session.js';
import { PUBLIC, SESSION, defineGroup, route } from './route.js';

export const auth = defineGroup('auth', {
  signUp: route({ method: 'POST', path: '/auth/signup', access: PUBLIC, body: ZSignUpRequest, answer: ZSessionResponse, status: 201 }),
  logIn: route({ method: 'POST', path: '/auth/login', access: PUBLIC, body: ZLoginRequest, answer: ZSessionResponse }),
  logOut: route({ method: 'GET', path: '/auth/logout', access: SESSION, answer: ZOk, allowedDuringPasswordChange: true }),
  refresh: route({
    method: 'GET',
    path: '/auth/refresh',
    access: SESSION,
    answer: ZTokenResponse,
    clientTimeoutMs: TIMEOUTS_MS.tokenRefresh,
    allowedDuringPasswordChange: true,
  }),
  keepAlive: route({ method: 'GET', path: '/auth/skipUpdate', access: SESSION, answer: ZOk, allowedDuringPasswordChange: true }),
  // Password recovery: the same answer whether or not the address has an account.
  forgotPassword: route({ method: 'POST', path: '/auth/forgot-password', access: PUBLIC, body: ZForgotPasswordRequest, answer: ZOk }),
  resetPassword: route({ method: 'POST', path: '/auth/reset-password', access: PUBLIC, body: ZResetPasswordRequest, answer: ZOk }),
});
