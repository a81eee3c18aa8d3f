import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/constants.js';
import { badgeLabel } from '../../../web/src/format/count.js';
import { formatDate, formatDateTime, formatHongKongTime, resolveTimeZone } from '../../../web/src/format/date.js';
import { formatDelay, splitDelay } from '../../../web/src/format/delay.js';
import { formatFileSize, formatMegabytes } from '../../../web/src/format/file-size.js';
import { accessWording } from '../../../web/src/format/access.js';

// 2025-03-12 14:05 in Hong Kong (UTC+8).
const NOW = Date.parse('2025-03-12T06:05:00Z');

describe('formatDateTime', () => {
  it('shows relative time up to 3600 seconds, past and future', () => {
    expect(formatDateTime(NOW - 5 * MINUTE_MS, { locale: 'en', now: NOW })).toBe('5 minutes ago');
    expect(formatDateTime(NOW + 3 * MINUTE_MS, { locale: 'en', now: NOW })).toBe('in 3 minutes');
    expect(formatDateTime(NOW - 30_000, { locale: 'en', now: NOW })).toBe('30 seconds ago');
    expect(formatDateTime(NOW, { locale: 'en', now: NOW })).toBe('now');
    expect(formatDateTime(NOW - HOUR_MS, { locale: 'en', now: NOW })).toBe('60 minutes ago');
  });

  it('uses today, yesterday and tomorrow beyond an hour, in the user time zone', () => {
    const options = { locale: 'en', timeZone: 'Asia/Hong_Kong', now: NOW };
    expect(formatDateTime(NOW - 2 * HOUR_MS, options)).toBe('Today 12:05 PM');
    expect(formatDateTime(NOW - DAY_MS, options)).toBe('Yesterday 2:05 PM');
    expect(formatDateTime(NOW + DAY_MS, options)).toBe('Tomorrow 2:05 PM');
  });

  it('shows the date further away', () => {
    expect(formatDateTime(NOW - 3 * DAY_MS, { locale: 'en', timeZone: 'Asia/Hong_Kong', now: NOW })).toBe('Mar 9, 2025, 2:05 PM');
  });

  it('decides the day in the user zone, not the service zone', () => {
    // NOW is 14:05 on the 12th in Hong Kong but 23:05 on the 11th in Los Angeles (UTC-7).
    const options = { locale: 'en', timeZone: 'America/Los_Angeles', now: NOW };
    expect(formatDateTime(NOW - 2 * HOUR_MS, options)).toBe('Today 9:05 PM');
    expect(formatDateTime(NOW + 2 * HOUR_MS, options)).toBe('Tomorrow 1:05 AM');
    expect(formatDateTime(NOW - DAY_MS, options)).toBe('Yesterday 11:05 PM');
  });

  it('localises the words in the UI language', () => {
    expect(formatDateTime(NOW - 5 * MINUTE_MS, { locale: 'zh-CN', now: NOW })).toBe('5分钟前');
    expect(formatDateTime(NOW - DAY_MS, { locale: 'zh-CN', timeZone: 'Asia/Hong_Kong', now: NOW })).toBe('昨天 14:05');
    expect(formatDateTime(NOW - DAY_MS, { locale: 'zh-HK', timeZone: 'Asia/Hong_Kong', now: NOW })).toBe('昨日 下午2:05');
  });

  it('falls back to Asia/Hong_Kong for a missing or unknown zone', () => {
    expect(resolveTimeZone('Mars/Olympus')).toBe('Asia/Hong_Kong');
    expect(resolveTimeZone(null)).toBe('Asia/Hong_Kong');
    expect(resolveTimeZone('Europe/London')).toBe('Europe/London');
    expect(formatDateTime(NOW - 2 * HOUR_MS, { locale: 'en', timeZone: 'Mars/Olympus', now: NOW })).toBe('Today 12:05 PM');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatDateTime('not a date', { locale: 'en', now: NOW })).toBe('');
  });

  it('has a Hong Kong time variant marked HKT', () => {
    expect(formatHongKongTime(NOW - 3 * DAY_MS, { locale: 'en', now: NOW })).toBe('Mar 9, 2025, 2:05 PM HKT');
    expect(formatHongKongTime(NOW - 5 * MINUTE_MS, { locale: 'en', now: NOW })).toBe('5 minutes ago');
  });

  it('formats a bare date', () => {
    expect(formatDate(NOW, { locale: 'en', timeZone: 'Asia/Hong_Kong' })).toBe('Mar 12, 2025');
  });
});

