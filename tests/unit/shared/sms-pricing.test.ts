import { describe, expect, it } from 'vitest';
import { missingForTextSend } from '../../../shared/domain/campaign-readiness.js';
import { mmsComponentType, mmsMediaProblems } from '../../../shared/domain/mms-media.js';
import { DEFAULT_SMS_RATE, messageCredits, tallyCountryCost, type CountryCost } from '../../../shared/domain/sms-pricing.js';

describe('messageCredits', () => {
  it('charges an SMS its segments at the country rate, and unlisted countries the default rate', () => {
    expect(messageCredits('sms', 'HK', 1)).toBe(1);
    expect(messageCredits('sms', 'GB', 3)).toBe(9);
    expect(messageCredits('sms', 'XK', 2)).toBe(2 * DEFAULT_SMS_RATE);
    expect(messageCredits('sms', undefined, 1)).toBe(DEFAULT_SMS_RATE);
  });

  it('charges an MMS one message whatever its length, and refuses countries without MMS', () => {
    expect(messageCredits('mms', 'US', 7)).toBe(3);
    expect(messageCredits('mms', 'CA', 1)).toBe(3);
    expect(messageCredits('mms', 'HK', 1)).toBeNull();
    expect(messageCredits('mms', undefined, 1)).toBeNull();
  });
});

describe('tallyCountryCost', () => {
  it('adds recipients, credits and messages per country', () => {
    const tally = new Map<string, CountryCost>();
    tallyCountryCost(tally, 'HK', 2, 2);
    tallyCountryCost(tally, 'HK', 1, 1);
    tallyCountryCost(tally, 'US', 3, 1);
    expect([...tally.values()]).toEqual([
      { country: 'HK', recipients: 2, credits: 3, messages: 3 },
      { country: 'US', recipients: 1, credits: 3, messages: 1 },
    ]);
  });
});

describe('mmsMediaProblems', () => {
  it('accepts images up to 2 MB and other types up to 600 KB, and says what is wrong with the rest', () => {
    const problems = mmsMediaProblems([
      { filename: 'photo.jpg', size: 2 * 1024 * 1024, mimeType: 'image/jpeg' },
      { filename: 'big.png', size: 2 * 1024 * 1024 + 1, mimeType: 'image/png' },
      { filename: 'clip.mp4', size: 601 * 1024, mimeType: 'video/mp4' },
      { filename: 'song.mp3', size: 600 * 1024, mimeType: 'AUDIO/MPEG' },
      { filename: 'sheet.xlsx', size: 10, mimeType: 'application/vnd.ms-excel' },
    ]);
    expect(problems).toEqual([
      { index: 1, filename: 'big.png', problem: 'size', size: 2 * 1024 * 1024 + 1, maxBytes: 2 * 1024 * 1024 },
      { index: 2, filename: 'clip.mp4', problem: 'size', size: 601 * 1024, maxBytes: 600 * 1024 },
      { index: 4, filename: 'sheet.xlsx', problem: 'type', mimeType: 'application/vnd.ms-excel' },
    ]);
  });

  it('names the component type a media type travels as', () => {
    expect(mmsComponentType('image/gif')).toBe('image');
    expect(mmsComponentType('video/webm')).toBe('video');
    expect(mmsComponentType('audio/ogg')).toBe('audio');
    expect(mmsComponentType('application/pdf')).toBe('file');
    expect(mmsComponentType('text/html')).toBeNull();
  });
});

describe('missingForTextSend', () => {
  const selection = { includedGroup: ['g1'], includedCampaign: [] };

  it('needs recipients and a text; an MMS may carry media alone', () => {
    expect(missingForTextSend('sms', {})).toEqual(['recipients', 'content']);
    expect(missingForTextSend('sms', { pastedNumbers: ['91234567'], message: '  ' })).toEqual(['content']);
    expect(missingForTextSend('sms', { selection, message: 'Hi' })).toEqual([]);
    expect(missingForTextSend('sms', { selection, content: { components: [{}] } })).toEqual(['content']);
    expect(missingForTextSend('mms', { selection, content: { components: [{}] } })).toEqual([]);
  });
});
