import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from './error-page.js';

/** Sections that come in later issues: a clear message rather than an empty page. */
export default function SectionUnavailablePage() {
  return (
    <ErrorPage code={ERROR_CODES.ROUTE_NOT_FOUND} titleKey="errorPage.unavailableTitle" messageKey="errorPage.unavailable" />
  );
}
