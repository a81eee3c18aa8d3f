/** SMS settings calls (docs/api-contract.md "SMS settings"): sender IDs, allowed calling codes, and support's review. */
import useSWR, { mutate } from 'swr';
import type { TAdminSenderIdList, TAdminSenderIdQueue, TSenderId, TSenderIdList, TSmsSettings } from '../../../shared/schemas/sms-settings.js';
import { apiRequest } from './client.js';

export type { TAdminSenderId, TAdminSenderIdQueue, TSenderId } from '../../../shared/schemas/sms-settings.js';

const SMS = '/api/v1/pageBasedAPI/sms';
const SENDER_IDS_PATH = `${SMS}/sender-ids`;
const CALLING_CODES_PATH = `${SMS}/calling-codes`;
const ADMIN_SENDER_IDS_PATH = '/api/v1/pageBasedAPI/admin/sender-ids';

const get = <T>(path: string) => apiRequest<T>({ path });

/** The account's sender IDs, oldest first (the settings page, and the SMS wizard's sender-id step). */
export function useSenderIds() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TSenderIdList, unknown>(SENDER_IDS_PATH, get);
  return { senderIds: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Asks support to verify a sender ID; the list refetches. */
export async function requestSenderId(senderId: string): Promise<TSenderId> {
  const answer = await apiRequest<{ senderId: TSenderId }>({ method: 'POST', path: SENDER_IDS_PATH, body: { senderId } });
  await mutate(SENDER_IDS_PATH);
  return answer.senderId;
}

export async function deleteSenderId(id: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: `${SENDER_IDS_PATH}/${encodeURIComponent(id)}` });
  await mutate(SENDER_IDS_PATH);
}

/** The country calling codes SMS campaigns may send to. */
export function useAllowedCallingCodes() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TSmsSettings, unknown>(CALLING_CODES_PATH, get);
  return { callingCodes: data?.allowedCallingCodes, error, isLoading, refetch: () => revalidate() };
}

/** Adds a code ("+852" or "852"); STT-SMS-01 when it is already allowed. The answer is the new list. */
export async function addCallingCode(callingCode: string): Promise<void> {
  const settings = await apiRequest<TSmsSettings>({ method: 'POST', path: CALLING_CODES_PATH, body: { callingCode } });
  await mutate(CALLING_CODES_PATH, settings, { revalidate: false });
}

export async function removeCallingCode(code: string): Promise<void> {
  const settings = await apiRequest<TSmsSettings>({ method: 'DELETE', path: `${CALLING_CODES_PATH}/${encodeURIComponent(code)}` });
  await mutate(CALLING_CODES_PATH, settings, { revalidate: false });
}

/** Support's list: requests and re-verifications awaiting review, or the verified IDs. */
export function useAdminSenderIds(queue: TAdminSenderIdQueue) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TAdminSenderIdList, unknown>(`${ADMIN_SENDER_IDS_PATH}?queue=${queue}`, get);
  return { senderIds: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** One of support's decisions on a sender ID of account `tuid`. */
export type SenderIdDecision = { action: 'approve' } | { action: 'reject'; reason: string } | { action: 'force-reverify'; senderIdForceReverifyEndTime: string };

export function decideSenderId(senderId: { tuid: string; id: string }, decision: SenderIdDecision): Promise<TSenderId> {
  const { action, ...body } = decision;
  return apiRequest<TSenderId>({
    method: 'POST',
    path: `${ADMIN_SENDER_IDS_PATH}/${encodeURIComponent(senderId.tuid)}/${encodeURIComponent(senderId.id)}/${action}`,
    body,
  });
}
