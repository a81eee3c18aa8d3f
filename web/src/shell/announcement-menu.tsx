/**
 * The announcement menu (spec §2.7): title, mark-all-read, the list with unread dots, preview,
 * published time and a remove action, the empty text; a click opens the announcement dialog,
 * which also opens by itself for the first unread pop-up announcement (spec §4).
 */
import { lazy, Suspense, useState } from 'react';
import { Box, Flex, IconButton, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  markAllAnnouncementsRead,
  refetchAnnouncements,
  removeAnnouncement,
  updateCachedAnnouncements,
  useAnnouncements,
  type TAnnouncement,
} from '../api/announcements.js';
import { useAnnouncementPopUp } from '../announcements/use-announcement-pop-up.js';
import { showError } from '../components/error-dialog.js';
import { MegaphoneIcon, TrashIcon } from '../components/icons.js';
import { useFormatters } from '../format/use-formatters.js';
import { HeaderMenu, MenuEmpty, MenuError, MenuLoading, useMenuOpen } from './header-menu.js';
import { TextAction } from './text-action.js';

const AnnouncementDialog = lazy(() => import('../announcements/announcement-dialog.js'));

export function AnnouncementMenu() {
  const { t } = useTranslation('shell');
  const { open, close, onOpenChange } = useMenuOpen(() => void refetch());
  const { page, error, isLoading, refetch } = useAnnouncements();
  const [shown, setShown] = useState<TAnnouncement | null>(null);
  const unread = page?.unread ?? 0;
  const list = page?.data;

  const markAllRead = async () => {
    try {
      await markAllAnnouncementsRead();
      await refetch();
    } catch (failure) {
      showError(failure);
    }
  };

  // The menu closes for the dialog, whether the user clicked an item or the pop-up opened by itself.
  // The dialog opens a task later: a dialog layered while the menu is still open would count as
  // the menu's child and be dismissed along with it.
  const openItem = (announcement: TAnnouncement) => {
    close();
    setTimeout(() => setShown(announcement), 0);
  };
  useAnnouncementPopUp(list, shown !== null, openItem);

  return (
    <>
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
        ) : !list || list.length === 0 ? (
          <MenuEmpty text={t('announcements.empty')} testId="announcements-empty" />
        ) : (
          // The remove tooltip's words live in the lazily loaded `realtime` namespace.
          <Suspense fallback={<MenuLoading />}>
            <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
              {list.map((announcement) => (
                <AnnouncementItem key={announcement.id} announcement={announcement} onOpen={openItem} onRemove={removeFromList} />
              ))}
            </Stack>
          </Suspense>
        )}
      </HeaderMenu>
      {shown && (
        <Suspense fallback={null}>
          <AnnouncementDialog
            announcements={list ?? [shown]}
            shown={list?.find((item) => item.id === shown.id) ?? shown}
            onShow={setShown}
            onClose={() => setShown(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Removes an announcement from this user's list: at once on screen, then confirmed by the server's list. */
async function removeFromList(announcement: TAnnouncement): Promise<void> {
  try {
    await updateCachedAnnouncements((page) => ({
      ...page,
      data: page.data.filter((item) => item.id !== announcement.id),
      unread: page.unread - (announcement.is_read ? 0 : 1),
    }));
    await removeAnnouncement(announcement.id);
  } catch (failure) {
    showError(failure);
  }
  await refetchAnnouncements();
}

type ItemProps = { announcement: TAnnouncement; onOpen(announcement: TAnnouncement): void; onRemove(announcement: TAnnouncement): Promise<void> };

function AnnouncementItem({ announcement, onOpen, onRemove }: ItemProps) {
  const { dateTime } = useFormatters();
  const unread = !announcement.is_read;
  return (
    <Flex
      position="relative"
      gap="3"
      ps="4"
      pe="2"
      py="3"
      bg={unread ? 'brand.subtle/40' : undefined}
      _hover={{ bg: unread ? 'brand.subtle/70' : 'bg.muted' }}
      className="group"
      data-testid="announcement-item"
      data-unread={unread || undefined}
    >
      <Box pt="1.5" w="2" flexShrink="0">
        {unread && <Box boxSize="2" rounded="full" bg="brand.solid" data-testid="announcement-unread" />}
      </Box>
      <Box
        as="button"
        flex="1"
        minW="0"
        textAlign="start"
        cursor="pointer"
        onClick={() => onOpen(announcement)}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px', rounded: 'sm' }}
        data-testid="announcement-open"
      >
        <Text fontWeight={unread ? 'semibold' : 'medium'} lineClamp="1">
          {announcement.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" lineClamp="2">
          {announcement.preview}
        </Text>
        <Text fontSize="xs" color="fg.subtle" mt="1">
          {dateTime(announcement.published_time)}
        </Text>
      </Box>
      <RemoveButton onRemove={() => void onRemove(announcement)} />
    </Flex>
  );
}

function RemoveButton({ onRemove }: { onRemove(): void }) {
  const { t } = useTranslation('realtime');
  return (
    <Tooltip.Root openDelay={300} positioning={{ placement: 'left' }}>
      <Tooltip.Trigger asChild>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="gray"
          color="fg.subtle"
          alignSelf="start"
          opacity={{ base: 1, md: 0.4 }}
          _groupHover={{ opacity: 1 }}
          _focusVisible={{ opacity: 1 }}
          aria-label={t('announcement.remove')}
          onClick={onRemove}
          data-testid="announcement-remove"
        >
          <TrashIcon boxSize="4" />
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{t('announcement.removeTooltip')}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