describe('formatDelay', () => {
  it('splits days, hours and minutes', () => {
    expect(splitDelay(2 * DAY_MS + 3 * HOUR_MS + 15 * MINUTE_MS)).toEqual({ days: 2, hours: 3, minutes: 15 });
  });

  it('leaves out zero parts and localises units', () => {
    expect(formatDelay(2 * DAY_MS + 15 * MINUTE_MS, 'en')).toBe('2 days 15 min');
    expect(formatDelay(3 * HOUR_MS, 'en')).toBe('3 hr');
    expect(formatDelay(10_000, 'en')).toBe('0 min');
    expect(formatDelay(DAY_MS + HOUR_MS + MINUTE_MS, 'zh-CN')).toBe('1天 1小时 1分钟');
  });
});

describe('formatFileSize', () => {
  it('covers Byte to YB in steps of 1024', () => {
    expect(formatFileSize(0, 'en')).toBe('0 Bytes');
    expect(formatFileSize(1, 'en')).toBe('1 Byte');
    expect(formatFileSize(1023, 'en')).toBe('1,023 Bytes');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2, 'en')).toBe('5 MB');
    expect(formatFileSize(1.25 * 1024 ** 3, 'en')).toBe('1.25 GB');
    expect(formatFileSize(1024 ** 8, 'en')).toBe('1 YB');
    expect(formatFileSize(2048 * 1024 ** 8, 'en')).toBe('2,048 YB');
  });

  it('rejects nonsense and reads megabytes', () => {
    expect(formatFileSize(-1, 'en')).toBe('');
    expect(formatFileSize(Number.NaN, 'en')).toBe('');
    expect(formatMegabytes(1000, 'en')).toBe('1,000 MB');
    expect(formatMegabytes(2048, 'en')).toBe('2 GB');
    expect(formatMegabytes(0, 'en')).toBe('0 MB');
  });
});

describe('badgeLabel', () => {
  it('caps at 99+', () => {
    expect(badgeLabel(5, 99)).toBe('5');
    expect(badgeLabel(99, 99)).toBe('99');
    expect(badgeLabel(100, 99)).toBe('99+');
  });
});

describe('accessWording', () => {
  const flags = (read: boolean, write: boolean, execute: boolean) => ({ read, write, execute, delete: false });
  it('words the flags as spec §3 does', () => {
    expect(accessWording(flags(true, true, true))).toBe('viewEditExport');
    expect(accessWording(flags(true, true, false))).toBe('viewEdit');
    expect(accessWording(flags(true, false, true))).toBe('viewExport');
    expect(accessWording(flags(true, false, false))).toBe('viewOnly');
    expect(accessWording(flags(false, true, true))).toBe('none');
  });
});

describe('money in minor units', () => {
  it('scales by the currency’s decimals', async () => {
    const { formatMinorUnits } = await import('../../../web/src/format/money.js');
    expect(formatMinorUnits(12345, 'HKD', 'en')).toBe('HK$123.45');
    expect(formatMinorUnits(500, 'JPY', 'en')).toBe('¥500');
    // A currency charged in whole units (billing §5) shows none: NT$246, not NT$246.00.
    expect(formatMinorUnits(24_600, 'TWD', 'en', { allowDecimal: false })).toBe('NT$246');
  });
});
