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

/** `next` when it is an in-app path worth returning to, else null. */
export function returnPathOf(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  const pathname = next.split(/[?#]/)[0] ?? '';
  return NO_RETURN.has(pathname) ? null : next;
}
