import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

/** Tabs whose sections come in later issues; their paths answer with the "not available yet" page. */
export const LATER_SEARCH_TABS = ['sms-and-mms'] as const;

const sectionUnavailable = lazyPage(() => import('../error/section-unavailable-page.js'));

/** Routes of the search area, spread into the shell's route table (web/src/router.tsx). */
export const searchRoutes: RouteObject[] = [
  {
    // `/advanced-search` itself opens the first tab the user may read (the layout decides).
    path: 'advanced-search',
    element: lazyPage(() => import('./advanced-search-layout.js')),
    children: [
      { path: 'contacts', element: lazyPage(() => import('./advanced-contact-search-page.js')) },
      { path: 'groups', element: lazyPage(() => import('./advanced-group-search-page.js')) },
      { path: 'emails', element: lazyPage(() => import('./advanced-campaign-search-page.js')) },
      { path: 'templates', element: lazyPage(() => import('./advanced-template-search-page.js')) },
      ...LATER_SEARCH_TABS.map((path) => ({ path, element: sectionUnavailable })),
    ],
  },
  { path: 'search-results', element: lazyPage(() => import('./search-results-page.js')) },
];
