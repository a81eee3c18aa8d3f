/**
 * Notifications (spec §2.7, §7 "Announcements and notifications"), addressed to the signed-in user
 * whichever account they act on, and the user's notification settings.
 */
import { TIMEOUTS_MS } from '../constants.js';
import { ZOk } from '../schemas/common.js';
import { ZCountResponse } from '../schemas/contact-search.js';
import {
  ZDeletedCount,
  ZNotificationHistoryPage,
  ZNotificationHistoryQuery,
  ZNotificationIdRequest,
  ZNotificationPage,
  ZNotificationSettings,
  ZPersistentNotices,
  ZProgressItems,
} from '../schemas/notifications.js';
import { ZPageQuery } from '../schemas/paging.js';
import { OWN_ACCOUNT, SESSION, defineGroup, route } from './route.js';

const timeout = { clientTimeoutMs: TIMEOUTS_MS.notifications } as const;

export const notifications = defineGroup('notifications', {
  popUp: route({ method: 'GET', path: 'notification/pop-up', access: SESSION, query: ZPageQuery, answer: ZNotificationPage, ...timeout }),
  unreadCount: route({ method: 'GET', path: 'notification/unopen-count', access: SESSION, answer: ZCountResponse, ...timeout }),
  // The same count as a POST, as the spec's client also asks it.
  unreadCountByPost: route({ method: 'POST', path: 'notification/unopen-count', access: SESSION, answer: ZCountResponse, ...timeout }),
  persistentNotices: route({ method: 'GET', path: 'notification/persist-pop-up', access: SESSION, answer: ZPersistentNotices, ...timeout }),
  progressItems: route({ method: 'GET', path: 'notification/progress-items', access: SESSION, answer: ZProgressItems, ...timeout }),
  history: route({ method: 'GET', path: 'notification/history', access: SESSION, query: ZNotificationHistoryQuery, answer: ZNotificationHistoryPage, ...timeout }),
  markRead: route({ method: 'POST', path: 'notification/mark-as-read', access: SESSION, body: ZNotificationIdRequest, answer: ZOk, ...timeout }),
  deleteOne: route({ method: 'DELETE', path: 'notification/delete-one', access: SESSION, body: ZNotificationIdRequest, answer: ZOk, ...timeout }),
  deleteAll: route({ method: 'DELETE', path: 'notification/delete-all', access: SESSION, answer: ZDeletedCount, ...timeout }),
  getSettings: route({ method: 'GET', path: 'settings/notifications', access: OWN_ACCOUNT, answer: ZNotificationSettings }),
  updateSettings: route({ method: 'PUT', path: 'settings/notifications', access: OWN_ACCOUNT, body: ZNotificationSettings, answer: ZNotificationSettings }),
});
