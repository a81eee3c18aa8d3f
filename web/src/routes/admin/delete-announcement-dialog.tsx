/** Confirms deleting an announcement for everyone; it cannot be undone. */
import { useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTHS } from '../../../../shared/constants.js';
import { deleteAnnouncement, type TAnnouncement } from '../../api/announcements.js';
import { showError } from '../../components/error-dialog.js';

type Props = { announcement: TAnnouncement; onClose(): void; onDeleted(): void };

export function DeleteAnnouncementDialog({ announcement, onClose, onDeleted }: Props) {
  const { t } = useTranslation('realtime');
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAnnouncement(announcement.id);
      onDeleted();
    } catch (error) {
      showError(error);
      setDeleting(false);
    }
  };

  return (
    <Dialog.Root role="alertdialog" open onOpenChange={(details) => !details.open && !deleting && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.error}px`} data-testid="admin-delete-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('admin.deleteConfirm.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('admin.deleteConfirm.message', { title: announcement.title })}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={deleting}>
                {t('admin.cancel')}
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={deleting} data-testid="admin-delete-confirm">
                {t('admin.delete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
