/**
 * The import pages as one lazy chunk: one entry in the shell's preload map instead of five (the
 * initial bundle is near its limit, docs/benchmarks.md). Picks the page by the route's path.
 */
import { useLocation } from 'react-router-dom';
import ImportConfirmPage from './import-confirm-page.js';
import ImportReportPage from './import-report-page.js';
import ImportUploadPage from './import-upload-page.js';

export default function ImportPages() {
  const { pathname } = useLocation();
  if (pathname.endsWith('/import-contacts/confirm')) return <ImportConfirmPage />;
  if (pathname.endsWith('/import-report')) return <ImportReportPage />;
  if (pathname.endsWith('/import-unsubscribed-emails')) return <ImportUploadPage key="unsubscribedEmails" kind="unsubscribedEmails" />;
  if (pathname.endsWith('/import-unsubscribed-mobile-numbers')) return <ImportUploadPage key="unsubscribedMobiles" kind="unsubscribedMobiles" />;
  return <ImportUploadPage key="contacts" kind="contacts" />;
}
