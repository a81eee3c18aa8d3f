/**
 * The route table of the web app (spec §2.1), on a hash router: spec URLs are `/#/...`. Every
 * page is its own chunk; the shell and the error element are in the entry.
 */
import { Suspense } from 'react';
import { createHashRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageSpinner } from './components/page-spinner.js';
import { hiddenMenuAuthRoutes, publicAuthRoutes } from './routes/auth/index.js';
import { RouteError } from './routes/error/route-error.js';
import { lazyPage } from './routes/lazy-page.js';
import { AppShell } from './shell/app-shell.js';

/** Sections of later issues: routed to the "not available in this build" page, not to placeholders. */
const LATER_SECTIONS = [
  'contacts/*',
  'groups/*',
  'emails/*',
  'sms-and-mms/*',
  'templates/*',
  'advanced-search/*',
  'search-results',
  'settings/*',
  'plans-and-orders',
  'checkout',
  'activity-history',
  'exports',
];

const sectionUnavailable = lazyPage(() => import('./routes/error/section-unavailable-page.js'));

const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', lazy: lazyPage(() => import('./routes/dashboard/dashboard-page.js')) },
  { path: 'email', element: <Navigate to="/emails" replace /> },
  { path: 'email/*', element: <Navigate to="/emails" replace /> },
  { path: 'error', lazy: lazyPage(() => import('./routes/error/error-page.js')) },
  { path: 'account-banned', lazy: lazyPage(() => import('./routes/account-banned/account-banned-page.js')) },
  { path: 'account-force-verify', lazy: lazyPage(() => import('./routes/account-force-verify/account-force-verify-page.js')) },
  { path: 'force-password-change', lazy: lazyPage(() => import('./routes/password/force-password-change-page.js')) },
  ...hiddenMenuAuthRoutes,
  ...LATER_SECTIONS.map((path) => ({ path, lazy: sectionUnavailable })),
  { path: '*', lazy: lazyPage(() => import('./routes/error/not-found-page.js')) },
];

/** The root: pages whose translations are still loading suspend here. */
function RootLayout() {
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createHashRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...publicAuthRoutes, { element: <AppShell />, children: shellRoutes }],
  },
]);
