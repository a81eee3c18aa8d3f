/** The 60-second resend block after a verification code is sent (spec §4, §9). Pure. */
import { SECOND_MS, VERIFICATION_RESEND_COOLDOWN_MS } from '../../../shared/constants.js';

/**
 * Whole seconds until another code may be sent. Clamped to the cooldown so a client clock that
 * runs behind the server's lastSendTime never shows more than 60 seconds.
 */
export function resendSecondsLeft(lastSentAt: number | null, now: number): number {
  if (lastSentAt === null) return 0;
  const left = Math.min(lastSentAt + VERIFICATION_RESEND_COOLDOWN_MS - now, VERIFICATION_RESEND_COOLDOWN_MS);
  return left > 0 ? Math.ceil(left / SECOND_MS) : 0;
}

/** The server's lastSendTime (ISO) as ms since the epoch; null when absent or unreadable. */
export function parseLastSendTime(lastSendTime: string | null | undefined): number | null {
  if (!lastSendTime) return null;
  const at = Date.parse(lastSendTime);
  return Number.isFinite(at) ? at : null;
}

/** A refused resend (OTH-UTL-C-030) says how long to wait; turn it back into a send time. */
export function lastSentFromRetryAfter(retryAfterSeconds: number | undefined, now: number): number {
  // Without a usable retryAfter, assume the whole cooldown is still ahead.
  const wait =
    retryAfterSeconds && retryAfterSeconds > 0
      ? Math.min(retryAfterSeconds * SECOND_MS, VERIFICATION_RESEND_COOLDOWN_MS)
      : VERIFICATION_RESEND_COOLDOWN_MS;
  return now - (VERIFICATION_RESEND_COOLDOWN_MS - wait);
}
