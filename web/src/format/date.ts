/**
 * Date display of spec §1: relative time up to RELATIVE_TIME_LIMIT_SECONDS ("5 minutes ago",
 * "in 3 minutes"), else "Today/Tomorrow/Yesterday" + time, else the date and time; always in the
 * user's stored time zone and the UI language.
 */
import { DAY_MS, RELATIVE_TIME_LIMIT_SECONDS, SERVICE_TIME_ZONE } from '../../../shared/constants.js';

export type DateInput = string | number | Date;
export type DateFormatOptions = {
  /** The UI language (a BCP 47 tag). */
  locale: string;
  /** The user's stored time zone; an unknown or empty zone falls back to the service zone. */
  timeZone?: string | null;
  /** The current time in ms, for tests; defaults to Date.now(). */
  now?: number;
};

/** The user's time zone when the runtime knows it, else Asia/Hong_Kong. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return SERVICE_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return SERVICE_TIME_ZONE;
  }
}

function toTime(input: DateInput): number {
  return input instanceof Date ? input.getTime() : typeof input === 'number' ? input : Date.parse(input);
}

/** Days since the epoch of the calendar date the instant falls on in the time zone. */
function calendarDay(time: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(time);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

function capitalise(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "5 minutes ago" / "in 3 minutes" / "now", or null beyond the relative-time limit. */
export function relativeTime(time: number, now: number, locale: string): string | null {
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) > RELATIVE_TIME_LIMIT_SECONDS) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return format.format(seconds, 'second');
  return format.format(Math.round(seconds / 60), 'minute');
}

export function formatDateTime(input: DateInput, options: DateFormatOptions): string {
  const time = toTime(input);
  if (!Number.isFinite(time)) return '';
  const now = options.now ?? Date.now();
  const relative = relativeTime(time, now, options.locale);
  if (relative) return relative;

  const timeZone = resolveTimeZone(options.timeZone);
  const dayOffset = calendarDay(time, timeZone) - calendarDay(now, timeZone);
  if (Math.abs(dayOffset) <= 1) {
    const day = new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' }).format(dayOffset, 'day');
    const clock = new Intl.DateTimeFormat(options.locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(time);
    return `${capitalise(day, options.locale)} ${clock}`;
  }
  return new Intl.DateTimeFormat(options.locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

/** The Hong Kong time variant: the same rule in the service time zone, marked HKT when absolute. */
export function formatHongKongTime(input: DateInput, options: Omit<DateFormatOptions, 'timeZone'>): string {
  const time = toTime(input);
  if (!Number.isFinite(time)) return '';
  const text = formatDateTime(time, { ...options, timeZone: SERVICE_TIME_ZONE });
  return relativeTime(time, options.now ?? Date.now(), options.locale) ? text : `${text} HKT`;
}

/** A date without time (e.g. an expiry day) in the user's time zone. */
export function formatDate(input: DateInput, options: Omit<DateFormatOptions, 'now'>): string {
  const time = toTime(input);
  if (!Number.isFinite(time)) return '';
  return new Intl.DateTimeFormat(options.locale, { timeZone: resolveTimeZone(options.timeZone), dateStyle: 'medium' }).format(time);
}
