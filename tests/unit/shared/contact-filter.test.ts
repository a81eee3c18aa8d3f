import { describe, expect, it } from 'vitest';
import {
  checkConditions,
  compileConditions,
  compileQuickSearch,
  quickSearchIdentity,
  startOfZonedDay,
  type CompileContext,
} from '../../../shared/domain/contact-filter.js';
import { OPERATORS_BY_KIND } from '../../../shared/domain/condition-operators.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TConditionTree } from '../../../shared/schemas/contact-search.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';

const FIELDS: TFieldSchema[] = [
  { id: 'f1', name: 'First Name', type: 'text', choices: [], createTime: '' },
  { id: 'f3', name: 'Score', type: 'number', choices: [], createTime: '' },
  { id: 'f4', name: 'Tier', type: 'singleChoice', choices: [{ id: 'c1', label: 'Gold' }], createTime: '' },
  { id: 'f5', name: 'Tags', type: 'multipleChoice', choices: [{ id: 'c1', label: 'New' }, { id: 'c2', label: 'Old' }], createTime: '' },
  { id: 'f6', name: 'Birthday', type: 'date', choices: [], createTime: '' },
];

function contact(overrides: Partial<ContactRecord> = {}): ContactRecord {
  return {
    id: 1,
    email: 'ann@example.com',
    mobile: '+85291234567',
    emailSubscribe: true,
    smsSubscribe: true,
    emailBounce: 'none',
    smsBounce: 'none',
    fields: {},
    createTime: Date.parse('2026-03-01T10:00:00Z'),
    updateTime: Date.parse('2026-03-01T10:00:00Z'),
    ...overrides,
  };
}

const context: CompileContext = { memberOf: (id) => (c) => id === 'g1' && c.id === 1, timeZone: 'Asia/Hong_Kong' };
const compile = (tree: TConditionTree) => compileConditions(checkConditions(tree, { fields: FIELDS, hasGroup: (id) => id === 'g1' }), FIELDS, context);
const one = (field: string, operator: string, value?: string | number) => compile({ match: 'all', rules: [{ field, operator, value } as never] });

