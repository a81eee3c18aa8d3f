/**
 * Entry by URL (spec §2.3): the public site hands over a session as
 * `?token=&idleTime=&url=&newSignUp=` on the app's URL.
 */
import { storeSession } from './session.js';

/** Where the app should go for the given query, or null when the query carries no session. */
export function entryTarget(search: string): { token: string; idleTime: number | null; hash: string } | null {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (!token) return null;
  const idleTime = Number(params.get('idleTime'));
  const route = (params.get('url') ?? '').replace(/^[#/]+/, '');
  return {
    token,
    idleTime: Number.isFinite(idleTime) && idleTime > 0 ? idleTime : null,
    hash: params.get('newSignUp') === 'true' ? '#/creating-account' : `#/${route || 'dashboard'}`,
  };
}

/** Stores the handed-over session and rewrites the URL without the query (the token must not linger). */
export function applyEntryFromUrl(defaultIdleTimeMs: number): void {
  const target = entryTarget(window.location.search);
  if (!target) return;
  storeSession({ token: target.token, idleTime: target.idleTime ?? defaultIdleTimeMs });
  window.history.replaceState(null, '', `${window.location.pathname}${target.hash}`);
}
