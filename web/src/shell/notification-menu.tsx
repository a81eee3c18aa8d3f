/**
 * The notification menu (spec §2.7): title, settings gear and view-history (own account only),
 * clear-all, the list, and a badge with the unopened count capped at 99+.
 */
import { Box, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BADGE_CAP } from '../../../shared/constants.js';
import {
  clearAllNotifications,
  useNotifications,
  useUnopenedNotificationCount,
  type TNotification,
} from '../api/notifications.js';
import { showError } from '../components/error-dialog.js';
import { BellIcon, SettingsIcon } from '../components/icons.js';
import { badgeLabel } from '../format/count.js';
import { useFormatters } from '../format/use-formatters.js';
import { HeaderMenu, MenuEmpty, MenuError, MenuLoading, useMenuOpen } from './header-menu.js';
import { TextAction, TextLink } from './text-action.js';

const SEVERITY_COLORS = ['green.500', 'blue.500', 'orange.500', 'red.500'] as const;

/** Message values that name what a notification is about, in order of preference. */
const SUBJECT_VALUES = ['campName', 'importName', 'exportName', 'planName', 'templateName', 'groupName', 'teamName', 'senderId'];

export function NotificationMenu({ ownAccount }: { ownAccount: boolean }) {
  const { t } = useTranslation('shell');
  const { open, close, onOpenChange } = useMenuOpen(() => {
    void refetch();
    void refetchCount();
  });
  const { page, error, isLoading, refetch } = useNotifications(open);
  const { count, refetch: refetchCount } = useUnopenedNotificationCount();

  const clearAll = async () => {
    try {
      await clearAllNotifications();
      await Promise.all([refetch(), refetchCount()]);
    } catch (failure) {
      showError(failure);
    }
  };

  const hasItems = (page?.result.length ?? 0) > 0;

  return (
    <HeaderMenu
      label={t('notifications.title')}
      icon={BellIcon}
      dot={count > 0}
      dotLabel={count > 0 ? badgeLabel(count, BADGE_CAP) : undefined}
      testId="notifications"
      open={open}
      onOpenChange={onOpenChange}
      title={t('notifications.title')}
      headerAction={
        <Flex align="center" gap="3">
          {hasItems && <TextAction onClick={() => void clearAll()}>{t('notifications.clearAll')}</TextAction>}
          {ownAccount && (
            <IconButton asChild size="xs" variant="ghost" aria-label={t('notifications.settings')} data-testid="notification-settings">
              <RouterLink to="/settings/notifications" onClick={close}>
                <SettingsIcon boxSize="4" />
              </RouterLink>
            </IconButton>
          )}
        </Flex>
      }
      footer={
        ownAccount && (
          <TextLink to="/activity-history" onNavigate={close}>
            {t('notifications.viewHistory')}
          </TextLink>
        )
      }
    >
      {isLoading && !page ? (
        <MenuLoading />
      ) : error && !page ? (
        <MenuError onRetry={() => void refetch()} testId="notifications-error" />
      ) : !page || page.result.length === 0 ? (
        <MenuEmpty text={t('notifications.empty')} testId="notifications-empty" />
      ) : (
        <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
          {page.result.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </Stack>
      )}
    </HeaderMenu>
  );
}

function subjectOf(notification: TNotification): string | null {
  const values = notification.message.values;
  for (const name of SUBJECT_VALUES) {
    const value = values[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function NotificationItem({ notification }: { notification: TNotification }) {
  const { t } = useTranslation('shell');
  const { dateTime } = useFormatters();
  const subject = subjectOf(notification);
  return (
    <Flex gap="3" px="4" py="3" bg={notification.unread ? 'brand.subtle/40' : undefined}>
      <Box pt="1.5" w="2" flexShrink="0">
        <Box boxSize="2" rounded="full" bg={SEVERITY_COLORS[notification.severity] ?? 'gray.400'} />
      </Box>
      <Box minW="0">
        <Text fontWeight={notification.unread ? 'semibold' : 'medium'} lineClamp="1">
          {t(`notifications.type.${notification.type}`, { defaultValue: t('notifications.type.other') })}
        </Text>
        {subject && (
          <Text fontSize="sm" color="fg.muted" lineClamp="2">
            {subject}
          </Text>
        )}
        <Text fontSize="xs" color="fg.subtle" mt="1">
          {dateTime(notification.createTime)}
        </Text>
      </Box>
    </Flex>
  );
}
