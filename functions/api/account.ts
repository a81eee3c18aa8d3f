import { account } from '../../shared/contracts/account.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { changePassword } from '../services/session/passwords.js';
import { getProfile, updateProfile } from '../services/session/profile.js';
import { endOwnSession, getSignInActivity } from '../services/session/sign-in-activity.js';
import { sendAccountVerification, sendChangeEmailCode, verifyAccount, verifyChangeEmail } from '../services/session/verification.js';

export const handler = createApiHandler(account, {
  sendVerification: async ({ caller, body, now }) => sendAccountVerification({ claims: caller, input: body, now }),
  verify: async ({ caller, body, now }) => verifyAccount({ claims: caller, code: body.code, now }),
  sendChangeEmailCode: async ({ caller, body, now }) => sendChangeEmailCode({ claims: caller, input: body, now }),
  verifyChangeEmail: async ({ caller, body, now }) => verifyChangeEmail({ claims: caller, email: body.email, code: body.code, now }),
  changePassword: async ({ caller, body, now, http }) => changePassword({ claims: caller, input: body, client: { ip: http.sourceIp, now } }),
  getProfile: async ({ caller }) => getProfile({ claims: caller }),
  updateProfile: async ({ caller, body }) => updateProfile({ claims: caller, profile: body }),
  signInActivity: async ({ caller, now }) => getSignInActivity({ claims: caller, now }),
  endSession: async ({ caller, params, now }) => {
    await endOwnSession({ claims: caller, sid: params.sid, now });
    return OK;
  },
});
