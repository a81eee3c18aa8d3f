/**
 * Sender IDs of SMS campaigns (spec §3 "Verification", §4 "Sender ID"): what may be requested, and
 * what a stored one's status and forced re-verification make of it. Pure rules, shared by the
 * request dialog, the services and the campaign planner.
 */

/** GSM originator limits: an alphanumeric ID takes 11 characters, a numeric one an E.164 number's 15 digits. */
export const SENDER_ID_LIMITS = { alphanumericMin: 3, alphanumericMax: 11, numericMin: 3, numericMax: 15 } as const;

/** What support decided; a forced re-verification keeps `verified` and sets an end time. */
export const SENDER_ID_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type SenderIdStatus = (typeof SENDER_ID_STATUSES)[number];

/** Why a requested sender ID cannot be used; keys of the page's validation messages. */
export type SenderIdProblem = 'required' | 'characters' | 'tooShort' | 'tooLong';

export type SenderIdKind = 'alphanumeric' | 'numeric';

/** All digits: a numeric sender ID (a number recipients can reply to); anything else must be alphanumeric. */
export function senderIdKind(value: string): SenderIdKind {
  return /^\d+$/.test(value) ? 'numeric' : 'alphanumeric';
}

/**
 * The first problem of a requested sender ID (already trimmed), or null when it can be requested.
 * Only A–Z, a–z and 0–9: spaces and punctuation are refused by many networks, so never accepted.
 * An alphanumeric one has a letter by construction (all digits make it numeric).
 */
export function senderIdProblem(value: string): SenderIdProblem | null {
  if (value === '') return 'required';
  if (!/^[A-Za-z0-9]+$/.test(value)) return 'characters';
  const numeric = senderIdKind(value) === 'numeric';
  const min = numeric ? SENDER_ID_LIMITS.numericMin : SENDER_ID_LIMITS.alphanumericMin;
  const max = numeric ? SENDER_ID_LIMITS.numericMax : SENDER_ID_LIMITS.alphanumericMax;
  if (value.length < min) return 'tooShort';
  if (value.length > max) return 'tooLong';
  return null;
}

/** Sender IDs are unique per account whatever their case: "ACME" and "Acme" read the same on a phone. */
export function senderIdKey(value: string): string {
  return value.toUpperCase();
}

type SenderIdStanding = { status: SenderIdStatus; senderIdForceReverifyEndTime: string | null };

/**
 * How a sender ID stands at `now`: `reverifying` while support's forced re-verification runs (still
 * usable), `lapsed` once its end time passed without a new approval (no longer usable).
 */
export type SenderIdState = 'pending' | 'verified' | 'reverifying' | 'lapsed' | 'rejected';

export function senderIdState(senderId: SenderIdStanding, now: Date): SenderIdState {
  if (senderId.status !== 'verified') return senderId.status;
  if (senderId.senderIdForceReverifyEndTime === null) return 'verified';
  return Date.parse(senderId.senderIdForceReverifyEndTime) > now.getTime() ? 'reverifying' : 'lapsed';
}

/** A campaign may send from it: verified, and not past a forced re-verification's end. */
export function isSenderIdUsable(senderId: SenderIdStanding, now: Date): boolean {
  const state = senderIdState(senderId, now);
  return state === 'verified' || state === 'reverifying';
}

/** Support may approve anything not plainly verified: a request, a re-verification (even lapsed), a change of mind. */
export function canApprove(senderId: SenderIdStanding, now: Date): boolean {
  return senderIdState(senderId, now) !== 'verified';
}

/** Support may reject anything not rejected yet: a request, a re-verification, or withdraw a verified ID. */
export function canReject(senderId: SenderIdStanding): boolean {
  return senderId.status !== 'rejected';
}

/** Support may force (or move) re-verification only of a verified ID, with an end time still ahead. */
export function canForceReverify(senderId: SenderIdStanding, endTime: Date, now: Date): boolean {
  return senderId.status === 'verified' && endTime.getTime() > now.getTime();
}

/** Support's queue: new requests and forced re-verifications wait for a decision. */
export function awaitsReview(senderId: SenderIdStanding): boolean {
  return senderId.status === 'pending' || (senderId.status === 'verified' && senderId.senderIdForceReverifyEndTime !== null);
}
