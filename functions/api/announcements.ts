import { ZAnnouncementIdParams } from '../../shared/schemas/announcements.js';
import { ZPageQuery } from '../../shared/schemas/paging.js';
import { claimsOf, createApiHandler } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { getAnnouncementPage, hideAnnouncement, openAnnouncement, readAllAnnouncements } from '../services/announcements.js';

const ANNOUNCEMENT = '/api/v1/pageBasedAPI/announcement';

export const handler = createApiHandler('announcements', {
  [`GET ${ANNOUNCEMENT}/pop-up`]: async (request) =>
    getAnnouncementPage(claimsOf(request).loginTuid, parseInput(ZPageQuery, request.query), new Date()),
  [`PUT ${ANNOUNCEMENT}/readAll`]: async (request) => {
    await readAllAnnouncements(claimsOf(request).loginTuid, new Date());
    return { success: true };
  },
  [`GET ${ANNOUNCEMENT}/{id}`]: async (request) =>
    openAnnouncement({ userId: claimsOf(request).loginTuid, id: parseInput(ZAnnouncementIdParams, request.params).id, now: new Date() }),
  [`DELETE ${ANNOUNCEMENT}/{id}`]: async (request) => {
    await hideAnnouncement({ userId: claimsOf(request).loginTuid, id: parseInput(ZAnnouncementIdParams, request.params).id, now: new Date() });
    return { success: true };
  },
});
