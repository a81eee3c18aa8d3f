import { admin } from '../../shared/contracts/admin.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { createAnnouncement, deleteAnnouncement, listAllAnnouncements, updateAnnouncement } from '../services/notifications/announcements.js';
import { forceLogout, setAccountLock } from '../services/session/provider-support.js';
import { approveSenderId, forceSenderIdReverify, listSenderIdQueueForSupport, rejectSenderId } from '../services/sms-settings/sender-ids.js';

/** Provider support only: the contracts' access rule refuses everyone else. */
export const handler = createApiHandler(admin, {
  listAnnouncements: async ({ caller, now }) => listAllAnnouncements({ userId: caller.loginTuid, now }),
  createAnnouncement: async ({ body, now }) => createAnnouncement({ input: body, now }),
  updateAnnouncement: async ({ params, body, now }) => updateAnnouncement({ id: params.id, input: body, now }),
  deleteAnnouncement: async ({ params }) => {
    await deleteAnnouncement({ id: params.id });
    return OK;
  },
  forceLogout: async ({ body }) => {
    await forceLogout({ email: body.email });
    return OK;
  },
  lockAccount: async ({ caller, body }) => {
    await setAccountLock({ claims: caller, email: body.email, locked: body.locked });
    return OK;
  },
  listSenderIds: async ({ query }) => listSenderIdQueueForSupport({ queue: query.queue }),
  approveSenderId: async ({ params, now }) => approveSenderId({ ...params, now }),
  rejectSenderId: async ({ params, body, now }) => rejectSenderId({ ...params, reason: body.reason, now }),
  forceSenderIdReverify: async ({ params, body, now }) =>
    forceSenderIdReverify({ ...params, endTime: new Date(body.senderIdForceReverifyEndTime), now }),
});
