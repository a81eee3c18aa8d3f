import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/**
 * The SMS and MMS campaigns area (spec §2.1 /sms-and-mms, create-sms-campaign,
 * create-mms-campaign, campaign-report, base-campaign-report): one route and one chunk, as the
 * email area (the initial bundle is at its limit); sms-pages.tsx picks the page by the path.
 */
export const smsRoutes: RouteObject[] = [{ path: 'sms-and-mms/*', element: lazyPage(() => import('./sms-pages.js')) }];
