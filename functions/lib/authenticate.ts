/**
 * Who is calling, for every route and socket: a token that verifies (signature, lifetime) of a
 * session that is still open. Logout, a password change, force-logout and a lock delete session
 * items; each container trusts an open session it has just read for OPEN_SESSION_TRUST_MS, so an
 * ended session is refused everywhere within that time (decisions.md, "Ending sessions").
 */
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import { getOpenSession } from '../data/sessions.js';
import { verifyToken, type VerifiedToken } from './jwt.js';

/** How long a container answers "open" for a session it read, without reading it again. */
export const OPEN_SESSION_TRUST_MS = 2_000;
/** Sessions remembered per container; the oldest is forgotten first. */
const MAX_TRUSTED_SESSIONS = 10_000;

/** Session (loginTuid#sid) → epoch ms until which it is trusted to be open. */
const trustedUntil = new Map<string, number>();
/** Reads in flight, shared by the requests of one session that arrive together (a page's first calls). */
const reading = new Map<string, Promise<boolean>>();

function sessionEnded(): AppError {
  return new AppError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
}

/** Reads the session from the table, and trusts it for a while if it is open. */
async function readSession(claims: VerifiedToken, session: string, now: Date): Promise<boolean> {
  trustedUntil.delete(session);
  if (!(await getOpenSession(claims.loginTuid, claims.sid, now))) return false;
  if (trustedUntil.size >= MAX_TRUSTED_SESSIONS) trustedUntil.delete(trustedUntil.keys().next().value ?? '');
  trustedUntil.set(session, now.getTime() + OPEN_SESSION_TRUST_MS);
  return true;
}

/** Whether the token's session is open: this container's answer of the last moments, or the table's (always when `fresh`). */
export async function isSessionOpen(options: { claims: VerifiedToken; now: Date; fresh?: boolean }): Promise<boolean> {
  const { claims, now } = options;
  const session = `${claims.loginTuid}#${claims.sid}`;
  if (options.fresh) return readSession(claims, session, now);
  if ((trustedUntil.get(session) ?? 0) > now.getTime()) return true;
  // The calls of one session that arrive together (a page's first requests) share one read.
  let read = reading.get(session);
  if (!read) {
    read = readSession(claims, session, now).finally(() => reading.delete(session));
    reading.set(session, read);
  }
  return read;
}

/** The verified claims of a bearer token whose session is open; AUTH-TOKEN-01 (401) otherwise. */
export async function authenticate(options: { token: string; now: Date }): Promise<VerifiedToken> {
  const claims = await verifyToken(options.token);
  if (!(await isSessionOpen({ claims, now: options.now }))) throw sessionEnded();
  return claims;
}
