import { smsSettings } from '../../shared/contracts/sms-settings.js';
import { OK } from '../../shared/schemas/common.js';
import { createApiHandler } from '../lib/http.js';
import { listAccountSenderIds, removeSenderId, requestSenderId } from '../services/sms-settings/sender-ids.js';
import { allowCallingCode, disallowCallingCode, getAllowedCallingCodes } from '../services/sms-settings/sms-settings.js';

/** Sender IDs and the allowed calling codes of the account acted on (settings → SMS and MMS). */
export const handler = createApiHandler(smsSettings, {
  listSenderIds: async ({ caller }) => listAccountSenderIds({ tuid: caller.tuid }),
  requestSenderId: async ({ caller, body, now }) => ({ senderId: await requestSenderId({ tuid: caller.tuid, loginTuid: caller.loginTuid, senderId: body.senderId, now }) }),
  deleteSenderId: async ({ caller, params }) => {
    await removeSenderId({ tuid: caller.tuid, id: params.id });
    return OK;
  },
  listCallingCodes: async ({ caller }) => getAllowedCallingCodes({ tuid: caller.tuid }),
  allowCallingCode: async ({ caller, body, now }) => allowCallingCode({ tuid: caller.tuid, code: body.callingCode, now }),
  disallowCallingCode: async ({ caller, params }) => disallowCallingCode({ tuid: caller.tuid, code: params.code }),
});
