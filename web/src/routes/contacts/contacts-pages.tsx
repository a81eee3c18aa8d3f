/**
 * The contacts area behind one route (one entry in the entry's preload map): the list is in this
 * chunk, every sub-page is a chunk of its own, picked by the path.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import ContactsPage from './contacts-page.js';

// One page for both paths: edit-contact is create-contact's alias (spec §2.1), told apart by `?id=`.
const ContactFormPage = lazySubPage(() => import('./contact-form-page.js'));
/** Upload, confirm and report share one chunk; it picks the page by the path itself. */
const ImportPages = lazySubPage(() => import('./import/import-pages.js'));

const SUB_PAGES = {
  'create-contact': ContactFormPage,
  'edit-contact': ContactFormPage,
  profile: lazySubPage(() => import('./contact-profile-page.js')),
  'import-contacts': ImportPages,
  'import-contacts/confirm': ImportPages,
  'import-report': ImportPages,
  'import-unsubscribed-emails': ImportPages,
  'import-unsubscribed-mobile-numbers': ImportPages,
};

function isSubPage(name: string): name is keyof typeof SUB_PAGES {
  return Object.hasOwn(SUB_PAGES, name);
}

export default function ContactsPages() {
  const subPage = useLocation().pathname.split('/').filter(Boolean).slice(1).join('/');
  if (subPage === '') return <ContactsPage />;
  if (!isSubPage(subPage)) return <NotFoundPage />;
  const SubPage = SUB_PAGES[subPage];
  return <SubPage />;
}
