/** SMS settings calls (docs/api-contract.md "SMS settings"): sender IDs, allowed calling codes, and support's review. */
import { mutate } from 'swr';
import { admin } from '../../../shared/contracts/admin.js';
import { smsSettings } from '../../../shared/contracts/sms-settings.js';
import type { TAdminSenderIdQueue, TSenderId } from '../../../shared/schemas/sms-settings.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TAdminSenderId, TAdminSenderIdQueue, TSenderId } from '../../../shared/schemas/sms-settings.js';

const SENDER_IDS_KEY = routeKey(smsSettings.routes.listSenderIds, {});
const CALLING_CODES_KEY = routeKey(smsSettings.routes.listCallingCodes, {});

/** The account's sender IDs, oldest first (the settings page, and the SMS wizard's sender-id step). */
export function useSenderIds() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(smsSettings.routes.listSenderIds, {});
  return { senderIds: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Asks support to verify a sender ID; the list refetches. */
export async function requestSenderId(senderId: string): Promise<TSenderId> {
  const answer = await callRoute(smsSettings.routes.requestSenderId, { body: { senderId } });
  await mutate(SENDER_IDS_KEY);
  return answer.senderId;
}

export async function deleteSenderId(id: string): Promise<void> {
  await callRoute(smsSettings.routes.deleteSenderId, { params: { id } });
  await mutate(SENDER_IDS_KEY);
}

/** The country calling codes SMS campaigns may send to. */
export function useAllowedCallingCodes() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(smsSettings.routes.listCallingCodes, {});
  return { callingCodes: data?.allowedCallingCodes, error, isLoading, refetch: () => revalidate() };
}

/** Adds a code ("+852" or "852"); STT-SMS-01 when it is already allowed. The answer is the new list. */
export async function addCallingCode(callingCode: string): Promise<void> {
  const settings = await callRoute(smsSettings.routes.allowCallingCode, { body: { callingCode } });
  await mutate(CALLING_CODES_KEY, settings, { revalidate: false });
}

export async function removeCallingCode(code: string): Promise<void> {
  const settings = await callRoute(smsSettings.routes.disallowCallingCode, { params: { code } });
  await mutate(CALLING_CODES_KEY, settings, { revalidate: false });
}

/** Support's list: requests and re-verifications awaiting review, or the verified IDs. */
export function useAdminSenderIds(queue: TAdminSenderIdQueue) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(admin.routes.listSenderIds, { query: { queue } });
  return { senderIds: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** One of support's decisions on a sender ID of account `tuid`. */
export type SenderIdDecision = { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'force-reverify'; senderIdForceReverifyEndTime: string };

export function decideSenderId(senderId: { tuid: string; id: string }, decision: SenderIdDecision): Promise<TSenderId> {
  const params = { tuid: senderId.tuid, id: senderId.id };
  switch (decision.action) {
    case 'approve':
      return callRoute(admin.routes.approveSenderId, { params });
    case 'reject':
      return callRoute(admin.routes.rejectSenderId, { params, body: { reason: decision.reason } });
    case 'force-reverify':
      return callRoute(admin.routes.forceSenderIdReverify, { params, body: { senderIdForceReverifyEndTime: decision.senderIdForceReverifyEndTime } });
  }
}
