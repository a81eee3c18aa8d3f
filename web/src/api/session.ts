/** Session calls of spec §7: logout, keep-alive, UI language, return to the own account. */
import type { Language } from '../../../shared/constants.js';
import { auth } from '../../../shared/contracts/auth.js';
import { API_PREFIX } from '../../../shared/contracts/route.js';
import { user } from '../../../shared/contracts/user.js';
import type { TTokenResponse } from '../../../shared/schemas/session.js';
import { clearSession, getClaims, storeToken } from '../session/session.js';
import { apiRequest, SIGN_IN_URL } from './client.js';
import { callRoute } from './routes.js';

/** Ends the session on the server (best effort: the local session ends either way) and opens sign-in. */
export async function logout(): Promise<void> {
  try {
    await callRoute(auth.routes.logOut, {});
  } catch {
    // An expired or already-ended session cannot be logged out again; the browser still forgets it.
  }
  clearSession();
  window.location.assign(SIGN_IN_URL);
}

/** "Remain Login" of the idle reminder: tells the server the session is in use. */
export function skipIdleUpdate(): Promise<unknown> {
  return callRoute(auth.routes.keepAlive, {});
}

export function saveUiLanguage(isoCode: Language): Promise<unknown> {
  return callRoute(user.routes.setLanguage, { body: { isoCode } });
}

/**
 * Goes back to the signed-in user's own account (spec §4): a team admin through login-as-admin,
 * any other connected user through accessRole. The new token replaces the current one.
 */
export async function returnToOwnAccount(): Promise<void> {
  const claims = getClaims();
  if (!claims) return;
  const { token } = claims.teamAdmin
    ? await apiRequest<TTokenResponse>({
        method: 'POST',
        // The team routes are not built yet; these answer 404 until they are.
        path: `${API_PREFIX}/settings/multiUser/team/admin/login-as-admin`,
        body: { accessUser: claims.loginTuid, returning: true },
      })
    : await apiRequest<TTokenResponse>({
        method: 'POST',
        path: `${API_PREFIX}/settings/multiuser/accessRole`,
        body: { user: claims.loginTuid },
      });
  storeToken(token);
}
