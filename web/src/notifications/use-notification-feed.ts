/**
 * Keeps the bell live (spec §2.7, §4, §7): a `notification` event refetches the count (and the
 * open list) and toasts the new notification; `acknowledge` (read in another tab) refetches the
 * count; `progress` updates the running jobs in place. The socket only signals: what is shown is
 * always what the API answers.
 */
import { useEffect } from 'react';
import {
  applyProgressEvent,
  fetchNotificationPage,
  refetchNotificationPages,
  refetchPersistentNotices,
  refetchProgressItems,
  refetchUnopenedCount,
  storeFirstNotificationPage,
  usePersistentNotices,
} from '../api/notifications.js';
import { useUserInfo } from '../api/user.js';
import i18next from '../i18n/index.js';
import { onSocketReconnected, useSocketEvent } from '../realtime/socket.js';
import { useClaims } from '../session/session.js';
import { toastNotification, toastPersistentNotices, type Reader } from './notification-toasts.js';

async function toastNewNotification(id: string, reader: Reader, menuOpen: boolean): Promise<void> {
  try {
    const firstPage = await fetchNotificationPage(1);
    await storeFirstNotificationPage(firstPage);
    if (menuOpen) void refetchNotificationPages(2);
    const notification = firstPage.result.find((item) => item.id === id);
    if (notification) await toastNotification(notification, reader);
  } catch {
    // Spec §8: notification load errors are silent; the count still refreshes.
  }
}

export function useNotificationFeed({ menuOpen, ownAccount }: { menuOpen: boolean; ownAccount: boolean }): void {
  const claims = useClaims();
  const { user } = useUserInfo();
  const reader: Reader = { id: claims?.loginTuid ?? '', timeZone: user?.timezone };
  // The payment notices are the own account's business: others acting on it are not toasted.
  const notices = usePersistentNotices(ownAccount);
  const sid = claims?.sid;

  // Loaded ahead, so the first toast and the first opening of the menu need not wait for them.
  useEffect(() => {
    void i18next.loadNamespaces(['notifications', 'activity']);
  }, []);

  useEffect(() => {
    if (sid && notices.length > 0) void toastPersistentNotices(notices, sid);
  }, [notices, sid]);

  useSocketEvent('notification', (message) => {
    void refetchUnopenedCount();
    void toastNewNotification(message.data.id, reader, menuOpen);
  });
  useSocketEvent('acknowledge', () => {
    void refetchUnopenedCount();
    if (menuOpen) void refetchNotificationPages();
  });
  useSocketEvent('progress', (message) => void applyProgressEvent(message.data));

  // Events sent while the socket was down are lost: refetch what they would have changed.
  useEffect(
    () =>
      onSocketReconnected(() => {
        void refetchUnopenedCount();
        void refetchNotificationPages();
        void refetchPersistentNotices();
        void refetchProgressItems();
      }),
    [],
  );
}
