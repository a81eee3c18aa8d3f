/** Confirms deleting a group, and says what stays: its contacts are never deleted with it. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { deleteGroup, type TGroup } from '../../api/groups.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { notify } from '../toaster.js';

export function DeleteGroupDialog({ group, onClose, onDeleted }: { group: TGroup; onClose(): void; onDeleted(): void }) {
  const { t } = useTranslation('groups');
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      destructive
      entity="group"
      testId="delete-group-dialog"
      onClose={onClose}
      onConfirm={async () => {
        await deleteGroup(group.id);
        notify({ type: 'success', title: t('delete.done', { name: group.name }) });
        onDeleted();
      }}
    >
      <Text>{t('delete.message', { name: group.name })}</Text>
      <Text fontWeight="medium" color="fg">
        {t('delete.contactsKept')}
      </Text>
    </ConfirmDialog>
  );
}
