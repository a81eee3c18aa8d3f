import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/** `/exports` (spec §2.1), spread into the shell's route table (web/src/router.tsx). */
export const exportsRoutes: RouteObject[] = [{ path: 'exports', element: lazyPage(() => import('./exports-page.js')) }];
