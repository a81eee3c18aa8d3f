/** The SMS wizard's pure rules, unit-tested: how pasted numbers are split, and which sender IDs a send may use. */
import type { TSenderId } from '../../../api/sms-settings.js';

/** Pasted numbers: one a line, or separated by commas or semicolons; spaces belong to numbers ("+1 415 555 0100"). */
export function numbersIn(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((number) => number.trim())
    .filter(Boolean);
}

/** Verified and not past the end of a forced re-verification: the only IDs a send may use. */
export function isUsableSenderId(senderId: Pick<TSenderId, 'status' | 'senderIdForceReverifyEndTime'>, now = Date.now()): boolean {
  if (senderId.status !== 'verified') return false;
  const end = senderId.senderIdForceReverifyEndTime;
  return end === null || Date.parse(end) > now;
}
