/** Confirms deleting contacts: they leave every group, and it cannot be undone. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { deleteContacts } from '../../../api/contacts.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { notify } from '../../../components/toaster.js';
import { useFormatters } from '../../../format/use-formatters.js';

type Props = {
  ids: readonly string[];
  /** The contact's address when one contact is deleted, named in the question. */
  name?: string;
  onClose(): void;
  onDeleted(): void;
};

export function DeleteContactsDialog({ ids, name, onClose, onDeleted }: Props) {
  const { t } = useTranslation('contacts');
  const { number } = useFormatters();
  const n = number(ids.length);
  return (
    <ConfirmDialog
      title={t('delete.title', { count: ids.length, n })}
      confirmLabel={t('action.delete')}
      destructive
      entity="contact"
      testId="delete-contacts-dialog"
      onClose={onClose}
      onConfirm={async () => {
        const deleted = await deleteContacts(ids);
        notify({ type: 'success', title: t('delete.done', { count: deleted, n: number(deleted) }) });
        onDeleted();
      }}
    >
      <Text>{name ? t('delete.one', { contact: name }) : t('delete.many', { count: ids.length, n })}</Text>
      <Text>{t('delete.consequence')}</Text>
    </ConfirmDialog>
  );
}
