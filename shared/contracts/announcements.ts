/** Announcements as users read them (spec §2.7, §7 "Announcements and notifications"). */
import { TIMEOUTS_MS } from '../constants.js';
import { ZAnnouncement, ZAnnouncementIdParams, ZAnnouncementPage } from '../schemas/announcements.js';
import { ZOk } from '../schemas/common.js';
import { ZPageQuery } from '../schemas/paging.js';
import { SESSION, defineGroup, route } from './route.js';

const timeout = { clientTimeoutMs: TIMEOUTS_MS.notifications } as const;

export const announcements = defineGroup('announcements', {
  popUp: route({ method: 'GET', path: 'announcement/pop-up', access: SESSION, query: ZPageQuery, answer: ZAnnouncementPage, ...timeout }),
  readAll: route({ method: 'PUT', path: 'announcement/readAll', access: SESSION, answer: ZOk, ...timeout }),
  open: route({ method: 'GET', path: 'announcement/{id}', access: SESSION, params: ZAnnouncementIdParams, answer: ZAnnouncement, ...timeout }),
  hide: route({ method: 'DELETE', path: 'announcement/{id}', access: SESSION, params: ZAnnouncementIdParams, answer: ZOk, ...timeout }),
});
