/**
 * Idle-session rules (spec §4): the reminder opens IDLE_REMINDER_MS before the stored idle time
 * runs out and counts down; at zero the session ends. Pure apart from reading the settings.
 */
import { DEFAULT_IDLE_TIME_MS, IDLE_CHECK_INTERVAL_MS, IDLE_REMINDER_MS } from '../../../shared/constants.js';
import { getStoredIdleTime } from './session.js';

export type IdleSettings = { idleTimeMs: number; reminderMs: number; checkIntervalMs: number };

/**
 * Browser tests shorten the timings through these keys (the idle time itself comes from the
 * stored session, e.g. entry by URL with a small idleTime). Unset keys mean the spec's values.
 */
export const IDLE_OVERRIDE_KEYS = {
  checkIntervalMs: 'dev.idleCheckIntervalMs',
  reminderMs: 'dev.idleReminderMs',
} as const;

function override(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function idleSettings(): IdleSettings {
  const idleTimeMs = getStoredIdleTime() ?? DEFAULT_IDLE_TIME_MS;
  const reminderMs = Math.min(override(IDLE_OVERRIDE_KEYS.reminderMs) ?? IDLE_REMINDER_MS, idleTimeMs);
  return { idleTimeMs, reminderMs, checkIntervalMs: override(IDLE_OVERRIDE_KEYS.checkIntervalMs) ?? IDLE_CHECK_INTERVAL_MS };
}

export type IdlePhase = 'active' | 'reminder' | 'expired';

/** Where the session stands after `idleFor` ms without activity. */
export function idlePhase(idleFor: number, settings: Pick<IdleSettings, 'idleTimeMs' | 'reminderMs'>): IdlePhase {
  if (idleFor >= settings.idleTimeMs) return 'expired';
  if (idleFor >= settings.idleTimeMs - settings.reminderMs) return 'reminder';
  return 'active';
}

/** The countdown text m:ss for the remaining ms (never negative). */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes}:${String(totalSeconds % 60).padStart(2, '0')}`;
}
