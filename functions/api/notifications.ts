import { ZPageQuery } from '../../shared/schemas/paging.js';
import { claimsOf, createApiHandler, parseInput, type ApiRequest } from '../lib/http.js';
import { clearNotifications, getNotificationPage, getUnreadNotificationCount } from '../services/menus.js';

const unopenCount = async (request: ApiRequest) => ({ count: await getUnreadNotificationCount(claimsOf(request).loginTuid, new Date()) });

export const handler = createApiHandler('notifications', {
  'GET /api/v1/pageBasedAPI/notification/pop-up': async (request) =>
    getNotificationPage(claimsOf(request).loginTuid, parseInput(ZPageQuery, request.query), new Date()),
  'GET /api/v1/pageBasedAPI/notification/unopen-count': unopenCount,
  'POST /api/v1/pageBasedAPI/notification/unopen-count': unopenCount,
  'DELETE /api/v1/pageBasedAPI/notification/delete-all': async (request) => clearNotifications(claimsOf(request)),
});
