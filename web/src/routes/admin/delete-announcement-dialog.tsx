/** Confirms deleting an announcement for everyone; it cannot be undone. */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { deleteAnnouncement, type TAnnouncement } from '../../api/announcements.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';

type Props = { announcement: TAnnouncement; onClose(): void; onDeleted(): void };

export function DeleteAnnouncementDialog({ announcement, onClose, onDeleted }: Props) {
  const { t } = useTranslation('realtime');
  return (
    <ConfirmDialog
      title={t('admin.deleteConfirm.title')}
      confirmLabel={t('admin.delete')}
      destructive
      testId="admin-delete-dialog"
      confirmTestId="admin-delete-confirm"
      onClose={onClose}
      onConfirm={async () => {
        await deleteAnnouncement(announcement.id);
        onDeleted();
      }}
    >
      <Text>{t('admin.deleteConfirm.message', { title: announcement.title })}</Text>
    </ConfirmDialog>
  );
}
