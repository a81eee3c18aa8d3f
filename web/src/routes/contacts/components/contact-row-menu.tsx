/** A contact list row's menu: view the profile, and edit or delete as the user's permissions allow. */
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TContact } from '../../../../../shared/schemas/contacts.js';
import { ContactsIcon, MoreIcon, PencilIcon, TrashIcon } from '../../../components/icons.js';
import { contactAddress } from '../field-values.js';
import { contactPaths } from '../paths.js';
import type { ContactPermissions } from '../use-contact-permissions.js';

type Props = { contact: TContact; permissions: ContactPermissions; onDelete(contact: TContact): void };

export function ContactRowMenu({ contact, permissions, onDelete }: Props) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton size="xs" variant="ghost" colorPalette="gray" aria-label={t('list.rowActions', { contact: contactAddress(contact) ?? contact.id })} data-testid="contact-actions">
          <MoreIcon boxSize="4" />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
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
              <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }} onClick={() => onDelete(contact)}>
                <TrashIcon boxSize="4" />
                {t('action.delete')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
