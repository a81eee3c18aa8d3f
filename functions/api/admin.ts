import { ZAccountLockRequest, ZForceLogoutRequest } from '../../shared/schemas/admin.js';
import { ZAnnouncementIdParams, ZAnnouncementInput } from '../../shared/schemas/announcements.js';
import { ZAdminSenderIdParams, ZAdminSenderIdQuery, ZSenderIdRejectRequest, ZSenderIdReverifyRequest } from '../../shared/schemas/sms-settings.js';
import { claimsOf, createApiHandler } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { createAnnouncement, deleteAnnouncement, listAllAnnouncements, updateAnnouncement } from '../services/announcements.js';
import { forceLogout, setAccountLock } from '../services/provider-support.js';
import { approveSenderId, forceSenderIdReverify, listSenderIdQueueForSupport, rejectSenderId } from '../services/sender-ids.js';

const ADMIN = '/api/v1/pageBasedAPI/admin';

/** Provider support only: the route table's access rule refuses everyone else. */
export const handler = createApiHandler('admin', {
  [`GET ${ADMIN}/announcements`]: async (request) => listAllAnnouncements(claimsOf(request).loginTuid, new Date()),
  [`POST ${ADMIN}/announcements`]: async (request) => createAnnouncement(parseInput(ZAnnouncementInput, request.body), new Date()),
  [`PUT ${ADMIN}/announcements/{id}`]: async (request) => {
    const { id } = parseInput(ZAnnouncementIdParams, request.params);
    return updateAnnouncement({ id, input: parseInput(ZAnnouncementInput, request.body), now: new Date() });
  },
  [`DELETE ${ADMIN}/announcements/{id}`]: async (request) => {
    await deleteAnnouncement(parseInput(ZAnnouncementIdParams, request.params).id);
    return { success: true };
  },
  [`POST ${ADMIN}/users/force-logout`]: async (request) => {
    await forceLogout(parseInput(ZForceLogoutRequest, request.body).email);
    return { success: true };
  },
  [`POST ${ADMIN}/users/lock`]: async (request) => {
    const { email, locked } = parseInput(ZAccountLockRequest, request.body);
    await setAccountLock({ claims: claimsOf(request), email, locked });
    return { success: true };
  },
  [`GET ${ADMIN}/sender-ids`]: async (request) => listSenderIdQueueForSupport(parseInput(ZAdminSenderIdQuery, request.query).queue),
  [`POST ${ADMIN}/sender-ids/{tuid}/{id}/approve`]: async (request) =>
    approveSenderId({ ...parseInput(ZAdminSenderIdParams, request.params), now: new Date() }),
  [`POST ${ADMIN}/sender-ids/{tuid}/{id}/reject`]: async (request) =>
    rejectSenderId({ ...parseInput(ZAdminSenderIdParams, request.params), reason: parseInput(ZSenderIdRejectRequest, request.body).reason, now: new Date() }),
  [`POST ${ADMIN}/sender-ids/{tuid}/{id}/force-reverify`]: async (request) => {
    const { senderIdForceReverifyEndTime } = parseInput(ZSenderIdReverifyRequest, request.body);
    return forceSenderIdReverify({ ...parseInput(ZAdminSenderIdParams, request.params), endTime: new Date(senderIdForceReverifyEndTime), now: new Date() });
  },
});
