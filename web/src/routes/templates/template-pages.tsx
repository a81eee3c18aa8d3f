/**
 * The templates area behind one route: one entry in the entry's preload map instead of four (the
 * initial bundle is at its limit, docs/benchmarks.md). The list is in this chunk; each sub-page is a
 * chunk of its own loaded from here, so their dependencies are listed in this chunk's preload map
 * rather than the entry's. Picks the page by the path.
 */
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from '../../components/error-page.js';
import { lazySubPage } from '../lazy-sub-page.js';
import TemplatesPage from './templates-page.js';

const SUB_PAGES = {
  'template-editor': lazySubPage(() => import('./template-editor-page.js')),
  'code-editor': lazySubPage(() => import('./code-editor-page.js')),
  'enter-message': lazySubPage(() => import('./enter-message-page.js')),
  'convert-page': lazySubPage(() => import('./convert-page.js')),
  'select-template': lazySubPage(() => import('./select-template-page.js')),
};

function isSubPage(name: string): name is keyof typeof SUB_PAGES {
  return Object.hasOwn(SUB_PAGES, name);
}

export default function TemplatePages() {
  const subPage = useLocation().pathname.split('/').filter(Boolean).slice(1).join('/');
  if (subPage === '') return <TemplatesPage />;
  if (isSubPage(subPage)) {
    const SubPage = SUB_PAGES[subPage];
    return <SubPage />;
  }
  return <NotFoundPage />;
}
