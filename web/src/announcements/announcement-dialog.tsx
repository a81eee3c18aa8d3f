/**
 * The announcement dialog (spec §2.5, §4): title, published time, the sanitised content,
 * previous/next through the list, and a close button that stays locked with a countdown for
 * an important announcement the user had not read yet. Opening an announcement marks it read.
 */
import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Dialog, Flex, HStack, IconButton, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { openAnnouncement, refetchAnnouncements, type TAnnouncement } from '../api/announcements.js';
import { ChevronIcon } from '../components/icons.js';
import { useFormatters } from '../format/use-formatters.js';
import { AnnouncementContent } from './announcement-content.js';
import { closeLockedUntil, lockSecondsLeft } from './pop-up.js';

export type AnnouncementDialogProps = {
  /** The list the user pages through (the menu's first page). */
  announcements: readonly TAnnouncement[];
  shown: TAnnouncement;
  onShow(announcement: TAnnouncement): void;
  onClose(): void;
};

/** Marks the shown announcement read once per opening; a failure is silent (spec §8). */
function useMarkReadOnOpen(id: string): void {
  useEffect(() => {
    openAnnouncement(id).then(
      () => void refetchAnnouncements(),
      () => undefined,
    );
  }, [id]);
}

/** Seconds until the close button unlocks; 0 when it is not locked. */
function useCloseLock(shown: TAnnouncement): number {
  // The lock is decided when an announcement is first shown; it being marked read meanwhile does not lift it.
  const [lock, setLock] = useState(() => ({ id: shown.id, until: closeLockedUntil(shown, Date.now()) }));
  const [now, setNow] = useState(() => Date.now());
  if (lock.id !== shown.id) {
    const openedAt = Date.now();
    setLock({ id: shown.id, until: closeLockedUntil(shown, openedAt) });
    setNow(openedAt);
  }
  const secondsLeft = lockSecondsLeft(lock.until, now);

  useEffect(() => {
    if (lock.until <= Date.now()) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [lock.until]);
  return secondsLeft;
}

export default function AnnouncementDialog({ announcements, shown, onShow, onClose }: AnnouncementDialogProps) {
  const { t } = useTranslation('realtime');
  const { dateTime, date } = useFormatters();
  useMarkReadOnOpen(shown.id);
  const secondsLeft = useCloseLock(shown);
  const locked = secondsLeft > 0;
  const index = announcements.findIndex((item) => item.id === shown.id);
  const previous = index > 0 ? announcements[index - 1] : undefined;
  const next = index >= 0 && index < announcements.length - 1 ? announcements[index + 1] : undefined;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open && !locked) onClose();
      }}
      closeOnEscape={!locked}
      closeOnInteractOutside={!locked}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="640px" data-testid="announcement-dialog" data-announcement-id={shown.id}>
            <Dialog.Header flexDirection="column" alignItems="stretch" gap="1.5" pe="14">
              {shown.important && (
                <Badge colorPalette="red" variant="subtle" alignSelf="start" size="sm">
                  {t('announcement.important')}
                </Badge>
              )}
              <Dialog.Title fontSize="lg" lineHeight="1.35">
                {shown.title}
              </Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {dateTime(shown.published_time)}
                {shown.valid_date && ` · ${t('announcement.validUntil', { date: date(shown.valid_date) })}`}
              </Text>
            </Dialog.Header>
            {!locked && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('announcement.close')} />
              </Dialog.CloseTrigger>
            )}
            <Dialog.Body>
              <AnnouncementContent html={shown.content} data-testid="announcement-content" />
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between" borderTopWidth="1px" pt="4">
              <HStack gap="1">
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('announcement.previous')}
                  disabled={!previous || locked}
                  onClick={() => previous && onShow(previous)}
                  data-testid="announcement-previous"
                >
                  <ChevronIcon direction="left" />
                </IconButton>
                {index >= 0 && (
                  <Text fontSize="sm" color="fg.muted" minW="12" textAlign="center" fontVariantNumeric="tabular-nums">
                    {t('announcement.position', { current: index + 1, total: announcements.length })}
                  </Text>
                )}
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t('announcement.next')}
                  disabled={!next || locked}
                  onClick={() => next && onShow(next)}
                  data-testid="announcement-next"
                >
                  <ChevronIcon direction="right" />
                </IconButton>
              </HStack>
              <Flex>
                <Button onClick={onClose} disabled={locked} minW="28" fontVariantNumeric="tabular-nums" data-testid="announcement-close">
                  {locked ? t('announcement.closeIn', { seconds: secondsLeft }) : t('announcement.close')}
                </Button>
              </Flex>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
