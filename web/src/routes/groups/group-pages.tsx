/**
 * The groups area behind one route (one entry in the entry's preload map): the list is in this
 * chunk, every sub-page is a chunk of its own, picked by the path.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import GroupsPage from './groups-page.js';

// One page for both paths: modify-group is create-group's alias (spec §2.1), told apart by `?id=`.
const GroupFormPage = lazySubPage(() => import('./group-form-page.js'));

const SUB_PAGES = {
  'create-group': GroupFormPage,
  'modify-group': GroupFormPage,
  'save-group': lazySubPage(() => import('./save-group-page.js')),
  'group-details': lazySubPage(() => import('./group-details-page.js')),
};

function isSubPage(name: string): name is keyof typeof SUB_PAGES {
  return Object.hasOwn(SUB_PAGES, name);
}

export default function GroupPages() {
  const subPage = useLocation().pathname.split('/').filter(Boolean).slice(1).join('/');
  if (subPage === '') return <GroupsPage />;
  if (!isSubPage(subPage)) return <NotFoundPage />;
  const SubPage = SUB_PAGES[subPage];
  return <SubPage />;
}
