/** Confirms deleting one template or several (all or none); it cannot be undone. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { deleteTemplates, type TTemplateSummary } from '../../api/templates.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { notify } from '../toaster.js';
import { useFormatters } from '../../format/use-formatters.js';

type Props = { templates: readonly TTemplateSummary[]; onClose(): void; onDeleted(): void };

export function DeleteTemplatesDialog({ templates, onClose, onDeleted }: Props) {
  const { t } = useTranslation('templates');
  const { number } = useFormatters();
  const count = templates.length;
  const n = number(count);
  return (
    <ConfirmDialog
      title={t('delete.title', { count, n })}
      confirmLabel={t('action.delete')}
      destructive
      entity="template"
      testId="delete-templates-dialog"
      onClose={onClose}
      onConfirm={async () => {
        const deleted = await deleteTemplates(templates.map((template) => template.id));
        notify({ type: 'success', title: t('delete.done', { count: deleted, n: number(deleted) }) });
        onDeleted();
      }}
    >
      <Text>{count === 1 ? t('delete.one', { name: templates[0].name }) : t('delete.many', { count, n })}</Text>
      <Text>{t('delete.consequence')}</Text>
    </ConfirmDialog>
  );
}
