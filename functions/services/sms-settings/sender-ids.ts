/**
 * Sender IDs (spec §3 "Verification", §4 "Sender ID"): an account requests them, provider support
 * approves or rejects them and may force a verified one through re-verification by an end time;
 * each decision tells the account (smsIdentity). Campaigns send only from usable ones.
 */
import { SEVERITY, type NotificationMessageType, type Severity } from '../../../shared/domain/notifications.js';
import { canApprove, canForceReverify, canReject, isSenderIdUsable, senderIdKey } from '../../../shared/domain/sender-ids.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TAdminSenderId, TAdminSenderIdQueue, TSenderId, TSenderIdList } from '../../../shared/schemas/sms-settings.js';
import { getAccount } from '../../data/accounts.js';
import {
  deleteSenderId,
  getSenderId,
  insertSenderId,
  listSenderIdQueue,
  listSenderIds,
  SenderIdTaken,
  updateSenderIdStanding,
  type SenderIdRecord,
  type SenderIdStanding,
} from '../../data/sender-ids.js';
import { logger } from '../../lib/logger.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { createNotification } from '../notifications/notifications.js';

function toSenderId(record: SenderIdRecord): TSenderId {
  const { id, senderId, status, reason, senderIdForceReverifyEndTime, createTime } = record;
  return { id, senderId, status, reason, senderIdForceReverifyEndTime, createTime };
}

const notFound = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The sender ID does not exist.');

/** The account's sender IDs, oldest first, as the settings page and the campaign wizard show them. */
export async function listAccountSenderIds(options: { tuid: string }): Promise<TSenderIdList> {
  return { data: (await listSenderIds(options.tuid)).map(toSenderId) };
}

/**
 * The sender IDs an SMS campaign of the account may send from at `now`: verified and not past a
 * forced re-verification's end (shared/domain/sender-ids.ts).
 */
export async function listUsableSenderIds({ tuid, now = new Date() }: { tuid: string; now?: Date }): Promise<Array<{ id: string; senderId: string }>> {
  return (await listSenderIds(tuid)).filter((record) => isSenderIdUsable(record, now)).map(({ id, senderId }) => ({ id, senderId }));
}

/**
 * Requests a sender ID (already validated by ZSenderIdRequest) for support's review. Asking again
 * for a rejected one puts it back in the queue; one the account already has otherwise answers
 * ERROR_RECORD_NAME_EXISTS.
 */
export async function requestSenderId(options: { tuid: string; loginTuid: string; senderId: string; now: Date }): Promise<TSenderId> {
  const { tuid, loginTuid, senderId, now } = options;
  const record: SenderIdRecord = {
    id: timeOrderedId(now),
    tuid,
    senderId,
    status: 'pending',
    reason: null,
    senderIdForceReverifyEndTime: null,
    createTime: now.toISOString(),
    requestedBy: loginTuid,
    decideTime: null,
    version: 0,
  };
  try {
    await insertSenderId(record);
    return toSenderId(record);
  } catch (error) {
    if (!(error instanceof SenderIdTaken)) throw error;
  }
  const existing = (await listSenderIds(tuid)).find((candidate) => senderIdKey(candidate.senderId) === senderIdKey(senderId));
  const reopened = existing?.status === 'rejected' ? await updateSenderIdStanding(existing, { status: 'pending', reason: null, senderIdForceReverifyEndTime: null, decideTime: null }) : null;
  if (!reopened) throw new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'The account already has this sender ID.');
  return toSenderId(reopened);
}

/** Deletes one of the account's sender IDs, whatever its status. */
export async function removeSenderId(options: { tuid: string; id: string }): Promise<void> {
  const record = await getSenderId(options.tuid, options.id);
  if (!record || !(await deleteSenderId(record))) throw notFound();
}

