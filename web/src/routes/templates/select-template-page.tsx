/**
 * `/templates/select-template` (spec §2.1): where a new email starts. A ready-made layout opens
 * the drag-and-drop editor with that design (nothing is saved until the user saves); one of the
 * account's own email templates is copied first, so the original stays as it was.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { copyTemplate } from '../../api/templates.js';
import { ErrorPage } from '../../components/error-page.js';
import { PageLayout } from '../../components/page-layout.js';
import { TemplateChooser } from '../../components/templates/template-chooser.js';
import { useTemplatePermissions } from '../../components/templates/use-template-permissions.js';
import { editorPathOf, templatePaths } from '../../paths/templates.js';

export default function SelectTemplatePage() {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const { canWrite } = useTemplatePermissions();
  if (!canWrite) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return (
    <PageLayout title={t('select.title')} subtitle={t('select.subtitle')} back={{ to: templatePaths.list('email'), label: t('select.back') }} testId="select-template-page">
      <TemplateChooser
        onLayout={(html) => navigate(templatePaths.templateEditor(), html === null ? undefined : { state: { starterHtml: html } })}
        onTemplate={async (template) => navigate(editorPathOf(await copyTemplate(template.id)))}
      />
    </PageLayout>
  );
}
