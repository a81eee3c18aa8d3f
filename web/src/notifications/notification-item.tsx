/** One notification in the menu: kind icon, sentence, kind and time, unread dot, delete on hover. */
import { Box, chakra, CloseButton, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TNotification } from '../../../shared/schemas/notifications.js';
import { useFormatters } from '../format/use-formatters.js';
import { NoticeIcon } from './notice-icon.js';

type NotificationItemProps = {
  notification: TNotification;
  sentence: string;
  onOpen(): void;
  /** Absent for provider support, who cannot delete notifications (spec §6). */
  onDelete?: () => void;
};

export function NotificationItem({ notification, sentence, onOpen, onDelete }: NotificationItemProps) {
  const { t } = useTranslation(['activity', 'shell']);
  const { dateTime } = useFormatters();
  return (
    <Flex
      className="group"
      position="relative"
      align="flex-start"
      bg={notification.unread ? 'brand.subtle' : undefined}
      _hover={{ bg: 'bg.muted' }}
      data-testid="notification-item"
      data-unread={notification.unread}
    >
      <chakra.button
        type="button"
        flex="1"
        minW="0"
        display="flex"
        gap="3"
        px="4"
        py="3"
        pe="10"
        textAlign="start"
        cursor="pointer"
        focusRing="inside"
        onClick={onOpen}
      >
        <NoticeIcon type={notification.type} severity={notification.severity} />
        <Box minW="0">
          <Text fontSize="sm" lineHeight="1.45" color="fg" data-testid="notification-sentence">
            {sentence}
          </Text>
          <Text fontSize="xs" color="fg.subtle" mt="1">
            {t('shell:notifications.type.' + notification.type, { defaultValue: t('shell:notifications.type.other') })} · {dateTime(notification.createTime)}
          </Text>
        </Box>
      </chakra.button>
      {notification.unread && (
        <Box
          position="absolute"
          top="4.5"
          right="4"
          boxSize="2"
          rounded="full"
          bg="brand.solid"
          _groupHover={onDelete ? { opacity: 0 } : undefined}
          role="img"
          aria-label={t('menu.unread')}
          data-testid="notification-unread-dot"
        />
      )}
      {onDelete && (
        <CloseButton
          size="2xs"
          variant="ghost"
          position="absolute"
          top="2.5"
          right="2"
          opacity="0"
          _groupHover={{ opacity: 1 }}
          _focusVisible={{ opacity: 1 }}
          css={{ '@media (hover: none)': { opacity: 1 } }}
          aria-label={t('menu.delete')}
          onClick={onDelete}
          data-testid="notification-delete"
        />
      )}
    </Flex>
  );
}
