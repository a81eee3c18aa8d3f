import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/**
 * The email campaigns area (spec §2.1 /emails, create-email-campaign, campaign-report,
 * base-campaign-report): one route and one chunk, so one entry in the entry's preload map (the
 * initial bundle is at its limit); email-pages.tsx picks the page by the path.
 */
export const emailsRoutes: RouteObject[] = [{ path: 'emails/*', element: lazyPage(() => import('./email-pages.js')) }];
