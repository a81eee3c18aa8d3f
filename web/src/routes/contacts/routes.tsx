import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../lazy-page.js';

const contactForm = lazyPage(() => import('./contact-form-page.js'));
/** Upload, confirm and report share one chunk (one entry in the entry's preload map). */
const importPages = lazyPage(() => import('./import/import-pages.js'));

/** Routes of the contacts area (spec §2.1), spread into the shell's route table (web/src/router.tsx). */
export const contactsRoutes: RouteObject[] = [
  { path: 'contacts', element: lazyPage(() => import('./contacts-page.js')) },
  { path: 'contacts/create-contact', element: contactForm },
  { path: 'contacts/edit-contact', element: contactForm },
  { path: 'contacts/profile', element: lazyPage(() => import('./contact-profile-page.js')) },
  { path: 'contacts/import-contacts', element: importPages },
  { path: 'contacts/import-contacts/confirm', element: importPages },
  { path: 'contacts/import-report', element: importPages },
  { path: 'contacts/import-unsubscribed-emails', element: importPages },
  { path: 'contacts/import-unsubscribed-mobile-numbers', element: importPages },
];
