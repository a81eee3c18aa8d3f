/**
 * Every locale namespace in all four languages, the web app's (web/src/locales) and those shared
 * with the server (shared/locales): same keys, no empty text, the same placeholders, and every
 * catalogue error code translated (style.md §13).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/constants.js';
import { BOUNCE_CODES } from '../../../shared/domain/campaign-engagement.js';
import { ERROR_CODES } from '../../../shared/errors.js';

const LOCALES = new URL('../../../web/src/locales/', import.meta.url);
const SHARED_LOCALES = new URL('../../../shared/locales/', import.meta.url);

function load(language: string, namespace: string, root = LOCALES): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, root), 'utf8')) as Record<string, string>;
}

function namespaces(language: string, root = LOCALES): string[] {
  return readdirSync(new URL(`${language}/`, root))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

/** Spec §8 codes beyond shared/errors.ts that the client must word. */
const SPEC_CODES = [
  'VALIDATE_API-EMAIL-VALIDATION',
  'IMPORT-UPLOAD-C-001',
  'IMPORT-UPLOAD-C-002',
  'STT-SMS-01',
  'TEA-TEA-C-007',
  'TEA-TEA-C-017',
  'TEA-TEA-C-018',
  'TPL-SAV-01',
  'TPL-SHR-01',
  'VAL-TPL-01',
  'STT-CHF-C-002',
  'STT-CHF-C-003',
  'STT-CHF-C-004',
  'EA-V-011',
  ...Array.from({ length: 8 }, (_, index) => `EA-V-0${12 + index}`),
  'ERROR_RECORD_NAME_EXISTS',
  'STT-NOT-C-009',
];

/** Spec §5: every rule with a message. */
const VALIDATION_RULES = [
  'after', 'before', 'alpha', 'alpha_dash', 'alpha_num', 'alpha_spaces', 'between', 'confirmed', 'credit_card',
  'date_between', 'date_format', 'decimal', 'digits', 'dimensions', 'email', 'excluded', 'included', 'ext', 'image',
  'integer', 'ip', 'ip_or_fqdn', 'length', 'max', 'min', 'max_value', 'min_value', 'mimes', 'numeric', 'regex',
  'required', 'required_if', 'size', 'url',
];

describe.each([
  { root: LOCALES, name: 'web/src/locales', expected: ['common', 'errors', 'validation', 'shell', 'dashboard', 'activity', 'contacts', 'groups', 'search'] },
  { root: SHARED_LOCALES, name: 'shared/locales', expected: ['notifications'] },
])('$name', ({ root, expected }) => {
  const english = namespaces('en', root);

  it('has the same namespace files in every language', () => {
    // Assess
    expect(english).toEqual(expect.arrayContaining(expected));
    for (const language of LANGUAGES) expect(namespaces(language, root), language).toEqual(english);
  });

  it('shares no namespace name with the other folder (the app loads both into one i18next instance)', () => {
    const other = root === LOCALES ? SHARED_LOCALES : LOCALES;
    expect(english.filter((namespace) => namespaces('en', other).includes(namespace))).toEqual([]);
  });

  describe.each(english)('%s.json', (namespace) => {
    const reference = load('en', namespace, root);

    it.each(LANGUAGES)('%s: same keys as English, none empty, same placeholders', (language) => {
      // Prepare
      const translated = load(language, namespace, root);

      // Assess
      expect(Object.keys(translated).sort()).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(translated)) {
        expect(text.trim(), `${language} ${namespace}:${key}`).not.toBe('');
        expect(placeholders(text), `${language} ${namespace}:${key}`).toEqual(placeholders(reference[key]));
      }
    });
  });
});

describe('locales', () => {
  it('translates every error code of shared/errors.ts and of spec §8', () => {
    for (const language of LANGUAGES) {
      const errors = load(language, 'errors');
      for (const code of [...Object.values(ERROR_CODES), ...SPEC_CODES]) expect(errors[code], `${language} ${code}`).toBeTruthy();
    }
  });

  it('words every validation rule of spec §5 with the field placeholder', () => {
    const validation = load('en', 'validation');
    for (const rule of VALIDATION_RULES) expect(placeholders(validation[rule] ?? ''), rule).toContain('field');
    expect(validation.required).toBe('{{field}} is required.');
    expect(validation.max).toBe('{{field}} may not be greater than {{n}} characters.');
  });

  it('uses regional wording: Simplified for zh-CN, Hong Kong and Taiwan terms in Traditional', () => {
    expect(load('zh-CN', 'shell')['user.logout']).toBe('退出登录');
    expect(load('zh-HK', 'shell')['user.logout']).toBe('登出');
    expect(load('zh-HK', 'dashboard')['credits.email']).toContain('電郵');
    expect(load('zh-TW', 'dashboard')['credits.email']).toContain('電子郵件');
    expect(load('zh-HK', 'dashboard')['credits.sms']).toContain('短訊');
    expect(load('zh-TW', 'dashboard')['credits.sms']).toContain('簡訊');
    expect(load('zh-HK', 'notifications', SHARED_LOCALES)['creditReady.email']).toContain('電郵');
    expect(load('zh-TW', 'notifications', SHARED_LOCALES)['creditReady.email']).toContain('電子郵件');
    expect(load('zh-HK', 'notifications', SHARED_LOCALES)['creditReady.sms']).toContain('短訊');
    expect(load('zh-TW', 'notifications', SHARED_LOCALES)['creditReady.sms']).toContain('簡訊');
  });

  it("words every bounce classification SES gives (each language has the same keys as English)", () => {
    const campaigns = load('en', 'campaigns');
    expect(BOUNCE_CODES.filter((code) => !campaigns[`report.bounceCode.${code}`])).toEqual([]);
  });
});
