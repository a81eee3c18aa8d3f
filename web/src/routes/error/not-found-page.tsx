import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from './error-page.js';

/** Any address that matches no route. */
export default function NotFoundPage() {
  return <ErrorPage code={ERROR_CODES.ROUTE_NOT_FOUND} titleKey="errorPage.notFoundTitle" />;
}
