/**
 * Campaign schedules. Times are stored as UTC instants; recurring rules are written in the service
 * time zone (Asia/Hong_Kong, spec §1), which has no daylight saving, so its offset is fixed.
 * Pure: no clock (callers pass `now`).
 */
import { MINUTE_MS, SERVICE_TIME_ZONE } from '../constants.js';
import { CAMPAIGN_LIMITS } from './campaign-fields.js';

const SERVICE_OFFSET_MS = 8 * 60 * MINUTE_MS;
export const SERVICE_TIME_ZONE_NAME = SERVICE_TIME_ZONE;

export type ScheduleProblem = 'tooSoon' | 'tooLate';

export function scheduleProblem(at: Date, now: Date): ScheduleProblem | null {
  if (at.getTime() < now.getTime() + CAMPAIGN_LIMITS.scheduleLeadMs) return 'tooSoon';
  if (at.getTime() > now.getTime() + CAMPAIGN_LIMITS.scheduleHorizonMs) return 'tooLate';
  return null;
}

export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/**
 * A recurring schedule: at `time` (HH:mm, service time zone) every day, on the listed weekdays
 * (0 Sunday .. 6 Saturday), or on a day of the month (a month without that day uses its last).
 * Each occurrence sends a copy of the campaign, which has its own report.
 */
export type RecurringRule = {
  frequency: RecurringFrequency;
  time: string;
  weekdays?: number[];
  dayOfMonth?: number;
  /** The first occurrence is not before this instant; none after `until` (ISO instants). */
  startsAt: string;
  until?: string | null;
};

function serviceParts(instant: number) {
  const local = new Date(instant + SERVICE_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate(), weekday: local.getUTCDay() };
}

function serviceInstant(year: number, month: number, day: number, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return Date.UTC(year, month, day, hours, minutes) - SERVICE_OFFSET_MS;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The first occurrence strictly after `after` and not before `startsAt`, or null when the rule has ended. */
export function nextOccurrence(rule: RecurringRule, after: Date): Date | null {
  const from = Math.max(after.getTime() + 1, Date.parse(rule.startsAt));
  const until = rule.until ? Date.parse(rule.until) : Number.POSITIVE_INFINITY;
  const start = serviceParts(from);
  // Monthly rules look at most 13 months ahead; daily and weekly at most 8 days.
  const horizonDays = rule.frequency === 'monthly' ? 400 : 8;
  for (let offset = 0; offset <= horizonDays; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month, start.day + offset));
    const [year, month, day, weekday] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCDay()];
    let matches = true;
    if (rule.frequency === 'weekly') matches = (rule.weekdays ?? []).includes(weekday);
    if (rule.frequency === 'monthly') matches = day === Math.min(rule.dayOfMonth ?? 1, daysInMonth(year, month));
    if (!matches) continue;
    const instant = serviceInstant(year, month, day, rule.time);
    if (instant < from) continue;
    return instant > until ? null : new Date(instant);
  }
  return null;
}

/** The service-time-zone date (YYYY-MM-DD) of an instant: free daily credits renew at its midnight. */
export function serviceDay(now: Date): string {
  return new Date(now.getTime() + SERVICE_OFFSET_MS).toISOString().slice(0, 10);
}
