import { account } from '../../shared/contracts/account.js';
import { createApiHandler } from '../lib/http.js';
import { changePassword } from '../services/session/passwords.js';
import { sendAccountVerification, sendChangeEmailCode, verifyAccount, verifyChangeEmail } from '../services/session/verification.js';

export const handler = createApiHandler(account, {
  sendVerification: async ({ caller, body, now }) => sendAccountVerification({ claims: caller, input: body, now }),
  verify: async ({ caller, body, now }) => verifyAccount({ claims: caller, code: body.code, now }),
  sendChangeEmailCode: async ({ caller, body, now }) => sendChangeEmailCode({ claims: caller, input: body, now }),
  verifyChangeEmail: async ({ caller, body, now }) => verifyChangeEmail({ claims: caller, email: body.email, code: body.code, now }),
  changePassword: async ({ caller, body }) => changePassword({ claims: caller, input: body }),
});
