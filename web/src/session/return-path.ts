/**
 * Deep links survive sign-in: a signed-out visit to an app page opens sign-in with the page as
 * `next`, and signing in returns there. Only in-app paths are followed (never another origin).
 */
const NO_RETURN = new Set(['/', '/dashboard', '/sign-in', '/sign-up']);

/** The sign-in page's path for a signed-out visit to `location`. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  if (NO_RETURN.has(location.pathname)) return '/sign-in';
  return `/sign-in?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * The sign-in page for the app page in `hash` (`#/contacts?page=2`): a session that ends mid-work
 * (a 401, a forced logout, the idle timeout) returns there after sign-in. On sign-in already, its
 * own `next` stays.
 */
export function signInPathForHash(hash: string): string {
  const route = hash.replace(/^#/, '') || '/';
  const queryAt = route.indexOf('?');
  const pathname = queryAt < 0 ? route : route.slice(0, queryAt);
  if (pathname === '/sign-in') return route;
  return signInPathFor({ pathname, search: queryAt < 0 ? '' : route.slice(queryAt) });
}

/** `next` when it is an in-app path worth returning to, else null. */
export function returnPathOf(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const pathname = next.split(/[?#]/)[0] ?? '';
  return NO_RETURN.has(pathname) ? null : next;
}
