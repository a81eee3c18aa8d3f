import { describe, expect, it } from 'vitest';
import {
  checkTemplateContentSize,
  copyName,
  editLockStateOf,
  messageTextLimit,
  requireOwnEditLock,
  TEMPLATE_LIMITS,
  templateNameKey,
  templateSnippet,
  utf8Bytes,
  type EditLockHolder,
} from '../../../shared/domain/templates.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ZCreateTemplateRequest, ZTemplateListQuery } from '../../../shared/schemas/templates.js';

const codeOf = (work: () => unknown) => {
  try {
    work();
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('template names', () => {
  it('are the same name in any case, with surrounding spaces, in either Unicode form', () => {
    expect(templateNameKey('  Spring SALE ')).toBe('spring sale');
    expect(templateNameKey('Cafe\u0301')).toBe(templateNameKey('Caf\u00e9'));
  });

  it('name copies "Copy of X", then "Copy of X (n)", shortening X (never the number) to fit 100 characters', () => {
    expect(copyName('Promo', 1)).toBe('Copy of Promo');
    expect(copyName('Promo', 2)).toBe('Copy of Promo (2)');
    const long = copyName('x'.repeat(100), 12);
    expect(long).toHaveLength(TEMPLATE_LIMITS.nameLength);
    expect(long.endsWith('x (12)')).toBe(true);
    // A cut never splits an emoji's surrogate pair.
    expect(copyName('😀'.repeat(100), 1)).toBe(`Copy of ${'😀'.repeat(92)}`);
  });
});

describe('edit locks', () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const adas: EditLockHolder = { loginTuid: 'ada', name: 'Ada', expiresAt: now.getTime() + 1 };
  const lapsed: EditLockHolder = { ...adas, expiresAt: now.getTime() };

  it('count only until they expire', () => {
    expect(editLockStateOf(adas, 'ada', now)).toBe('mine');
    expect(editLockStateOf(adas, 'bob', now)).toBe('other');
    expect(editLockStateOf(lapsed, 'bob', now)).toBe('free');
    expect(editLockStateOf(null, 'bob', now)).toBe('free');
  });

  it('let only the holder save: others get Access Denied naming the editor, nobody else may save unlocked', () => {
    expect(codeOf(() => requireOwnEditLock(adas, 'ada', now))).toBe('accepted');
    expect(codeOf(() => requireOwnEditLock(adas, 'bob', now))).toBe(ERROR_CODES.BEING_MODIFIED);
    expect(codeOf(() => requireOwnEditLock(lapsed, 'ada', now))).toBe(ERROR_CODES.EDIT_LOCK_REQUIRED);
    try {
      requireOwnEditLock(adas, 'bob', now);
    } catch (error) {
      expect((error as { toBody(): unknown }).toBody()).toEqual({ statusCode: ERROR_CODES.BEING_MODIFIED, message: 'Ada is editing this template.', lockedBy: 'Ada' });
    }
  });
});

describe('template content', () => {
  it('caps the HTML and the whole stored content in UTF-8 bytes, not characters', () => {
    const html = (text: string) => ({ kind: 'email' as const, editor: 'code' as const, html: text, project: null });
    // 'é' is two bytes: half the cap in characters is the whole cap in bytes.
    expect(codeOf(() => checkTemplateContentSize(html('é'.repeat(TEMPLATE_LIMITS.htmlBytes / 2))))).toBe('accepted');
    expect(codeOf(() => checkTemplateContentSize(html(`${'é'.repeat(TEMPLATE_LIMITS.htmlBytes / 2)}x`)))).toBe(ERROR_CODES.TEMPLATE_TOO_LARGE);
    // The project's quotes are escaped when stored: 2 MiB of `"",` stores as 3.3 MiB.
    const quotes = `[${'"",'.repeat(Math.ceil((2 * 1024 * 1024) / 3))}""]`;
    expect(codeOf(() => checkTemplateContentSize({ ...html('<p>x</p>'), project: quotes }))).toBe(ERROR_CODES.TEMPLATE_TOO_LARGE);
    expect(codeOf(() => checkTemplateContentSize({ ...html('<p>x</p>'), project: quotes.slice(0, 1024 * 1024) + '""]' }))).toBe('accepted');
    expect(utf8Bytes('aé😀')).toBe(1 + 2 + 4);
  });

  it('shows message templates in lists by the start of their text', () => {
    expect(templateSnippet({ kind: 'sms', text: ' Hello\n\nthere ' })).toBe('Hello there');
    expect(templateSnippet({ kind: 'mms', subject: '', text: 'y'.repeat(500), media: [] })).toHaveLength(TEMPLATE_LIMITS.snippetLength);
    expect(templateSnippet({ kind: 'email', editor: 'code', html: '<p>x</p>', project: null })).toBeNull();
  });

  it('refuses unknown keys and a project that is not JSON, and defaults what MMS may leave out', () => {
    expect(ZCreateTemplateRequest.safeParse({ name: 'A', content: { kind: 'sms', text: 'x', subject: 'no' } }).success).toBe(false);
    expect(ZCreateTemplateRequest.safeParse({ name: 'A', content: { kind: 'email', editor: 'dragAndDrop', html: '', project: '{' } }).success).toBe(false);
    expect(ZCreateTemplateRequest.parse({ name: ' A ', content: { kind: 'mms', text: 'x' } })).toEqual({ name: 'A', content: { kind: 'mms', text: 'x', subject: '', media: [] } });
    expect(ZTemplateListQuery.safeParse({ cursor: '01arz3ndektsv4rrffq69g5fav' }).success).toBe(false);
  });
});

describe('message text limits', () => {
  it("keeps an MMS body, its subject line included, within End User Messaging's 1,600 characters", () => {
    expect(messageTextLimit('sms', '')).toBe(1600);
    expect(messageTextLimit('mms', '')).toBe(1600);
    // The subject leads the body on a line of its own.
    expect(messageTextLimit('mms', 'Sale today')).toBe(1600 - 'Sale today\n'.length);
    expect(ZCreateTemplateRequest.safeParse({ name: 'A', content: { kind: 'mms', text: 'm'.repeat(1601) } }).success).toBe(false);
  });
});
