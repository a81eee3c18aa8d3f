import { describe, expect, it } from 'vitest';
import { SMS_OPT_OUT_KEYWORDS, smsKeywordOf } from '../../../shared/domain/sms-keywords.js';

describe('smsKeywordOf', () => {
  it('reads every opt-out keyword, English and Chinese, as an opt-out', () => {
    // Act
    const kinds = SMS_OPT_OUT_KEYWORDS.map((keyword) => smsKeywordOf(keyword));
    // Assess
    expect(new Set(kinds)).toEqual(new Set(['optOut']));
    expect(['退订', '退訂', '取消訂閱', '取消订阅', 'td'].map(smsKeywordOf)).toEqual(['optOut', 'optOut', 'optOut', 'optOut', 'optOut']);
  });

  it('ignores case, spaces, hyphens, full-width letters and surrounding punctuation', () => {
    expect(['stop', ' Stop ', 's t o p', 'STOP.', 'Stop!!', 'ＳＴＯＰ', 'opt out', 'Opt-Out', 'stop all', '\tquit\n', ' 取消 订阅 。'].map(smsKeywordOf)).toEqual(
      Array(11).fill('optOut'),
    );
  });

  it('tells START and HELP apart from an opt-out', () => {
    expect(['START', 'start', 'Unstop', 'HELP', 'info?'].map(smsKeywordOf)).toEqual(['optIn', 'optIn', 'optIn', 'help', 'help']);
  });

  it('reads a sentence that only contains a keyword as no keyword', () => {
    expect(['stop sending me offers', 'Thanks!', 'STOPP', 'I want to cancel my order', ''].map(smsKeywordOf)).toEqual([null, null, null, null, null]);
  });
});
