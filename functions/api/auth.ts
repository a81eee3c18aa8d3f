import { auth } from '../../shared/contracts/auth.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { requestPasswordReset, resetPassword } from '../services/session/password-reset.js';
import { keepSessionAlive, logIn, logOut, refreshSession, signUp } from '../services/session/sessions.js';

export const handler = createApiHandler(auth, {
  signUp: async ({ body, now, http }) => signUp({ input: body, client: { ip: http.sourceIp, userAgent: http.userAgent, now } }),
  logIn: async ({ body, now, http }) => logIn({ input: body, client: { ip: http.sourceIp, userAgent: http.userAgent, now } }),
  logOut: async ({ caller }) => {
    await logOut({ claims: caller });
    return OK;
  },
  refresh: async ({ caller, now }) => refreshSession({ claims: caller, now }),
  keepAlive: async ({ caller, now }) => {
    await keepSessionAlive({ claims: caller, now });
    return OK;
  },
  forgotPassword: async ({ body, now, http }) => {
    await requestPasswordReset({ email: body.email, ip: http.sourceIp, now });
    return OK;
  },
  resetPassword: async ({ body, now }) => {
    await resetPassword({ token: body.token, newPassword: body.newPassword, now });
    return OK;
  },
});
