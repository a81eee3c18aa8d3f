/**
 * Provider support's area behind one route (one entry in the entry's preload map): picks the page
 * by the path; each page answers everyone but support staff with the error page.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import AnnouncementsAdminPage from './announcements-admin-page.js';

const SenderIdsAdminPage = lazySubPage(() => import('./sender-ids-admin-page.js'));

export default function AdminPages() {
  const page = useLocation().pathname.split('/').filter(Boolean).slice(1).join('/');
  if (page === 'announcements') return <AnnouncementsAdminPage />;
  if (page === 'sender-ids') return <SenderIdsAdminPage />;
  return <NotFoundPage />;
}
