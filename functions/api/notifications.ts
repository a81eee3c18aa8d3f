import { notifications } from '../../shared/contracts/notifications.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import type { VerifiedToken } from '../lib/jwt.js';
import {
  clearNotifications,
  deleteNotification,
  getNotificationHistory,
  getNotificationPage,
  getNotificationSettings,
  getPersistentNotices,
  getProgressItems,
  getUnreadNotificationCount,
  markNotificationRead,
  updateNotificationSettings,
} from '../services/notifications/notifications.js';

// Notifications are addressed to the signed-in user (loginTuid), whichever account they act on.
const unreadCount = async ({ caller, now }: { caller: VerifiedToken; now: Date }) => ({
  count: await getUnreadNotificationCount({ userId: caller.loginTuid, now }),
});

export const handler = createApiHandler(notifications, {
  popUp: async ({ caller, query, now }) => getNotificationPage({ userId: caller.loginTuid, query, now }),
  unreadCount,
  unreadCountByPost: unreadCount,
  persistentNotices: async ({ caller }) => getPersistentNotices({ claims: caller }),
  progressItems: async ({ caller, now }) => getProgressItems({ userId: caller.loginTuid, now }),
  history: async ({ caller, query, now }) => getNotificationHistory({ userId: caller.loginTuid, query, now }),
  markRead: async ({ caller, body, now }) => {
    await markNotificationRead({ claims: caller, id: body.id, now });
    return OK;
  },
  deleteOne: async ({ caller, body, now }) => {
    await deleteNotification({ claims: caller, id: body.id, now });
    return OK;
  },
  deleteAll: async ({ caller, now }) => clearNotifications({ claims: caller, now }),
  getSettings: async ({ caller }) => getNotificationSettings({ userId: caller.loginTuid }),
  updateSettings: async ({ caller, body }) => updateNotificationSettings({ userId: caller.loginTuid, settings: body }),
});
