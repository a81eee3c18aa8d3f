import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/** The campaign tabs: one page, whose family is the path's. */
const campaignSearch = lazyPage(() => import('./advanced-campaign-search-page.js'));

/** Routes of the search area, spread into the shell's route table (web/src/router.tsx). */
export const searchRoutes: RouteObject[] = [
  {
    // `/advanced-search` itself opens the first tab the user may read (the layout decides).
    path: 'advanced-search',
    element: lazyPage(() => import('./advanced-search-layout.js')),
    children: [
      { path: 'contacts', element: lazyPage(() => import('./advanced-contact-search-page.js')) },
      { path: 'groups', element: lazyPage(() => import('./advanced-group-search-page.js')) },
      { path: 'emails', element: campaignSearch },
      { path: 'sms-and-mms', element: campaignSearch },
      { path: 'templates', element: lazyPage(() => import('./advanced-template-search-page.js')) },
    ],
  },
  { path: 'search-results', element: lazyPage(() => import('./search-results-page.js')) },
];
