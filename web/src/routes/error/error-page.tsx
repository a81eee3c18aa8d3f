import { ErrorPage } from '../../components/error-page.js';

/** `/error?code=` (spec §2.1). */
export default function ErrorRoute() {
  return <ErrorPage />;
}
