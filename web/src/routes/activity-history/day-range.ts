/**
 * The history filter's calendar days as the API's inclusive ISO bounds: a day starts and ends in
 * the user's time zone, not the browser's, so "1 May" means the same hours the list shows.
 */
import { resolveTimeZone } from '../../format/date.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes the zone is ahead of UTC at the instant. */
function zoneOffsetMinutes(time: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(time).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

/** `day` (YYYY-MM-DD) at `clock` (HH:MM:SS) in the zone, e.g. 2025-05-01T00:00:00+08:00; null for a malformed day. */
export function zonedDayTime(day: string, clock: string, timeZone: string | null | undefined): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const zone = resolveTimeZone(timeZone);
  const [hours, minutes, seconds] = clock.split(':').map(Number);
  const wallClockAsUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hours, minutes, seconds);
  // The offset at the wall-clock time itself; a second look settles days when the offset changes (DST).
  const guess = zoneOffsetMinutes(wallClockAsUtc, zone);
  const offset = zoneOffsetMinutes(wallClockAsUtc - guess * 60_000, zone);
  return `${day}T${clock}${offsetText(offset)}`;
}

export type DayRange = { from?: string; to?: string };

/** The API bounds of a from/to pair of days (either may be empty); null when from is after to. */
export function dayRangeBounds(fromDay: string, toDay: string, timeZone: string | null | undefined): DayRange | null {
  if (fromDay && toDay && fromDay > toDay) return null;
  return {
    from: fromDay ? (zonedDayTime(fromDay, '00:00:00', timeZone) ?? undefined) : undefined,
    to: toDay ? (zonedDayTime(toDay, '23:59:59', timeZone) ?? undefined) : undefined,
  };
}
