/**
 * The route table of the web app (spec §2.1), on a hash router: spec URLs are `/#/...`. Every
 * page is its own chunk; the shell and the error boundary are in the entry. The app uses no
 * loaders or actions, so it routes with `useRoutes` rather than a data router, which would add
 * some 17 KiB (gzip) to the initial bundle for nothing.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from './components/page-spinner.js';
import { hiddenMenuAuthRoutes, publicAuthRoutes } from './routes/auth/index.js';
import { RouteError } from './routes/error/route-error.js';
import { lazyPage } from './routes/lazy-page.js';
import { OwnAccountOnly } from './routes/own-account-only.js';
import { AppShell } from './shell/app-shell.js';
import { contactsRoutes } from './routes/contacts/routes.js';
import { groupsRoutes } from './routes/groups/routes.js';
import { searchRoutes } from './routes/search/routes.js';
import { exportsRoutes } from './routes/exports/routes.js';
import { templatesRoutes } from './routes/templates/routes.js';
import { emailsRoutes } from './routes/emails/routes.js';
import { smsRoutes } from './routes/sms-and-mms/routes.js';

/** Any path the table does not know. */
const notFound = lazyPage(() => import('./routes/error/not-found-page.js'));

const shellRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: lazyPage(() => import('./routes/dashboard/dashboard-page.js')) },
  { path: 'email', element: <Navigate to="/emails" replace /> },
  { path: 'email/*', element: <Navigate to="/emails" replace /> },
  { path: 'error', element: lazyPage(() => import('./routes/error/error-page.js')) },
  { path: 'account-banned', element: lazyPage(() => import('./routes/account-banned/account-banned-page.js')) },
  { path: 'account-force-verify', element: lazyPage(() => import('./routes/account-force-verify/account-force-verify-page.js')) },
  { path: 'force-password-change', element: lazyPage(() => import('./routes/password/force-password-change-page.js')) },
  { path: 'checkout', element: lazyPage(() => import('./routes/checkout/checkout-page.js')) },
  { path: 'plans-and-orders', element: <OwnAccountOnly>{lazyPage(() => import('./routes/plans-and-orders/plans-and-orders-page.js'))}</OwnAccountOnly> },
  { path: 'activity-history', element: <OwnAccountOnly>{lazyPage(() => import('./routes/activity-history/activity-history-page.js'))}</OwnAccountOnly> },
  // Ranked above 'settings/*' by react-router for being more specific.
  {
    path: 'settings/notifications',
    element: <OwnAccountOnly>{lazyPage(() => import('./routes/settings/notifications/notification-settings-page.js'))}</OwnAccountOnly>,
  },
  // The other settings children (sms-and-mms; the later ones' "not available" page) behind one route.
  { path: 'settings/*', element: lazyPage(() => import('./routes/settings/settings-pages.js')) },
  // Provider support only (announcements, sender IDs); each page answers everyone else with the error page.
  { path: 'admin/*', element: lazyPage(() => import('./routes/admin/admin-pages.js')) },
  ...contactsRoutes,
  ...groupsRoutes,
  ...searchRoutes,
  ...exportsRoutes,
  ...templatesRoutes,
  ...emailsRoutes,
  ...smsRoutes,
  ...hiddenMenuAuthRoutes,
  { path: '*', element: notFound },
];

/** The root: pages whose translations are still loading suspend here. */
function RootLayout() {
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [...publicAuthRoutes, { path: '/legal/:document', element: lazyPage(() => import('./routes/legal/legal-page.js')) }, { element: <AppShell />, children: shellRoutes }],
  },
];

/** A page module that failed to load (a new deployment, a lost connection) or a render error. */
class RouteErrorBoundary extends Component<{ children: ReactNode; pathname: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // Leaving a failed page recovers, without remounting the tree on every navigation.
  componentDidUpdate(previous: { pathname: string }) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary pathname={useLocation().pathname}>{element}</RouteErrorBoundary>;
}
