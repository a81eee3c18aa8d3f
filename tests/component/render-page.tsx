/**
 * Renders one screen as the app does (Chakra theme, swr's global cache as the app uses it, the router, the
 * error dialog and toasts), and signs in.
 */
import { Suspense, type ReactElement } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ROLE_IDS, type RoleKey } from '../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../shared/domain/permissions.js';
import type { TTokenClaims } from '../../shared/schemas/session.js';
import { ZUserInfo, type TUserInfo } from '../../shared/schemas/user.js';
import { ErrorDialogHost } from '../../web/src/components/error-dialog.js';
import { ToasterHost } from '../../web/src/components/toaster.js';
import { storeSession } from '../../web/src/session/session.js';
import { system } from '../../web/src/theme.js';
import type { FakeApi } from './fake-api.js';

/**
 * Stores a session (its token unsigned: the browser only reads the claims). The owner works in
 * their own account; any other role is a team member acting in it with that role's permissions.
 */
export function signIn(role: RoleKey = 'owner'): void {
  const now = Math.floor(Date.now() / 1000);
  const claims: TTokenClaims & { iat: number; exp: number } = {
    tuid: 'owner-1',
    loginTuid: role === 'owner' ? 'owner-1' : 'member-1',
    admin: false,
    teamId: role === 'owner' ? null : 'team-1',
    teamAdmin: false,
    connectionRole: role === 'owner' ? null : ROLE_IDS[role],
    permissions: ROLE_PERMISSIONS[role],
    free: false,
    unverified: false,
    hideShoppingCart: false,
    forcePasswordChange: false,
    sid: 'session-1',
    iat: now,
    exp: now + 900,
  };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  storeSession({ token: `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`, idleTime: 15 * 60_000 });
}

/** Where the app went: any other route renders the address, so a test reads where a button led. */
function CurrentAddress() {
  const location = useLocation();
  return <p data-testid="current-address">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `element` at `url`, its route being `routePath`. */
export function renderPage(element: ReactElement, { url, routePath }: { url: string; routePath: string }) {
  return render(
    <ChakraProvider value={system}>
      {/* No deduping: a request of the previous test must not stand in for this test's. */}
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: true, dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[url]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={routePath} element={element} />
              <Route path="*" element={<CurrentAddress />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
        <ErrorDialogHost />
        <ToasterHost />
      </SWRConfig>
    </ChakraProvider>,
  );
}

/** The address the app is at once it left the rendered route. */
export async function findAddress(): Promise<string> {
  return (await screen.findByTestId('current-address')).textContent ?? '';
}

/**
 * A button of a dialog by its text. Not by role: while modal layers (a dialog over the drawer)
 * settle, each marks the others aria-hidden, and happy-dom's timers can order that differently
 * from a browser's frames.
 */
export function findButton(dialog: HTMLElement, label: string): Promise<HTMLElement> {
  return within(dialog).findByText(label, { selector: 'button' });
}

/** The signed-in user's info, which dates and numbers are formatted by (their time zone); `overrides` change some of it (a locked cart). */
export function serveUserInfo(api: FakeApi, overrides: Partial<TUserInfo> = {}): void {
  api.on('GET', '/api/v1/pageBasedAPI/user', ZUserInfo).answer(() => ({
    tuid: 'owner-1',
    loginTuid: 'owner-1',
    fullname: 'Ada Lovelace',
    login: 'ada@example.com',
    status: 'active',
    lockedBy: null,
    forceVerifyEndTime: null,
    createTime: '2026-01-01T00:00:00.000Z',
    loginCount: 3,
    isCustomizedCrm: false,
    unverified: false,
    free: false,
    reputation: 100,
    smsReputation: 100,
    enableMultiUserModule: true,
    enableConnectionModule: true,
    addFooter: false,
    timezone: 'Asia/Hong_Kong',
    language: 'en',
    hasFailedPayment: false,
    hasFailingPaymentMethods: false,
    teamAdminUser: null,
    unverifiedUserLockGracePeriod: 0,
    canBuyPlan: true,
    isShoppingCartLocked: false,
    lastVerifiedTime: null,
    ...overrides,
  }));
}
