import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../shared/constants.js';

function load(language: string): Record<string, string> {
  const url = new URL(`../../../../web/src/locales/${language}/auth.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, string>;
}

/** {{placeholders}} and <tags> a translation must keep. */
function slots(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((match) => match[0].replace(/\s/g, '')).sort();
}

describe('auth.json', () => {
  const english = load('en');

  it.each(LANGUAGES)('%s has the same keys as English, none empty, with the same placeholders', (language) => {
    const translated = load(language);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(translated)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(slots(text), `${language} ${key}`).toEqual(slots(english[key]));
    }
  });

  it('uses Traditional wording per region and Simplified for zh-CN', () => {
    expect(load('zh-CN')['signIn.title']).toBe('登录');
    expect(load('zh-HK')['signIn.title']).toBe('登入');
    expect(load('zh-TW')['signIn.title']).toBe('登入');
    expect(load('zh-HK')['fields.email']).toBe('電郵');
    expect(load('zh-TW')['fields.email']).toBe('電子郵件');
  });
});