/** Support's list: `review` (requests and re-verifications awaiting a decision) or `verified`, with their accounts. */
export async function listSenderIdQueueForSupport({ queue }: { queue: TAdminSenderIdQueue }): Promise<{ data: TAdminSenderId[] }> {
  const records = await listSenderIdQueue(queue);
  const accounts = new Map(await Promise.all([...new Set(records.map((record) => record.tuid))].map(async (tuid) => [tuid, await getAccount(tuid)] as const)));
  return {
    data: records.map((record) => {
      const account = accounts.get(record.tuid);
      return { ...toSenderId(record), tuid: record.tuid, accountName: account?.fullname ?? '', accountEmail: account?.login ?? '' };
    }),
  };
}

/** A decision is re-tried on a fresh read when another one landed between the read and the write. */
const DECISION_ATTEMPTS = 3;

type Decision = {
  /** Why the decision does not apply to the sender ID as it stands; null when it does. */
  refusal(record: SenderIdRecord): string | null;
  standing: SenderIdStanding;
  notice: { messageType: NotificationMessageType<'smsIdentity'>; severity: Severity };
};

/** Applies a support decision and tells the account's owner and the requester. */
async function decide(options: { tuid: string; id: string; decision: Decision; now: Date }): Promise<TSenderId> {
  const { tuid, id, decision, now } = options;
  for (let attempt = 1; ; attempt += 1) {
    const record = await getSenderId(tuid, id);
    if (!record) throw notFound();
    const refusal = decision.refusal(record);
    if (refusal) throw new AppError(ERROR_CODES.INVALID_INPUT, refusal);
    const after = await updateSenderIdStanding(record, decision.standing);
    if (after) {
      await noticeOfDecision(after, decision.notice, now);
      return toSenderId(after);
    }
    if (attempt >= DECISION_ATTEMPTS) throw new AppError(ERROR_CODES.GENERIC, 'The sender ID keeps changing; try again.');
  }
}

/** The decision is stored: a notice that cannot be stored is logged, never the decision's failure. */
async function noticeOfDecision(record: SenderIdRecord, notice: Decision['notice'], now: Date): Promise<void> {
  const values = { senderId: record.senderId, senderIdForceReverifyEndTime: record.senderIdForceReverifyEndTime };
  for (const userId of new Set([record.tuid, record.requestedBy])) {
    await createNotification({ userId, type: 'smsIdentity', ...notice, values, now }).catch((error: unknown) =>
      logger.warn('sender ID notice not stored', { userId, id: record.id, error }),
    );
  }
}

/** Support approves a request or a re-verification: verified, with no re-verification pending. */
export function approveSenderId(options: { tuid: string; id: string; now: Date }): Promise<TSenderId> {
  const { now } = options;
  return decide({
    ...options,
    decision: {
      refusal: (record) => (canApprove(record, now) ? null : 'The sender ID is already verified.'),
      standing: { status: 'verified', reason: null, senderIdForceReverifyEndTime: null, decideTime: now.toISOString() },
      notice: { messageType: 'approved', severity: SEVERITY.success },
    },
  });
}

/** Support rejects a request or a re-verification, or withdraws a verified ID, with the reason the account reads. */
export function rejectSenderId(options: { tuid: string; id: string; reason: string; now: Date }): Promise<TSenderId> {
  const { reason, now } = options;
  return decide({
    ...options,
    decision: {
      refusal: (record) => (canReject(record) ? null : 'The sender ID is already rejected.'),
      standing: { status: 'rejected', reason, senderIdForceReverifyEndTime: null, decideTime: now.toISOString() },
      notice: { messageType: 'rejected', severity: SEVERITY.warning },
    },
  });
}

/** Support forces re-verification of a verified ID: usable until `endTime`, unusable after it unless approved again. */
export function forceSenderIdReverify(options: { tuid: string; id: string; endTime: Date; now: Date }): Promise<TSenderId> {
  const { endTime, now } = options;
  return decide({
    ...options,
    decision: {
      refusal: (record) => (canForceReverify(record, endTime, now) ? null : 'Only a verified sender ID can be re-verified, by a time still ahead.'),
      standing: { status: 'verified', reason: null, senderIdForceReverifyEndTime: endTime.toISOString(), decideTime: now.toISOString() },
      notice: { messageType: 'reverify', severity: SEVERITY.warning },
    },
  });
}
