import { announcements } from '../../shared/contracts/announcements.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { getAnnouncementPage, hideAnnouncement, openAnnouncement, readAllAnnouncements } from '../services/notifications/announcements.js';

export const handler = createApiHandler(announcements, {
  popUp: async ({ caller, query, now }) => getAnnouncementPage({ userId: caller.loginTuid, query, now }),
  readAll: async ({ caller, now }) => {
    await readAllAnnouncements({ userId: caller.loginTuid, now });
    return OK;
  },
  open: async ({ caller, params, now }) => openAnnouncement({ userId: caller.loginTuid, id: params.id, now }),
  hide: async ({ caller, params, now }) => {
    await hideAnnouncement({ userId: caller.loginTuid, id: params.id, now });
    return OK;
  },
});
