/**
 * SMS settings (spec §2.1 /settings/sms-and-mms): the account's sender IDs (also the SMS wizard's
 * sender-id step) and the country calling codes its SMS campaigns may send to (STT-SMS-01).
 */
import { ZOk } from '../schemas/common.js';
import {
  ZCallingCodeParams,
  ZCallingCodeRequest,
  ZSenderIdList,
  ZSenderIdParams,
  ZSenderIdRequest,
  ZSenderIdResponse,
  ZSmsSettings,
} from '../schemas/sms-settings.js';
import { defineGroup, route, section } from './route.js';

export const smsSettings = defineGroup('sms-settings', {
  listSenderIds: route({ method: 'GET', path: 'sms/sender-ids', access: section('sms', 'read'), answer: ZSenderIdList }),
  requestSenderId: route({ method: 'POST', path: 'sms/sender-ids', access: section('sms', 'write'), body: ZSenderIdRequest, answer: ZSenderIdResponse, status: 201 }),
  deleteSenderId: route({ method: 'DELETE', path: 'sms/sender-ids/{id}', access: section('sms', 'delete'), params: ZSenderIdParams, answer: ZOk }),
  listCallingCodes: route({ method: 'GET', path: 'sms/calling-codes', access: section('sms', 'read'), answer: ZSmsSettings }),
  // Both changes answer the new list.
  allowCallingCode: route({ method: 'POST', path: 'sms/calling-codes', access: section('sms', 'write'), body: ZCallingCodeRequest, answer: ZSmsSettings }),
  disallowCallingCode: route({ method: 'DELETE', path: 'sms/calling-codes/{code}', access: section('sms', 'write'), params: ZCallingCodeParams, answer: ZSmsSettings }),
});
