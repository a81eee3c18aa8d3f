import { describe, expect, it } from 'vitest';
import { applyContactInput, checkFieldValue, contactLimitNoticesCrossed, isReachable, parseContactId, type ContactRecord } from '../../../shared/domain/contacts.js';
import { normalizeMobile } from '../../../shared/domain/phone.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';

const NUMBER: TFieldSchema = { id: 'f3', name: 'Score', type: 'number', choices: [], createTime: '' };
const TAGS: TFieldSchema = { id: 'f5', name: 'Tags', type: 'multipleChoice', choices: [{ id: 'c1', label: 'A' }, { id: 'c2', label: 'B' }], createTime: '' };

const codeOf = (work: () => unknown) => {
  try {
    work();
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('contact input', () => {
  it('normalises addresses to their identity forms and keeps what the input does not mention', () => {
    const created = applyContactInput({ current: null, input: { email: 'ann@example.com', mobile: '6123 4567', fields: { f3: '7' } }, fields: [NUMBER], defaultCountry: 'HK', now: 1 });
    const current: ContactRecord = { id: 5, ...created, emailBounce: 'hard' };
    const edited = applyContactInput({ current, input: { smsSubscribe: false }, fields: [NUMBER], now: 2 });
    const moved = applyContactInput({ current, input: { email: 'new@example.com' }, fields: [NUMBER], now: 3 });
    expect(created).toMatchObject({ email: 'ann@example.com', mobile: '+85261234567', fields: { f3: 7 }, emailSubscribe: true, createTime: 1 });
    expect(edited).toMatchObject({ email: 'ann@example.com', smsSubscribe: false, emailBounce: 'hard', createTime: 1, updateTime: 2 });
    // A new address has no bounce history.
    expect(moved.emailBounce).toBe('none');
  });

  it('refuses contacts without an address, invalid numbers and oversize contacts', () => {
    expect(codeOf(() => applyContactInput({ current: null, input: {}, fields: [], now: 1 }))).toBe(ERROR_CODES.CONTACT_NO_ADDRESS);
    expect(codeOf(() => applyContactInput({ current: null, input: { mobile: '12' }, fields: [], now: 1 }))).toBe(ERROR_CODES.INVALID_PHONE);
    const text: TFieldSchema = { id: 'f1', name: 'Note', type: 'text', choices: [], createTime: '' };
    const many = Array.from({ length: 20 }, (_, i) => ({ ...text, id: `f${i + 10}` }));
    const big = Object.fromEntries(many.map((field) => [field.id, 'x'.repeat(255)]));
    expect(codeOf(() => applyContactInput({ current: null, input: { email: 'a@b.co', fields: big }, fields: many, now: 1 }))).toBe(ERROR_CODES.CONTACT_TOO_LARGE);
  });

  it('checks values against their field type', () => {
    expect(checkFieldValue(NUMBER, ' 12.5 ')).toBe(12.5);
    expect(codeOf(() => checkFieldValue(NUMBER, 'twelve'))).toBe(ERROR_CODES.NOT_A_NUMBER);
    expect(checkFieldValue(TAGS, ['c2', 'c1', 'c2'])).toEqual(['c2', 'c1']);
    expect(codeOf(() => checkFieldValue(TAGS, 'c1'))).toBe(ERROR_CODES.INVALID_CHOICE);
    expect(codeOf(() => checkFieldValue({ ...TAGS, choices: [] }, ['c1']))).toBe(ERROR_CODES.NO_CHOICES);
    expect(checkFieldValue(NUMBER, '')).toBeNull();
    // Imports reach this rule without the API's schema: text is capped here too.
    expect(codeOf(() => checkFieldValue({ ...NUMBER, type: 'text' }, 'x'.repeat(256)))).toBe(ERROR_CODES.INVALID_INPUT);
  });
});

describe('contact rules', () => {
  it('reaches a contact only with an address, subscribed and not hard-bounced', () => {
    const base: ContactRecord = { id: 1, email: 'a@b.co', mobile: null, emailSubscribe: true, smsSubscribe: true, emailBounce: 'soft', smsBounce: 'none', fields: {}, createTime: 0, updateTime: 0 };
    expect(isReachable(base, 'email')).toBe(true);
    expect(isReachable({ ...base, emailBounce: 'hard' }, 'email')).toBe(false);
    expect(isReachable({ ...base, emailSubscribe: false }, 'email')).toBe(false);
    expect(isReachable(base, 'sms')).toBe(false);
  });

  it.each([
    { before: 0, after: 749, crossed: [] },
    { before: 749, after: 750, crossed: [75] },
    { before: 750, after: 751, crossed: [] },
    { before: 999, after: 1000, crossed: [100] },
    { before: 700, after: 1000, crossed: [75, 100] },
    { before: 0, after: 2000, crossed: [75, 100] },
    { before: 750, after: 1000, crossed: [100] },
    { before: 1000, after: 1000, crossed: [] },
    { before: 1000, after: 500, crossed: [] },
    { before: 749, after: 749, crossed: [] },
  ])('a count going from $before to $after crosses the notices $crossed of a limit of 1,000', ({ before, after, crossed }) => {
    expect(contactLimitNoticesCrossed(before, after, 1000)).toEqual(crossed);
  });

  it('puts a threshold that is not a whole count at the next whole count', () => {
    // 75% of 10 is 7.5: the eighth contact crosses it, the seventh does not.
    expect([contactLimitNoticesCrossed(6, 7, 10), contactLimitNoticesCrossed(7, 8, 10)]).toEqual([[], [75]]);
  });

  it('reads contact ids as positive account numbers only', () => {
    expect(parseContactId('42')).toBe(42);
    expect(['0', '-1', '1e3', 'abc', '01', ''].map(parseContactId)).toEqual([null, null, null, null, null, null]);
  });

  it('normalises mobile numbers to E.164 and refuses landlines', () => {
    expect(normalizeMobile('9123 4567', 'HK')).toBe('+85291234567');
    expect(normalizeMobile('0085291234567')).toBe('+85291234567');
    expect(normalizeMobile('2123 4567', 'HK')).toBeNull();
    expect(normalizeMobile('13800138000', 'CN')).toBe('+8613800138000');
  });
});
