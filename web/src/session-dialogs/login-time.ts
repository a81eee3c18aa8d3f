/** The new-login time as a full date and time in the user's zone, with the zone named (never "5 seconds ago"). */
import { resolveTimeZone } from '../format/date.js';

export function formatLoginTime(iso: string, locale: string, timeZone: string | null | undefined): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: resolveTimeZone(timeZone),
  }).format(time) + ` (${resolveTimeZone(timeZone)})`;
}
