/** What a click does in the notification menu (spec §4, §6): mark read, then go where it points. */
import { useNavigate } from 'react-router-dom';
import type { TNotification } from '../../../shared/schemas/notifications.js';
import { clearAllNotifications, deleteNotification, markNotificationRead, refetchNotificationPages, refetchUnopenedCount } from '../api/notifications.js';
import { showError } from '../components/error-dialog.js';
import { useClaims } from '../session/session.js';
import { useVerifyDialog } from '../shell/verify-dialog-context.js';
import { notificationTarget, requiresVerifiedUser } from './targets.js';

function refetchFeed(): Promise<unknown> {
  return Promise.all([refetchNotificationPages(), refetchUnopenedCount()]);
}

async function markRead(id: string): Promise<void> {
  try {
    await markNotificationRead(id);
  } catch {
    // The dot stays and the next click tries again; an error dialog would only interrupt the navigation.
  }
  await refetchFeed();
}

/** `onLeave` closes the menu before the app moves elsewhere. */
export function useNotificationActions(onLeave: () => void) {
  const claims = useClaims();
  const navigate = useNavigate();
  const openVerifyDialog = useVerifyDialog();
  const isSupport = claims?.admin === true;

  const open = (notification: TNotification) => {
    // Spec §4: provider support reads without marking read.
    if (notification.unread && !isSupport) void markRead(notification.id);
    if (claims?.unverified && requiresVerifiedUser(notification)) {
      onLeave();
      openVerifyDialog();
      return;
    }
    const target = notificationTarget(notification);
    if (!target) return;
    onLeave();
    navigate(target);
  };

  const remove = async (notification: TNotification) => {
    try {
      await deleteNotification(notification.id);
    } catch (error) {
      showError(error);
    }
    await refetchFeed();
  };

  // Spec §6: provider support cannot delete notifications.
  return { open, remove: isSupport ? undefined : remove };
}

/** Clear all in the menu header. */
export async function clearAllAndRefetch(): Promise<void> {
  try {
    await clearAllNotifications();
  } catch (error) {
    showError(error);
  }
  await refetchFeed();
}
