import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/**
 * The groups area (spec §2.1 /groups and its sub-pages) behind one route and one chunk, so one
 * entry in the entry's preload map (the initial bundle is at its limit); group-pages.tsx picks the
 * page by the path. Spread into the shell's route table (web/src/router.tsx).
 */
export const groupsRoutes: RouteObject[] = [{ path: 'groups/*', element: lazyPage(() => import('./group-pages.js')) }];
