/** Provider support (spec §6 "Provider support"): announcements, account locks and the sender ID review. */
import { ZAccountLockRequest, ZForceLogoutRequest } from '../schemas/admin.js';
import { ZAnnouncement, ZAnnouncementIdParams, ZAnnouncementInput, ZAnnouncementList } from '../schemas/announcements.js';
import { ZOk } from '../schemas/common.js';
import { ZAdminSenderIdList, ZAdminSenderIdParams, ZAdminSenderIdQuery, ZSenderId, ZSenderIdRejectRequest, ZSenderIdReverifyRequest } from '../schemas/sms-settings.js';
import { ADMIN, defineGroup, route } from './route.js';

export const admin = defineGroup('admin', {
  listAnnouncements: route({ method: 'GET', path: 'admin/announcements', access: ADMIN, answer: ZAnnouncementList }),
  createAnnouncement: route({ method: 'POST', path: 'admin/announcements', access: ADMIN, body: ZAnnouncementInput, answer: ZAnnouncement }),
  updateAnnouncement: route({ method: 'PUT', path: 'admin/announcements/{id}', access: ADMIN, params: ZAnnouncementIdParams, body: ZAnnouncementInput, answer: ZAnnouncement }),
  deleteAnnouncement: route({ method: 'DELETE', path: 'admin/announcements/{id}', access: ADMIN, params: ZAnnouncementIdParams, answer: ZOk }),
  forceLogout: route({ method: 'POST', path: 'admin/users/force-logout', access: ADMIN, body: ZForceLogoutRequest, answer: ZOk }),
  lockAccount: route({ method: 'POST', path: 'admin/users/lock', access: ADMIN, body: ZAccountLockRequest, answer: ZOk }),
  // Sender ID review (spec §4 "Sender ID"): support's lists, and each decision (an smsIdentity notice).
  listSenderIds: route({ method: 'GET', path: 'admin/sender-ids', access: ADMIN, query: ZAdminSenderIdQuery, answer: ZAdminSenderIdList }),
  approveSenderId: route({ method: 'POST', path: 'admin/sender-ids/{tuid}/{id}/approve', access: ADMIN, params: ZAdminSenderIdParams, answer: ZSenderId }),
  rejectSenderId: route({
    method: 'POST',
    path: 'admin/sender-ids/{tuid}/{id}/reject',
    access: ADMIN,
    params: ZAdminSenderIdParams,
    body: ZSenderIdRejectRequest,
    answer: ZSenderId,
  }),
  forceSenderIdReverify: route({
    method: 'POST',
    path: 'admin/sender-ids/{tuid}/{id}/force-reverify',
    access: ADMIN,
    params: ZAdminSenderIdParams,
    body: ZSenderIdReverifyRequest,
    answer: ZSenderId,
  }),
});
