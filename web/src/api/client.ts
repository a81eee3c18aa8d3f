/**
 * The one HTTP wrapper of the web app (spec §7): bearer token, timeouts, single-flight token
 * refresh, 401 → sign-in, and ApiError for every failure.
 */
import { TIMEOUTS_MS, TOKEN_REFRESH_THRESHOLD_MS } from '../../../shared/constants.js';
import { ERROR_CODES, httpStatusOf } from '../../../shared/errors.js';
import { auth } from '../../../shared/contracts/auth.js';
import type { HttpMethod } from '../../../shared/contracts/route.js';
import type { TTokenResponse } from '../../../shared/schemas/session.js';
import { signInPathForHash } from '../session/return-path.js';
import { clearSession, getClaims, getToken, storeToken } from '../session/session.js';
import { ApiError, CLIENT_ERROR_CODES, toApiError } from './errors.js';

export type QueryValue = string | number | boolean | undefined;

export type ApiRequestOptions = {
  method?: HttpMethod;
  /** Absolute path, as its route contract has it (web/src/api/routes.ts builds it). */
  path: string;
  body?: unknown;
  query?: Record<string, QueryValue>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Send the session's bearer token (default true). */
  auth?: boolean;
  /** 'blob' for a file download (answers in the error shape still fail as errors). */
  responseType?: 'json' | 'blob';
};

export const SIGN_IN_URL = '/#/sign-in';

/** Sign-in with the page now open as `next`: where a session that ended mid-work resumes. */
export function signInUrlReturningHere(): string {
  return `/#${signInPathForHash(window.location.hash)}`;
}

/** Ends the local session and opens the sign-in page (spec §7: a 401 or a missing token). */
export function sendToSignIn(): void {
  // Read before the session clears: the shell then starts moving to sign-in on its own.
  const signIn = signInUrlReturningHere();
  clearSession();
  if (!window.location.hash.startsWith('#/sign-in')) window.location.assign(signIn);
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(status: number, payload: unknown): ApiError {
  const error = toApiError(payload, status);
  // A body without the catalogue shape (a proxy page, an empty 502) still gets a code from the status.
  if (error.code === ERROR_CODES.GENERIC && status === httpStatusOf(ERROR_CODES.UNAUTHENTICATED)) {
    error.code = ERROR_CODES.UNAUTHENTICATED;
  }
  error.httpStatus = status;
  return error;
}

async function send<T>(options: ApiRequestOptions, token: string | null): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMEOUTS_MS.default);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  try {
    const response = await fetch(buildUrl(options.path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
    const payload = await readBody(response);
    if (!response.ok) throw errorFromResponse(response.status, payload);
    return payload as T;
  } catch (error) {
    if (timedOut) throw new ApiError({ code: CLIENT_ERROR_CODES.TIMEOUT });
    if (error instanceof ApiError) throw error;
    const apiError = toApiError(error);
    if (apiError.cancelled) throw apiError;
    // fetch rejects with a TypeError only when the network or the server is unreachable.
    throw new ApiError({ code: CLIENT_ERROR_CODES.NETWORK, message: apiError.message });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

let refreshing: Promise<void> | null = null;

function tokenNeedsRefresh(now: number): boolean {
  const claims = getClaims();
  // Spec §6: provider support sessions are never token-refreshed.
  if (!claims || claims.admin) return false;
  return now - claims.iat * 1000 > TOKEN_REFRESH_THRESHOLD_MS;
}

/** Refreshes the token once for all concurrent callers (single flight). */
function refreshToken(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const { path, clientTimeoutMs } = auth.routes.refresh;
      const { token } = await send<TTokenResponse>({ path, timeoutMs: clientTimeoutMs }, getToken());
      storeToken(token);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.httpStatus === 401) throw apiError;
      // Spec §8: a failed token refresh is reported with the code DEFAULT.
      throw new ApiError({ code: ERROR_CODES.TOKEN_REFRESH_FAILED, message: apiError.message, httpStatus: apiError.httpStatus });
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function unauthenticated(): ApiError {
  return new ApiError({ code: ERROR_CODES.UNAUTHENTICATED, httpStatus: 401 });
}

export async function apiRequest<T>(options: ApiRequestOptions): Promise<T> {
  const auth = options.auth ?? true;
  if (!auth) return send<T>(options, null);

  if (!getToken()) {
    sendToSignIn();
    throw unauthenticated();
  }
  try {
    if (tokenNeedsRefresh(Date.now())) await refreshToken();
    return await send<T>(options, getToken());
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.httpStatus === 401) sendToSignIn();
    throw apiError;
  }
}

/** The fetcher of swr hooks: the key is the API path. */
export function fetchPath<T>(path: string): Promise<T> {
  return apiRequest<T>({ path });
}
