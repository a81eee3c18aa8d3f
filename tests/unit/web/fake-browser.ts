/**
 * A minimal browser for unit tests in Node: localStorage, location/history and window events,
 * enough for the session, entry-by-URL and API client modules.
 */
export type FakeBrowser = {
  storage: Map<string, string>;
  assigned: string[];
  location: { pathname: string; search: string; hash: string };
  dispatchStorage(key: string | null): void;
};

export function installFakeBrowser(url = 'http://localhost/'): FakeBrowser {
  const storage = new Map<string, string>();
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const parsed = new URL(url);
  const location = {
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
    assign(next: string) {
      fake.assigned.push(next);
      const target = new URL(next, 'http://localhost');
      location.pathname = target.pathname;
      location.search = target.search;
      location.hash = target.hash;
    },
  };
  const fake: FakeBrowser = {
    storage,
    assigned: [],
    location,
    dispatchStorage(key) {
      for (const listener of listeners.get('storage') ?? []) listener({ key });
    },
  };
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
    clear: () => storage.clear(),
  };
  Object.assign(globalThis, {
    window: {
      localStorage,
      location,
      history: {
        replaceState(_state: unknown, _title: string, next: string) {
          const target = new URL(next, 'http://localhost');
          location.pathname = target.pathname;
          location.search = target.search;
          location.hash = target.hash;
        },
      },
      addEventListener(type: string, listener: (event: unknown) => void) {
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)!.add(listener);
      },
      removeEventListener(type: string, listener: (event: unknown) => void) {
        listeners.get(type)?.delete(listener);
      },
    },
  });
  return fake;
}

/** An unsigned JWT with the given payload: the client only reads claims, the server verifies. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const OWNER_PERMISSIONS = Object.fromEntries(
  ['dashboard', 'contact', 'group', 'email', 'sms', 'template'].map((section) => [
    section,
    { read: true, write: true, delete: true, execute: true },
  ]),
);

export function ownerClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    tuid: 'user-1',
    loginTuid: 'user-1',
    admin: false,
    teamId: null,
    teamAdmin: false,
    connectionRole: null,
    permissions: OWNER_PERMISSIONS,
    free: false,
    unverified: false,
    hideShoppingCart: false,
    forcePasswordChange: false,
    sid: 'session-1',
    iat: now,
    exp: now + 900,
    ...overrides,
  };
}
