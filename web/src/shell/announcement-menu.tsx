/** The announcement menu (spec §2.7): title, mark-all-read, list with unread dots, empty text. */
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { markAllAnnouncementsRead, useAnnouncements, type TAnnouncement } from '../api/announcements.js';
import { showError } from '../components/error-dialog.js';
import { MegaphoneIcon } from '../components/icons.js';
import { useFormatters } from '../format/use-formatters.js';
import { HeaderMenu, MenuEmpty, MenuError, MenuLoading, useMenuOpen } from './header-menu.js';
import { TextAction } from './text-action.js';

export function AnnouncementMenu() {
  const { t } = useTranslation('shell');
  const { open, onOpenChange } = useMenuOpen(() => void refetch());
  const { page, error, isLoading, refetch } = useAnnouncements();
  const unread = page?.unread ?? 0;

  const markAllRead = async () => {
    try {
      await markAllAnnouncementsRead();
      await refetch();
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <HeaderMenu
      label={t('announcements.title')}
      icon={MegaphoneIcon}
      dot={unread > 0}
      testId="announcements"
      open={open}
      onOpenChange={onOpenChange}
      title={t('announcements.title')}
      headerAction={unread > 0 && <TextAction onClick={() => void markAllRead()}>{t('announcements.markAllRead')}</TextAction>}
    >
      {isLoading && !page ? (
        <MenuLoading />
      ) : error && !page ? (
        <MenuError onRetry={() => void refetch()} testId="announcements-error" />
      ) : !page || page.data.length === 0 ? (
        <MenuEmpty text={t('announcements.empty')} testId="announcements-empty" />
      ) : (
        <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
          {page.data.map((announcement) => (
            <AnnouncementItem key={announcement.id} announcement={announcement} />
          ))}
        </Stack>
      )}
    </HeaderMenu>
  );
}

function AnnouncementItem({ announcement }: { announcement: TAnnouncement }) {
  const { dateTime } = useFormatters();
  return (
    <Flex gap="3" px="4" py="3" bg={announcement.is_read ? undefined : 'brand.subtle/40'}>
      <Box pt="1.5" w="2" flexShrink="0">
        {!announcement.is_read && <Box boxSize="2" rounded="full" bg="brand.solid" data-testid="announcement-unread" />}
      </Box>
      <Box minW="0">
        <Text fontWeight={announcement.is_read ? 'medium' : 'semibold'} lineClamp="1">
          {announcement.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" lineClamp="2">
          {announcement.preview}
        </Text>
        <Text fontSize="xs" color="fg.subtle" mt="1">
          {dateTime(announcement.published_time)}
        </Text>
      </Box>
    </Flex>
  );
}
