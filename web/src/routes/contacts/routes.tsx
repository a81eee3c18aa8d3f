import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/**
 * The contacts area (spec §2.1 /contacts and its sub-pages) behind one route and one chunk, so one
 * entry in the entry's preload map (the initial bundle is at its limit); contacts-pages.tsx picks
 * the page by the path. Spread into the shell's route table (web/src/router.tsx).
 */
export const contactsRoutes: RouteObject[] = [{ path: 'contacts/*', element: lazyPage(() => import('./contacts-pages.js')) }];
