/** Custom field values as the list and the profile show them (web/src/components/contacts/field-values.ts). */
import { describe, expect, it } from 'vitest';
import type { TFieldSchema } from '../../../../shared/schemas/contacts.js';
import { formatCalendarDay, formatFieldValue } from '../../../../web/src/components/contacts/field-values.js';

const field = (type: TFieldSchema['type'], choices: TFieldSchema['choices'] = []): TFieldSchema => ({ id: 'f9', name: 'Field', type, choices, createTime: '' });
const colours = field('multipleChoice', [
  { id: 'c1', label: 'Red' },
  { id: 'c2', label: 'Green' },
  { id: 'c3', label: 'Blue' },
]);

describe('formatFieldValue', () => {
  it('shows a date as the same calendar day whatever the time zone', () => {
    expect(formatCalendarDay('2025-03-01', 'en')).toBe('Mar 1, 2025');
    expect(formatCalendarDay('2025-03-01', 'zh-HK')).toBe('2025年3月1日');
    expect(formatFieldValue(field('date'), '2024-12-31', 'en')).toBe('Dec 31, 2024');
  });

  it('shows numbers in the UI language, keeping their decimals', () => {
    expect(formatFieldValue(field('number'), 12345.678, 'en')).toBe('12,345.678');
    expect(formatFieldValue(field('number'), 0, 'en')).toBe('0');
  });

  it('shows choices by label in the field’s order, leaving out removed ones', () => {
    expect(formatFieldValue(colours, ['c3', 'c1', 'gone'], 'en')).toBe('Red, Blue');
    expect(formatFieldValue(field('singleChoice', [{ id: 'c1', label: 'Gold' }]), 'c1', 'en')).toBe('Gold');
    expect(formatFieldValue(field('singleChoice', [{ id: 'c1', label: 'Gold' }]), 'c2', 'en')).toBe('');
  });

  it('shows nothing for a missing value', () => {
    expect(formatFieldValue(field('text'), undefined, 'en')).toBe('');
    expect(formatFieldValue(field('text'), null, 'en')).toBe('');
    expect(formatFieldValue(field('text'), 'Ada', 'en')).toBe('Ada');
  });
});
