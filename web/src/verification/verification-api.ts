/** The login-email verification calls of docs/api-contract.md (spec §7 "Account and identity verification"). */
import type { TSendVerificationResponse } from '../../../shared/schemas/account.js';
import { apiRequest } from '../api/client.js';

const ACCOUNT = '/api/v1/pageBasedAPI/settings/account';

/** Sends a code to the login email; with checkLastSendTimeOnly it only reports the last send. */
export function sendAccountVerification(
  body: { email: string; force: boolean; checkLastSendTimeOnly?: boolean },
  signal?: AbortSignal,
) {
  return apiRequest<TSendVerificationResponse>({ method: 'POST', path: `${ACCOUNT}/send-account-verification`, body, signal });
}

/** Sends a code to a new address that will become the login email once confirmed. */
export function sendChangeEmailVerification(body: { email: string; force: boolean }) {
  return apiRequest<TSendVerificationResponse>({ method: 'POST', path: `${ACCOUNT}/change-email-verifying`, body });
}

/** A confirmed code answers a fresh token whose claims say verified; no token means not confirmed. */
export type VerifyAnswer = { success: boolean; token?: string };

export function verifyAccount(body: { code: string; force: boolean }) {
  return apiRequest<VerifyAnswer>({ method: 'POST', path: `${ACCOUNT}/verify-account`, body });
}

export function verifyChangedEmail(body: { email: string; code: string; force: boolean }) {
  return apiRequest<VerifyAnswer>({ method: 'POST', path: `${ACCOUNT}/change-email-verify`, body });
}
