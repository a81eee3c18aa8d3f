/** The login-email verification calls (spec §7 "Account and identity verification"). */
import { account } from '../../../shared/contracts/account.js';
import { callRoute } from '../api/routes.js';

/** Sends a code to the login email; with checkLastSendTimeOnly it only reports the last send. */
export function sendAccountVerification(
  body: { email: string; force: boolean; checkLastSendTimeOnly?: boolean },
  signal?: AbortSignal,
) {
  return callRoute(account.routes.sendVerification, { body }, { signal });
}

/** Sends a code to a new address that will become the login email once confirmed; with checkLastSendTimeOnly it only reports the last send. */
export function sendChangeEmailVerification(
  body: { email: string; force: boolean; checkLastSendTimeOnly?: boolean },
  signal?: AbortSignal,
) {
  return callRoute(account.routes.sendChangeEmailCode, { body }, { signal });
}

/** A confirmed code answers a fresh token whose claims say verified. */
export function verifyAccount(body: { code: string; force: boolean }) {
  return callRoute(account.routes.verify, { body });
}

export function verifyChangedEmail(body: { email: string; code: string; force: boolean }) {
  return callRoute(account.routes.verifyChangeEmail, { body });
}
