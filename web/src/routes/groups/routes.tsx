import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

// One element for both paths: modify-group is create-group's alias (spec §2.1), told apart by `?id=`.
const groupForm = lazyPage(() => import('./group-form-page.js'));

/** Routes of the groups area, spread into the shell's route table (web/src/router.tsx). */
export const groupsRoutes: RouteObject[] = [
  { path: 'groups', element: lazyPage(() => import('./groups-page.js')) },
  { path: 'groups/create-group', element: groupForm },
  { path: 'groups/modify-group', element: groupForm },
  { path: 'groups/save-group', element: lazyPage(() => import('./save-group-page.js')) },
  { path: 'groups/group-details', element: lazyPage(() => import('./group-details-page.js')) },
];
