import {
  ZNotificationHistoryQuery,
  ZNotificationIdRequest,
  ZNotificationSettings,
} from '../../shared/schemas/notifications.js';
import { ZPageQuery } from '../../shared/schemas/paging.js';
import { claimsOf, createApiHandler, type ApiRequest } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
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
} from '../services/notifications.js';

const NOTIFICATION = '/api/v1/pageBasedAPI/notification';
const SETTINGS = '/api/v1/pageBasedAPI/settings/notifications';

// Notifications are addressed to the signed-in user (loginTuid), whichever account they act on.
const unopenCount = async (request: ApiRequest) => ({ count: await getUnreadNotificationCount(claimsOf(request).loginTuid, new Date()) });

export const handler = createApiHandler('notifications', {
  [`GET ${NOTIFICATION}/pop-up`]: async (request) =>
    getNotificationPage(claimsOf(request).loginTuid, parseInput(ZPageQuery, request.query), new Date()),
  [`GET ${NOTIFICATION}/unopen-count`]: unopenCount,
  [`POST ${NOTIFICATION}/unopen-count`]: unopenCount,
  [`GET ${NOTIFICATION}/persist-pop-up`]: async (request) => getPersistentNotices(claimsOf(request)),
  [`GET ${NOTIFICATION}/progress-items`]: async (request) => getProgressItems(claimsOf(request).loginTuid, new Date()),
  [`GET ${NOTIFICATION}/history`]: async (request) =>
    getNotificationHistory(claimsOf(request).loginTuid, parseInput(ZNotificationHistoryQuery, request.query), new Date()),
  [`POST ${NOTIFICATION}/mark-as-read`]: async (request) => {
    await markNotificationRead({ claims: claimsOf(request), id: parseInput(ZNotificationIdRequest, request.body).id, now: new Date() });
    return { success: true };
  },
  [`DELETE ${NOTIFICATION}/delete-one`]: async (request) => {
    await deleteNotification({ claims: claimsOf(request), id: parseInput(ZNotificationIdRequest, request.body).id, now: new Date() });
    return { success: true };
  },
  [`DELETE ${NOTIFICATION}/delete-all`]: async (request) => clearNotifications(claimsOf(request), new Date()),
  [`GET ${SETTINGS}`]: async (request) => getNotificationSettings(claimsOf(request).loginTuid),
  [`PUT ${SETTINGS}`]: async (request) => updateNotificationSettings(claimsOf(request).loginTuid, parseInput(ZNotificationSettings, request.body)),
});
