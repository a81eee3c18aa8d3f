/**
 * `/admin/announcements`: provider support writes the announcements every user sees (spec §6
 * "Provider support", docs/api-contract.md admin routes). Anyone else gets the error page.
 */
import { useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../../shared/errors.js';
import { useAdminAnnouncements, type TAnnouncement } from '../../api/announcements.js';
import { useClaims } from '../../session/session.js';
import { ErrorPage } from '../../components/error-page.js';
import { AnnouncementEditor } from './announcement-editor.js';
import { AdminTabs } from './admin-tabs.js';
import { AnnouncementTable } from './announcement-table.js';
import { DeleteAnnouncementDialog } from './delete-announcement-dialog.js';

/** The editor edits an existing announcement, or writes a new one when `announcement` is null. */
type Editing = { announcement: TAnnouncement | null } | null;

export default function AnnouncementsAdminPage() {
  const claims = useClaims();
  if (!claims?.admin) return <ErrorPage code={ERROR_CODES.NO_PERMISSION} />;
  return <AnnouncementsAdmin />;
}

function AnnouncementsAdmin() {
  const { t } = useTranslation('realtime');
  const { announcements, error, isLoading, refetch } = useAdminAnnouncements();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TAnnouncement | null>(null);

  return (
    <Box px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="6xl" mx="auto" data-testid="announcements-admin">
      <AdminTabs current="announcements" />
      <Flex gap="4" align={{ base: 'stretch', sm: 'end' }} justify="space-between" direction={{ base: 'column', sm: 'row' }} mb="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {t('admin.title')}
          </Heading>
          <Text color="fg.muted">{t('admin.subtitle')}</Text>
        </Stack>
        <Button onClick={() => setEditing({ announcement: null })} data-testid="admin-new-announcement">
          {t('admin.new')}
        </Button>
      </Flex>
      <AnnouncementTable
        announcements={announcements}
        failed={Boolean(error) && !announcements}
        loading={isLoading && !announcements}
        onRetry={() => void refetch()}
        onEdit={(announcement) => setEditing({ announcement })}
        onDelete={setDeleting}
      />
      {editing && (
        <AnnouncementEditor
          announcement={editing.announcement}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
      {deleting && (
        <DeleteAnnouncementDialog
          announcement={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void refetch();
          }}
        />
      )}
    </Box>
  );
}
