import { describe, expect, it } from 'vitest';
import { linkNotFoundPage, maskEmail, pageLanguage, unsubscribeQuestionPage } from '../../../functions/services/campaigns/tracking-pages.js';

describe('tracking pages', () => {
  it('masks an address, keeping its domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('ad***@example.com');
    expect(maskEmail('bob@example.com')).toBe('b***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
  });

  it("picks the page language from Accept-Language: traditional for HK, TW and Hant, simplified for other Chinese", () => {
    expect(pageLanguage('zh-HK,zh;q=0.9,en;q=0.8')).toBe('zh-HK');
    expect(pageLanguage('zh-Hant-TW')).toBe('zh-HK');
    expect(pageLanguage('zh-CN')).toBe('zh-CN');
    expect(pageLanguage('fr-FR,en;q=0.5')).toBe('en');
    expect(pageLanguage(undefined)).toBe('en');
  });

  it('escapes what it shows and runs nothing', () => {
    const page = unsubscribeQuestionPage({ language: 'en', email: '<b>"x"@example.com' });
    expect(page).not.toContain('<b>"x"');
    expect(page).not.toMatch(/<script/i);
    expect(linkNotFoundPage('zh-CN')).toContain('找不到链接');
  });
});
