import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

const contactForm = lazyPage(() => import('./contact-form-page.js'));
/** Upload, confirm and report share one chunk (one entry in the entry's preload map). */
const importPages = lazyPage(() => import('./import/import-pages.js'));
/** Imports of unsubscribed emails and mobiles come later: their pages say so rather than show nothing. */
const sectionUnavailable = lazyPage(() => import('../error/section-unavailable-page.js'));

/** Routes of the contacts area (spec §2.1), spread into the shell's route table (web/src/router.tsx). */
export const contactsRoutes: RouteObject[] = [
  { path: 'contacts', element: lazyPage(() => import('./contacts-page.js')) },
  { path: 'contacts/create-contact', element: contactForm },
  { path: 'contacts/edit-contact', element: contactForm },
  { path: 'contacts/profile', element: lazyPage(() => import('./contact-profile-page.js')) },
  { path: 'contacts/import-contacts', element: importPages },
  { path: 'contacts/import-contacts/confirm', element: importPages },
  { path: 'contacts/import-report', element: importPages },
  ...['import-unsubscribed-emails', 'import-unsubscribed-mobile-numbers'].map((page) => ({
    path: `contacts/${page}`,
    element: sectionUnavailable,
  })),
];
