/**
 * Entering the app after sign-in or sign-up, with the semantics of spec §2.3 (entry by URL):
 * the session is stored, a new sign-up goes to creating-account, anyone else to the answered url.
 * Both pages store the session themselves and route inside the app, so the token never appears
 * in a URL (history, logs, referrers).
 */
import type { TSessionResponse } from '../../../../shared/schemas/session.js';
import { storeSession } from '../../session/session.js';

/** The in-app path to open for a session answer; the server's url has no leading '#/'. */
export function sessionEntryPath(answer: Pick<TSessionResponse, 'url' | 'newSignUp'>): string {
  if (answer.newSignUp) return '/creating-account';
  const route = answer.url.replace(/^[#/]+/, '');
  return `/${route || 'dashboard'}`;
}

/** Stores the session and returns where to go; the caller navigates (replace, so Back skips the form). */
export function enterSession(answer: TSessionResponse): string {
  storeSession({ token: answer.token, idleTime: answer.idleTime, loginAlert: answer.loginAlert });
  return sessionEntryPath(answer);
}
