/** Renames a template from the list, without opening its editor; a taken name shows under the field. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renameTemplate, type TTemplateSummary } from '../../api/templates.js';
import { FormDialog } from '../form-dialog.js';
import { notify } from '../toaster.js';
import { TemplateNameField, useTemplateName } from '../template-editor/template-name-field.js';

export function RenameTemplateDialog({ template, onClose }: { template: TTemplateSummary; onClose(): void }) {
  const { t } = useTranslation('templates');
  const name = useTemplateName(template.name);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const wanted = name.check();
    if (wanted === null) return;
    if (wanted === template.name) return onClose();
    setBusy(true);
    try {
      const renamed = await renameTemplate(template.id, wanted);
      notify({ type: 'success', title: t('rename.done', { name: renamed.name }) });
      onClose();
    } catch (failure) {
      name.fail(failure);
      setBusy(false);
    }
  };

  return (
    <FormDialog title={t('rename.title')} submitLabel={t('action.rename')} submitTestId="rename-template-confirm" busy={busy} onSubmit={() => void submit()} onClose={onClose} size="sm" testId="rename-template-dialog">
      <TemplateNameField state={name} autoFocus />
    </FormDialog>
  );
}
