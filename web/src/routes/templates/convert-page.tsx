/**
 * `/templates/convert-page` (spec §2.1 convert-page): a web page converted into email HTML, then
 * saved as a template and opened in the code editor.
 */
import { useState } from 'react';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { createTemplate } from '../../api/templates.js';
import { PageLayout } from '../../components/page-layout.js';
import { PageConverter } from '../../components/template-editor/page-converter.js';
import { TemplateNameField, useTemplateName } from '../../components/template-editor/template-name-field.js';
import { useTemplatePermissions } from '../../components/templates/use-template-permissions.js';
import { templatePaths } from '../../paths/templates.js';

export default function ConvertPagePage() {
  const { canWrite } = useTemplatePermissions();
  if (!canWrite) return <Navigate to={templatePaths.list()} replace />;
  return <ConvertPage />;
}

function ConvertPage() {
  const { t } = useTranslation('templates');
  return (
    <PageLayout title={t('convert.title')} subtitle={t('convert.subtitle')} maxW="7xl" testId="convert-page" back={{ to: templatePaths.list(), label: t('convert.back') }}>
      <PageConverter renderActions={(html) => <SaveAsTemplate html={html} />} />
    </PageLayout>
  );
}

/** Names the converted page and saves it as a template, then opens it in the code editor. */
function SaveAsTemplate({ html }: { html: string }) {
  const { t } = useTranslation('templates');
  const navigate = useNavigate();
  const name = useTemplateName();
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    const wantedName = name.check();
    if (wantedName === null) return;
    setSaving(true);
    try {
      const template = await createTemplate({ name: wantedName, content: { kind: 'email', editor: 'convertedPage', html, project: null } });
      navigate(templatePaths.codeEditor(template.id));
    } catch (failure) {
      name.fail(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="3">
      <TemplateNameField state={name} />
      <HStack>
        <Button onClick={() => void save()} loading={isSaving} data-testid="convert-save">
          {t('convert.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
