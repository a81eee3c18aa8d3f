/** The API wrapper (spec §7, §8): bearer token, refresh, 401 → sign-in, ApiError for every failure. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, fakeToken, ownerClaims, type FakeBrowser } from './fake-browser.js';

const browser: FakeBrowser = installFakeBrowser();
const { apiRequest } = await import('../../../web/src/api/client.js');
const { ApiError, toApiError } = await import('../../../web/src/api/errors.js');
const { getToken, storeSession } = await import('../../../web/src/session/session.js');

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  });
}

beforeEach(() => {
  calls = [];
  browser.storage.clear();
  browser.assigned.length = 0;
  browser.location.hash = '#/dashboard';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('sends the bearer token, the query and a JSON body', async () => {
    // Prepare
    const token = fakeToken(ownerClaims());
    storeSession({ token, idleTime: 3_600_000 });
    mockFetch(() => answer(200, { ok: true }));

    // Act
    const result = await apiRequest<{ ok: boolean }>({
      method: 'POST',
      path: '/api/v1/pageBasedAPI/thing',
      query: { page: 1, skip: undefined, flag: true },
      body: { name: 'x' },
    });

    // Assess
    expect(result).toEqual({ ok: true });
    expect(calls[0].url).toBe('/api/v1/pageBasedAPI/thing?page=1&flag=true');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(calls[0].init.body).toBe('{"name":"x"}');
  });

  it('turns an error answer into an ApiError with the catalogue fields', async () => {
    storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    mockFetch(() => answer(400, { statusCode: 'VALIDATE_PASSWORD-RECENTLY-USED', message: 'used', numOfRecentlyUsed: 5 }));

    const error = await apiRequest({ path: '/x' }).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATE_PASSWORD-RECENTLY-USED', httpStatus: 400, numOfRecentlyUsed: 5, cancelled: false });
  });

  it('refreshes an old token once for concurrent calls, then uses the new one', async () => {
    // Prepare: a token issued 6 minutes ago (threshold 5).
    const old = fakeToken(ownerClaims({ iat: Math.floor(Date.now() / 1000) - 360 }));
    const fresh = fakeToken(ownerClaims());
    storeSession({ token: old, idleTime: 1 });
    mockFetch((url) => (url === '/auth/refresh' ? answer(200, { token: fresh }) : answer(200, {})));

    // Act
    await Promise.all([apiRequest({ path: '/a' }), apiRequest({ path: '/b' })]);

    // Assess
    expect(calls.filter((call) => call.url === '/auth/refresh')).toHaveLength(1);
    expect(getToken()).toBe(fresh);
    for (const call of calls.filter((item) => item.url !== '/auth/refresh')) {
      expect((call.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    }
  });

  it('never refreshes a provider-support token (spec §6)', async () => {
    storeSession({ token: fakeToken(ownerClaims({ admin: true, iat: Math.floor(Date.now() / 1000) - 3600 })), idleTime: 1 });
    mockFetch(() => answer(200, {}));

    await apiRequest({ path: '/a' });

    expect(calls.map((call) => call.url)).toEqual(['/a']);
  });

  it('reports a failed refresh with the code DEFAULT', async () => {
    storeSession({ token: fakeToken(ownerClaims({ iat: Math.floor(Date.now() / 1000) - 360 })), idleTime: 1 });
    mockFetch(() => answer(500, { statusCode: 'OTH-X-001', message: 'boom' }));

    const error = await apiRequest({ path: '/a' }).catch((failure: unknown) => failure);

    expect(error).toMatchObject({ code: 'DEFAULT' });
    expect(calls.map((call) => call.url)).toEqual(['/auth/refresh']);
  });

  it('on 401 clears the session and sends the browser to sign-in', async () => {
    storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    mockFetch(() => answer(401, { statusCode: 'AUTH-TOKEN-01', message: 'expired' }));

    const error = await apiRequest({ path: '/a' }).catch((failure: unknown) => failure);

    expect(error).toMatchObject({ code: 'AUTH-TOKEN-01', httpStatus: 401 });
    expect(getToken()).toBeNull();
    expect(browser.assigned).toEqual(['/#/sign-in']);
  });

  it('without a token sends to sign-in and makes no call', async () => {
    mockFetch(() => answer(200, {}));

    const error = await apiRequest({ path: '/a' }).catch((failure: unknown) => failure);

    expect(error).toMatchObject({ code: 'AUTH-TOKEN-01' });
    expect(calls).toHaveLength(0);
    expect(browser.assigned).toEqual(['/#/sign-in']);
  });

  it('calls public routes without a token when auth is false', async () => {
    mockFetch(() => answer(200, { stage: 'development' }));

    await apiRequest({ path: '/config', auth: false });

    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(browser.assigned).toEqual([]);
  });

  it('flags a cancelled request and never reports it as a failure code', async () => {
    storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();

    const pending = apiRequest({ path: '/a', signal: controller.signal }).catch((failure: unknown) => failure);
    controller.abort();

    expect(await pending).toMatchObject({ cancelled: true, code: 'OTH-X-CANCELLED' });
  });

  it('times out with its own code', async () => {
    storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const error = await apiRequest({ path: '/a', timeoutMs: 20 }).catch((failure: unknown) => failure);

    expect(error).toMatchObject({ code: 'OTH-X-TIMEOUT', cancelled: false });
  });

  it('reads a text answer (common-domains is comma-separated text)', async () => {
    storeSession({ token: fakeToken(ownerClaims()), idleTime: 1 });
    mockFetch(() => new Response('gmail.com,yahoo.com', { status: 200, headers: { 'content-type': 'text/plain' } }));

    expect(await apiRequest<string>({ path: '/t' })).toBe('gmail.com,yahoo.com');
  });
});

describe('toApiError', () => {
  it('defaults to OTH-X-001 and keeps an ApiError as it is', () => {
    expect(toApiError(new Error('x')).code).toBe('OTH-X-001');
    expect(toApiError('weird').code).toBe('OTH-X-001');
    const error = new ApiError({ code: 'VAL-REC-01' });
    expect(toApiError(error)).toBe(error);
  });
});
