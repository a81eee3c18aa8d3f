import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, exportColumns, exportTimeFormatter } from '../../../shared/domain/contact-export.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import { guessColumnMapping } from '../../../shared/domain/import-mapping.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';

const FIELDS: TFieldSchema[] = [
  { id: 'f1', name: 'First Name', type: 'text', choices: [] },
  { id: 'f2', name: 'Last Name', type: 'text', choices: [] },
  { id: 'f3', name: '會員編號', type: 'number', choices: [] },
  { id: 'f4', name: 'Birthday', type: 'date', choices: [] },
  { id: 'f5', name: 'Tier', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }, { id: 'c2', label: '銀' }] },
  { id: 'f6', name: 'Tags', type: 'multipleChoice', choices: [{ id: 'c1', label: 'A' }, { id: 'c2', label: 'B' }] },
] as TFieldSchema[];

const CONTACT: ContactRecord = {
  id: 7,
  email: 'wong@example.com',
  mobile: '+85291234567',
  emailSubscribe: false,
  smsSubscribe: true,
  emailBounce: 'soft',
  smsBounce: 'none',
  fields: { f1: '大文', f3: 42, f4: '1990-02-03', f5: 'c2', f6: ['c1', 'c9'], gone: 'dropped field' },
  createTime: Date.UTC(2026, 0, 31, 16, 30, 5),
  updateTime: Date.UTC(2026, 1, 1, 0, 0, 0),
};

describe('export columns', () => {
  it('lists the addresses, every field in order, subscriptions, bounces and times', () => {
    expect(exportColumns(FIELDS, { timeZone: 'Asia/Hong_Kong' }).map((column) => column.header)).toEqual([
      'Email',
      'Mobile',
      'First Name',
      'Last Name',
      '會員編號',
      'Birthday',
      'Tier',
      'Tags',
      'Email Subscribe',
      'SMS Subscribe',
      'Email Bounce',
      'SMS Bounce',
      'Created Time',
      'Updated Time',
    ]);
  });

  it('writes values the way the importer reads them: yes/no, choice labels, numbers, dates, times in the zone', () => {
    // Act
    const cells = exportColumns(FIELDS, { timeZone: 'Asia/Hong_Kong' }).map((column) => column.value(CONTACT));

    // Assess: a choice that was deleted shows its id; a deleted field is not a column.
    expect(cells).toEqual(['wong@example.com', '+85291234567', '大文', null, 42, '1990-02-03', '銀', 'A; c9', 'no', 'yes', 'soft', 'none', '2026-02-01 00:30:05', '2026-02-01 08:00:00']);
  });

  it('leaves the status of a channel without an address empty', () => {
    const columns = exportColumns([], { timeZone: 'UTC' });
    const cells = columns.map((column) => column.value({ ...CONTACT, mobile: null }));
    expect(cells.slice(2, 6)).toEqual(['no', null, 'soft', null]);
  });

  it('formats times in any zone with a 24-hour clock', () => {
    expect(exportTimeFormatter('America/New_York')(Date.UTC(2026, 6, 4, 3, 4, 5))).toBe('2026-07-03 23:04:05');
    expect(exportTimeFormatter('Asia/Taipei')(Date.UTC(2026, 6, 4, 16, 0, 0))).toBe('2026-07-05 00:00:00');
  });

  it('has headers the importer’s guessed mapping reads back to the same targets', () => {
    // Act
    const headers = exportColumns(FIELDS, { timeZone: 'UTC' }).map((column) => column.header);
    const mapping = guessColumnMapping(headers, FIELDS);

    // Assess: the primary columns, every field, the subscriptions; bounces and times are not imported.
    expect(mapping).toEqual(['email', 'mobile', 'field:f1', 'field:f2', 'field:f3', 'field:f4', 'field:f5', 'field:f6', 'emailSubscribe', 'smsSubscribe', null, null, null, null]);
    expect(Object.values(EXPORT_HEADERS)).toHaveLength(8);
  });
});
