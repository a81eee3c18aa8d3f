import {
  ZCallingCodeParams,
  ZCallingCodeRequest,
  ZSenderIdParams,
  ZSenderIdRequest,
} from '../../shared/schemas/sms-settings.js';
import { getSmsSettings } from '../data/sms-settings.js';
import { claimsOf, createApiHandler, HttpAnswer } from '../lib/http.js';
import { parseInput } from '../../shared/validation.js';
import { listAccountSenderIds, removeSenderId, requestSenderId } from '../services/sender-ids.js';
import { allowCallingCode, disallowCallingCode } from '../services/sms-settings.js';

const SMS = '/api/v1/pageBasedAPI/sms';

/** Sender IDs and the allowed calling codes of the account acted on (settings → SMS and MMS). */
export const handler = createApiHandler('sms-settings', {
  [`GET ${SMS}/sender-ids`]: async (request) => listAccountSenderIds(claimsOf(request).tuid),
  [`POST ${SMS}/sender-ids`]: async (request) => {
    const { tuid, loginTuid } = claimsOf(request);
    const { senderId } = parseInput(ZSenderIdRequest, request.body);
    return HttpAnswer.json({ senderId: await requestSenderId({ tuid, loginTuid, senderId, now: new Date() }) }, 201);
  },
  [`DELETE ${SMS}/sender-ids/{id}`]: async (request) => {
    await removeSenderId({ tuid: claimsOf(request).tuid, id: parseInput(ZSenderIdParams, request.params).id });
    return { success: true };
  },
  [`GET ${SMS}/calling-codes`]: async (request) => getSmsSettings(claimsOf(request).tuid),
  [`POST ${SMS}/calling-codes`]: async (request) =>
    allowCallingCode({ tuid: claimsOf(request).tuid, code: parseInput(ZCallingCodeRequest, request.body).callingCode, now: new Date() }),
  [`DELETE ${SMS}/calling-codes/{code}`]: async (request) =>
    disallowCallingCode({ tuid: claimsOf(request).tuid, code: parseInput(ZCallingCodeParams, request.params).code }),
});
