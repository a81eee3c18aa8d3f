import { ZPageQuery } from '../../shared/schemas/paging.js';
import { claimsOf, createApiHandler, parseInput } from '../lib/http.js';
import { getAnnouncementPage, readAllAnnouncements } from '../services/menus.js';

export const handler = createApiHandler('announcements', {
  'GET /api/v1/pageBasedAPI/announcement/pop-up': async (request) =>
    getAnnouncementPage(claimsOf(request).loginTuid, parseInput(ZPageQuery, request.query), new Date()),
  'PUT /api/v1/pageBasedAPI/announcement/readAll': async (request) => {
    await readAllAnnouncements(claimsOf(request).loginTuid, new Date());
    return { success: true };
  },
});
