import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/**
 * The templates area (spec §2.1): the list and its editors, one route and one chunk, so one entry
 * in the entry's preload map (the initial bundle is at its limit); template-pages.tsx picks the
 * page by the path. Spread into the shell's route table (web/src/router.tsx).
 */
export const templatesRoutes: RouteObject[] = [{ path: 'templates/*', element: lazyPage(() => import('./template-pages.js')) }];
