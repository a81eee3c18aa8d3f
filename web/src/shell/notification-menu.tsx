/**
 * The notification menu (spec §2.7): title, settings gear and view-history (own account only),
 * clear-all (not for provider support), the list, and a badge with the unopened count capped at
 * 99+. The feed hook keeps the badge and the list live and raises the toasts.
 */
import { Suspense } from 'react';
import { Flex, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BADGE_CAP } from '../../../shared/constants.js';
import { refetchUnopenedCount, useNotificationPage, useUnopenedNotificationCount } from '../api/notifications.js';
import { BellIcon, SettingsIcon } from '../components/icons.js';
import { badgeLabel } from '../format/count.js';
import { NotificationPanel } from '../notifications/notification-panel.js';
import { clearAllAndRefetch } from '../notifications/use-notification-actions.js';
import { useNotificationFeed } from '../notifications/use-notification-feed.js';
import { useClaims } from '../session/session.js';
import { HeaderMenu, MenuLoading, useMenuOpen } from './header-menu.js';
import { TextAction, TextLink } from './text-action.js';

export function NotificationMenu({ ownAccount }: { ownAccount: boolean }) {
  const { t } = useTranslation('shell');
  // The lists mount with the panel and so refetch on each opening; the badge's count stays mounted.
  const { open, close, onOpenChange } = useMenuOpen(() => void refetchUnopenedCount());
  const count = useUnopenedNotificationCount();
  const { page: firstPage } = useNotificationPage(open ? 1 : null);
  // Spec §6: provider support cannot delete notifications.
  const canClear = useClaims()?.admin !== true;
  useNotificationFeed({ menuOpen: open, ownAccount });

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
          {canClear && (firstPage?.result.length ?? 0) > 0 && (
            <TextAction onClick={() => void clearAllAndRefetch()}>{t('notifications.clearAll')}</TextAction>
          )}
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
      {/* The sentences' namespace may still be loading on the very first opening. */}
      <Suspense fallback={<MenuLoading />}>
        <NotificationPanel ownAccount={ownAccount} onLeave={close} />
      </Suspense>
    </HeaderMenu>
  );
}
