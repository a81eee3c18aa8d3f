import {
  ZChangeEmailVerifyingRequest,
  ZChangeEmailVerifyRequest,
  ZChangePasswordRequest,
  ZSendVerificationRequest,
  ZVerifyRequest,
} from '../../shared/schemas/account.js';
import { claimsOf, createApiHandler } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { changePassword } from '../services/passwords.js';
import { sendAccountVerification, sendChangeEmailCode, verifyAccount, verifyChangeEmail } from '../services/verification.js';

const BASE = '/api/v1/pageBasedAPI/settings/account';

export const handler = createApiHandler('account', {
  [`POST ${BASE}/send-account-verification`]: async (request) =>
    sendAccountVerification({ claims: claimsOf(request), input: parseInput(ZSendVerificationRequest, request.body ?? {}), now: new Date() }),
  [`POST ${BASE}/verify-account`]: async (request) =>
    verifyAccount({ claims: claimsOf(request), code: parseInput(ZVerifyRequest, request.body).code, now: new Date() }),
  [`POST ${BASE}/change-email-verifying`]: async (request) =>
    sendChangeEmailCode({ claims: claimsOf(request), input: parseInput(ZChangeEmailVerifyingRequest, request.body), now: new Date() }),
  [`POST ${BASE}/change-email-verify`]: async (request) => {
    const input = parseInput(ZChangeEmailVerifyRequest, request.body);
    return verifyChangeEmail({ claims: claimsOf(request), email: input.email, code: input.code, now: new Date() });
  },
  [`POST ${BASE}/change-password`]: async (request) =>
    changePassword({ claims: claimsOf(request), input: parseInput(ZChangePasswordRequest, request.body) }),
});
