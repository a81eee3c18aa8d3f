/**
 * Schedules are entered in the user's stored time zone and stored as ISO instants (spec §1:
 * times shown in the user's zone; the service zone is Asia/Hong_Kong).
 */

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - Math.floor(instant / 60_000) * 60_000;
}

/** A `datetime-local` value ("2026-05-01T09:30") read in `timeZone`, as an instant; null when it is not one. */
export function instantInZone(local: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (!Number.isFinite(asUtc)) return null;
  // Twice: the offset at the guess can differ from the offset at the answer around a clock change.
  const guess = asUtc - zoneOffsetMs(asUtc, timeZone);
  return new Date(asUtc - zoneOffsetMs(guess, timeZone));
}

/** An instant as a `datetime-local` value in `timeZone`. */
export function localInputInZone(instant: Date, timeZone: string): string {
  const shifted = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return shifted.toISOString().slice(0, 16);
}
