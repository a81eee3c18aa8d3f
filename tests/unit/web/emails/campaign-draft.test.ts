/**
 * The wizard's local draft (spec §3 "Local storage items": deep-merged, arrays replaced) and its
 * schedule times (entered in the user's zone, stored as instants).
 */
import { describe, expect, it } from 'vitest';
import { deepMerge } from '../../../../web/src/components/campaign-wizard/draft-storage.js';
import { instantInZone, localInputInZone } from '../../../../web/src/components/campaign-wizard/schedule-time.js';

describe('deepMerge', () => {
  it('merges objects key by key and replaces arrays', () => {
    // Prepare
    const stored = { subject: 'Old', selection: { includedGroup: ['a', 'b'], excludedGroup: ['x'] } };

    // Act
    const merged = deepMerge<Record<string, unknown>>(stored, { selection: { includedGroup: ['c'] }, senderName: 'Shop' });

    // Assess
    expect(merged).toEqual({ subject: 'Old', senderName: 'Shop', selection: { includedGroup: ['c'], excludedGroup: ['x'] } });
    expect(stored.selection.includedGroup).toEqual(['a', 'b']);
  });

  it('keeps what an undefined value would erase', () => {
    expect(deepMerge<Record<string, unknown>>({ subject: 'Kept' }, { subject: undefined })).toEqual({ subject: 'Kept' });
  });
});

describe('schedule times', () => {
  it('reads a local time in the given zone, daylight saving included', () => {
    expect(instantInZone('2026-05-01T09:30', 'Asia/Hong_Kong')?.toISOString()).toBe('2026-05-01T01:30:00.000Z');
    expect(instantInZone('2026-07-01T09:30', 'Europe/London')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(instantInZone('2026-01-15T09:30', 'America/New_York')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(instantInZone('', 'Asia/Hong_Kong')).toBeNull();
  });

  it('shows an instant as the zone\'s local time', () => {
    expect(localInputInZone(new Date('2026-05-01T01:30:00Z'), 'Asia/Hong_Kong')).toBe('2026-05-01T09:30');
    expect(localInputInZone(new Date('2026-07-01T08:30:00Z'), 'Europe/London')).toBe('2026-07-01T09:30');
  });
});
