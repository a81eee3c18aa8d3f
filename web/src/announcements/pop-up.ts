/** Which announcement opens by itself (spec §4 "Announcements"), and the forced-read lock. */
import { IMPORTANT_ANNOUNCEMENT_LOCK_MS } from '../../../shared/constants.js';
import type { TAnnouncement } from '../../../shared/schemas/announcements.js';

export function isStillValid(announcement: Pick<TAnnouncement, 'valid_date'>, now: number): boolean {
  return announcement.valid_date === null || Date.parse(announcement.valid_date) > now;
}

/**
 * The first unread pop-up announcement that is still valid, skipping those already popped up in
 * this session (opening marks read, but the list may be refetched before the read lands).
 */
export function nextPopUp(list: readonly TAnnouncement[], now: number, alreadyShown: ReadonlySet<string>): TAnnouncement | undefined {
  return list.find((item) => item.pop_up && !item.is_read && isStillValid(item, now) && !alreadyShown.has(item.id));
}

/** Until when the dialog cannot be closed: an important announcement the user had not read yet. */
export function closeLockedUntil(announcement: Pick<TAnnouncement, 'important' | 'is_read'>, openedAt: number): number {
  return announcement.important && !announcement.is_read ? openedAt + IMPORTANT_ANNOUNCEMENT_LOCK_MS : openedAt;
}

/** Whole seconds left on the lock, rounded up so the button never reads "0" while still locked. */
export function lockSecondsLeft(lockedUntil: number, now: number): number {
  return Math.max(0, Math.ceil((lockedUntil - now) / 1000));
}