describe('conditions', () => {
  it('matches text case-insensitively and treats a missing value as not equal', () => {
    expect(one('email', 'contains', 'EXAMPLE')(contact())).toBe(true);
    expect(one('email', 'startsWith', 'bob')(contact())).toBe(false);
    expect(one('field:f1', 'notEquals', 'ann')(contact())).toBe(true);
    expect(one('field:f1', 'equals', 'ann')(contact({ fields: { f1: 'Ann' } }))).toBe(true);
    expect(one('email', 'isEmpty')(contact({ email: null }))).toBe(true);
  });

  it('compares mobile numbers by E.164 or by digits', () => {
    expect(one('mobile', 'equals', '+852 9123 4567')(contact())).toBe(true);
    expect(one('mobile', 'contains', '1234-567')(contact())).toBe(true);
    expect(one('mobile', 'startsWith', '852')(contact())).toBe(true);
  });

  it('reads subscription and bounces per channel, only where there is an address', () => {
    expect(one('email', 'unsubscribed')(contact({ emailSubscribe: false }))).toBe(true);
    expect(one('mobile', 'subscribed')(contact({ mobile: null }))).toBe(false);
    expect(one('email', 'bounced')(contact({ emailBounce: 'soft' }))).toBe(true);
    expect(one('email', 'notBounced')(contact({ emailBounce: 'hard' }))).toBe(false);
  });

  it('compares numbers, choices, multiple choices and custom dates', () => {
    const c = contact({ fields: { f3: 42, f4: 'c1', f5: ['c2'], f6: '1990-05-01' } });
    expect(one('field:f3', 'greaterThan', '41.5')(c)).toBe(true);
    expect(one('field:f3', 'lessThan', 42)(c)).toBe(false);
    expect(one('field:f3', 'greaterThan', 0)(contact())).toBe(false);
    expect(one('field:f4', 'equals', 'c1')(c)).toBe(true);
    expect(one('field:f5', 'contains', 'c1')(c)).toBe(false);
    expect(one('field:f5', 'notContains', 'c1')(c)).toBe(true);
    expect(one('field:f6', 'before', '1990-05-02')(c)).toBe(true);
    expect(one('field:f6', 'after', '1990-05-01')(c)).toBe(false);
    expect(one('field:f6', 'on', '1990-05-01')(c)).toBe(true);
  });

  it('reads createTime days in the account time zone', () => {
    // 2026-03-01T20:00Z is already 2 March in Hong Kong (UTC+8).
    const late = contact({ createTime: Date.parse('2026-03-01T20:00:00Z') });
    expect(one('createTime', 'on', '2026-03-02')(late)).toBe(true);
    expect(one('createTime', 'before', '2026-03-02')(late)).toBe(false);
    expect(one('createTime', 'after', '2026-03-01')(late)).toBe(true);
    expect(startOfZonedDay('2026-03-02', 'Asia/Hong_Kong')).toBe(Date.parse('2026-03-01T16:00:00Z'));
    expect(startOfZonedDay('2026-03-08', 'America/New_York')).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(startOfZonedDay('2026-03-09', 'America/New_York')).toBe(Date.parse('2026-03-09T04:00:00Z'));
  });

  it('combines AND and OR groups and group membership', () => {
    const tree: TConditionTree = {
      match: 'any',
      rules: [
        { match: 'all', rules: [{ field: 'email', operator: 'contains', value: 'zzz' }, { field: 'mobile', operator: 'isNotEmpty' }] },
        { field: 'group', operator: 'inGroup', value: 'g1' },
      ],
    };
    expect(compile(tree)(contact())).toBe(true);
    expect(compile(tree)(contact({ id: 2 }))).toBe(false);
  });

  it('refuses unknown fields, unfit operators, missing or mistyped values', () => {
    const codeOf = (field: string, operator: string, value?: string | number) => {
      try {
        one(field, operator, value);
        return 'accepted';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(codeOf('field:f9', 'equals', 'x')).toBe(ERROR_CODES.UNKNOWN_FIELD);
    expect(codeOf('field:f3', 'contains', '1')).toBe(ERROR_CODES.INVALID_CONDITION);
    expect(codeOf('field:f3', 'equals', 'abc')).toBe(ERROR_CODES.NOT_A_NUMBER);
    expect(codeOf('field:f4', 'equals', 'c9')).toBe(ERROR_CODES.INVALID_CHOICE);
    expect(codeOf('field:f6', 'on', '2026-02-30')).toBe(ERROR_CODES.INVALID_DATE);
    expect(codeOf('email', 'contains')).toBe(ERROR_CODES.INVALID_CONDITION);
    expect(codeOf('group', 'inGroup', 'g2')).toBe(ERROR_CODES.RECORD_NOT_FOUND);
  });

  it('offers every operator for some kind of field', () => {
    const offered = new Set(Object.values(OPERATORS_BY_KIND).flat());
    expect(offered.size).toBe(18);
  });
});

describe('quick search', () => {
  it('finds the text in the email, the mobile digits or a text field', () => {
    const search = (text: string) => compileQuickSearch(text, FIELDS, 'HK');
    expect(search('ANN@')(contact())).toBe(true);
    expect(search('9123 45')(contact())).toBe(true);
    expect(search('12')(contact())).toBe(false);
    expect(search('gold')(contact({ fields: { f1: 'Goldie' } }))).toBe(true);
  });

  it('selects only the holder of a whole address or number, as its lookup does', () => {
    const search = (text: string) => compileQuickSearch(text, FIELDS, 'HK');
    expect(search('Ann@Example.com')(contact())).toBe(true);
    expect(search('ann@example.com')(contact({ email: 'joann@example.com' }))).toBe(false);
    expect(search('ann@example.com')(contact({ email: null, fields: { f1: 'ann@example.com' } }))).toBe(false);
    expect(search('9123 4567')(contact())).toBe(true);
    expect(search('9123 4567')(contact({ mobile: '+8529123456789' }))).toBe(false);
  });

  it.each([
    // A whole address, as isValidEmail reads it: looked up lower-cased and trimmed.
    ['ann@example.com', 'HK', { email: 'ann@example.com' }],
    ['  Ann@Example.COM ', 'HK', { email: 'ann@example.com' }],
    ['ann.lee+news@mail.example.co.uk', 'HK', { email: 'ann.lee+news@mail.example.co.uk' }],
    // Parts of an address are searched for.
    ['ann@', 'HK', null],
    ['@example.com', 'HK', null],
    ['ann@example', 'HK', null],
    ['ann', 'HK', null],
    ['ann example.com', 'HK', null],
    // A whole mobile number in any usual writing, read in the account's country.
    ['+852 9123 4567', 'HK', { mobiles: ['+85291234567'] }],
    ['+852-9123-4567', 'HK', { mobiles: ['+85291234567'] }],
    ['00852 91234567', 'HK', { mobiles: ['+85291234567'] }],
    ['9123 4567', 'HK', { mobiles: ['+85291234567'] }],
    ['(0)20 7946 0018', 'GB', null],
    ['07911 123456', 'GB', { mobiles: ['+447911123456'] }],
    // National: the account's country first, then the service's, where imports put national numbers.
    ['9123 4567', 'SG', { mobiles: ['+6591234567', '+85291234567'] }],
    ['+65 9123 4567', 'SG', { mobiles: ['+6591234567'] }],
    // Not a whole mobile number: a part, a landline, letters, a bare number too short.
    ['9123 45', 'HK', null],
    ['2123 4567', 'HK', null],
    ['9123 4567 ext 2', 'HK', null],
    ['123', 'HK', null],
    ['', 'HK', null],
  ])('takes %j in %s as an exact identity: %j', (text, country, identity) => {
    expect(quickSearchIdentity(text, country)).toEqual(identity);
  });
});
