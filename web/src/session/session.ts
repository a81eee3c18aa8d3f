/**
 * The browser session: the bearer token and the idle time, kept in localStorage so that every
 * tab shares one session (a logout or a refreshed token in one tab applies to all of them).
 */
import { useSyncExternalStore } from 'react';
import type { TLoginAlert, TTokenClaims } from '../../../shared/schemas/session.js';

export type SessionClaims = TTokenClaims & { iat: number; exp: number };

const TOKEN_KEY = 'session.token';
const IDLE_TIME_KEY = 'session.idleTime';
/** When the user last moved, typed or scrolled in any tab (ms since epoch). */
const ACTIVITY_KEY = 'session.lastActivity';
const LOGIN_ALERT_KEY = 'session.loginAlert';

type Listener = () => void;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Called on every change of the session, in this tab or (through the storage event) another. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === IDLE_TIME_KEY) emit();
  });
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (privacy settings); the app then behaves as signed out.
    return null;
  }
}

export function storeSession(session: { token: string; idleTime: number; loginAlert?: TLoginAlert }): void {
  window.localStorage.setItem(TOKEN_KEY, session.token);
  window.localStorage.setItem(IDLE_TIME_KEY, String(session.idleTime));
  // Entry by URL carries no alert: forget the previous session's rather than show it as this one's.
  if (session.loginAlert) window.localStorage.setItem(LOGIN_ALERT_KEY, JSON.stringify(session.loginAlert));
  else window.localStorage.removeItem(LOGIN_ALERT_KEY);
  // A new session starts active, whatever an earlier session left behind.
  recordActivity(Date.now());
  emit();
}

/** Replaces only the token (refresh, access switching) and keeps the idle time. */
export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearSession(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(IDLE_TIME_KEY);
  window.localStorage.removeItem(LOGIN_ALERT_KEY);
  emit();
}

export function recordActivity(now: number): void {
  try {
    window.localStorage.setItem(ACTIVITY_KEY, String(now));
  } catch {
    // Without storage the idle timer falls back to this tab's own clock (see lastActivity).
  }
}

/** Where the current session signed in from (the login answer's alert), if known. */
export function sessionLoginAlert(): TLoginAlert | null {
  const text = readStorage(LOGIN_ALERT_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as TLoginAlert;
  } catch {
    return null;
  }
}

/** The last activity in any tab, or null when none was recorded. */
export function lastActivity(): number | null {
  const value = Number(readStorage(ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function getToken(): string | null {
  return readStorage(TOKEN_KEY);
}

/** The idle time granted at sign-in, in ms; null when none was stored. */
export function getStoredIdleTime(): number | null {
  const value = Number(readStorage(IDLE_TIME_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isClaims(value: unknown): value is SessionClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Partial<SessionClaims>;
  return (
    typeof claims.tuid === 'string' &&
    typeof claims.loginTuid === 'string' &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number' &&
    typeof claims.permissions === 'object' &&
    claims.permissions !== null
  );
}

/** Reads the token's payload without verifying it: the server verifies; the UI only needs the claims. */
export function decodeClaims(token: string): SessionClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(decodeBase64Url(payload));
    return isClaims(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

// useSyncExternalStore needs a stable snapshot: decode once per distinct token.
let cachedToken: string | null = null;
let cachedClaims: SessionClaims | null = null;

export function getClaims(): SessionClaims | null {
  const token = getToken();
  if (token !== cachedToken) {
    cachedToken = token;
    cachedClaims = token ? decodeClaims(token) : null;
  }
  return cachedClaims;
}

/** The current token claims; re-renders when the session changes in this or another tab. */
export function useClaims(): SessionClaims | null {
  return useSyncExternalStore(subscribeSession, getClaims, () => null);
}
