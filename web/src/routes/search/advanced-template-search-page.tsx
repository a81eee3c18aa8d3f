/** `/advanced-search/templates?search=&kind=`: templates by name and kind, the same list as `/templates`. */
import { useSearchParams } from 'react-router-dom';
import { TEMPLATE_KINDS, type TemplateKind } from '../../../../shared/schemas/templates.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { ErrorPage } from '../../components/error-page.js';
import { TemplateList } from '../../components/templates/template-list.js';
import { useTemplatePermissions } from '../../components/templates/use-template-permissions.js';

const isTemplateKind = (value: string | null): value is TemplateKind => TEMPLATE_KINDS.some((kind) => kind === value);

export default function AdvancedTemplateSearchPage() {
  const permissions = useTemplatePermissions();
  const requested = useSearchParams()[0].get('kind');
  const kind = isTemplateKind(requested) ? requested : 'email';
  if (!permissions.canRead) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  // Keyed by kind: a selection and the pages seen belong to one list.
  return <TemplateList key={kind} kind={kind} kinds={TEMPLATE_KINDS} permissions={permissions} />;
}
