/** The history filter's days as API bounds in the user's time zone. */
import { describe, expect, it } from 'vitest';
import { dayRangeBounds, zonedDayTime } from '../../../../web/src/routes/activity-history/day-range.js';

describe('zonedDayTime', () => {
  it('writes the wall-clock time with the zone offset of that moment', () => {
    expect(zonedDayTime('2025-05-01', '00:00:00', 'Asia/Hong_Kong')).toBe('2025-05-01T00:00:00+08:00');
    expect(zonedDayTime('2025-01-15', '23:59:59', 'America/New_York')).toBe('2025-01-15T23:59:59-05:00');
    expect(zonedDayTime('2025-07-15', '00:00:00', 'America/New_York')).toBe('2025-07-15T00:00:00-04:00');
    expect(zonedDayTime('2025-05-01', '00:00:00', 'Asia/Kolkata')).toBe('2025-05-01T00:00:00+05:30');
  });

  it('uses the offset after a daylight-saving change on that day', () => {
    // New York moves to -04:00 at 02:00 on 9 March 2025.
    expect(zonedDayTime('2025-03-09', '23:59:59', 'America/New_York')).toBe('2025-03-09T23:59:59-04:00');
  });

  it('falls back to the service zone for an unknown zone, and refuses a malformed day', () => {
    expect(zonedDayTime('2025-05-01', '00:00:00', 'Mars/Base')).toBe('2025-05-01T00:00:00+08:00');
    expect(zonedDayTime('1 May', '00:00:00', 'Asia/Hong_Kong')).toBeNull();
  });
});

describe('dayRangeBounds', () => {
  it('spans whole days, inclusive', () => {
    expect(dayRangeBounds('2025-05-01', '2025-05-03', 'Asia/Hong_Kong')).toEqual({
      from: '2025-05-01T00:00:00+08:00',
      to: '2025-05-03T23:59:59+08:00',
    });
  });

  it('leaves an empty side open', () => {
    expect(dayRangeBounds('', '2025-05-03', 'Asia/Hong_Kong')).toEqual({ from: undefined, to: '2025-05-03T23:59:59+08:00' });
    expect(dayRangeBounds('', '', null)).toEqual({ from: undefined, to: undefined });
  });

  it('refuses a start after the end', () => {
    expect(dayRangeBounds('2025-05-04', '2025-05-03', 'Asia/Hong_Kong')).toBeNull();
  });
});
