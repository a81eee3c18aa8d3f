/** A contact list row's menu: view the profile, and edit or delete as the user's permissions allow. */
import { Menu } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TContact } from '../../../../../shared/schemas/contacts.js';
import { ContactsIcon, PencilIcon, TrashIcon } from '../../../components/icons.js';
import { DangerMenuItem, RowMenu } from '../../../components/row-menu.js';
import { contactAddress } from '../../../components/contacts/field-values.js';
import { contactPaths } from '../../../paths/contacts.js';
import type { ContactPermissions } from '../use-contact-permissions.js';

type Props = { contact: TContact; permissions: ContactPermissions; onDelete(contact: TContact): void };

export function ContactRowMenu({ contact, permissions, onDelete }: Props) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  return (
    <RowMenu label={t('list.rowActions', { contact: contactAddress(contact) ?? contact.id })} testId="contact-actions">
      <Menu.Item value="view" onClick={() => navigate(contactPaths.profile(contact.id))}>
        <ContactsIcon boxSize="4" />
        {t('action.viewProfile')}
      </Menu.Item>
      {permissions.canWrite && (
        <Menu.Item value="edit" onClick={() => navigate(contactPaths.edit(contact.id))}>
          <PencilIcon boxSize="4" />
          {t('action.edit')}
        </Menu.Item>
      )}
      {permissions.canDelete && (
        <DangerMenuItem value="delete" icon={<TrashIcon boxSize="4" />} onClick={() => onDelete(contact)}>
          {t('action.delete')}
        </DangerMenuItem>
      )}
    </RowMenu>
  );
}
