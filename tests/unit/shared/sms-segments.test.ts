import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../../../shared/domain/sms-segments.js';

const GSM_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('SMS segments, GSM-7', () => {
  it('counts an empty text as no segment, with a whole message left', () => {
    expect(countSmsSegments('')).toEqual({
      encoding: 'GSM-7',
      characters: 0,
      units: 0,
      segments: 0,
      perSegment: 160,
      remainingInSegment: 160,
      nonGsmCharacters: [],
    });
  });

  it('keeps every character of the default alphabet at one septet', () => {
    const count = countSmsSegments(GSM_ALPHABET);
    expect(count).toMatchObject({ encoding: 'GSM-7', characters: 127, units: 127, segments: 1, remainingInSegment: 33 });
  });

  it('fits 160 septets in one message and cuts 161 into two parts of 153', () => {
    expect(countSmsSegments('a'.repeat(160))).toMatchObject({ segments: 1, perSegment: 160, remainingInSegment: 0 });
    expect(countSmsSegments('a'.repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153, remainingInSegment: 145 });
  });

  it('fills multipart segments with 153 septets each', () => {
    expect(countSmsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(countSmsSegments('a'.repeat(307))).toMatchObject({ segments: 3, remainingInSegment: 152 });
  });

  it('counts extension characters as two septets', () => {
    const count = countSmsSegments('^{}\\[~]|€\f');
    expect(count).toMatchObject({ encoding: 'GSM-7', characters: 10, units: 20, segments: 1, nonGsmCharacters: [] });
    // 159 + 2 septets no longer fit one message.
    expect(countSmsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  it('moves an extension character that would straddle a segment boundary whole to the next segment', () => {
    // Prepare: 152 septets, then € (2) would need septets 153 and 154.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;

    // Act
    const count = countSmsSegments(text);

    // Assess: 306 septets would fit two parts if the pair could be split; it cannot, so three.
    expect(count.units).toBe(306);
    expect(count).toMatchObject({ segments: 3, remainingInSegment: 152 });
  });
});

describe('SMS segments, UCS-2', () => {
  it('switches the whole message to UCS-2 and names the characters that forced it, once each', () => {
    const count = countSmsSegments('Hi “Ann”, see “this”');
    expect(count).toMatchObject({ encoding: 'UCS-2', characters: 20, units: 20, segments: 1, perSegment: 70, remainingInSegment: 50 });
    expect(count.nonGsmCharacters).toEqual(['“', '”']);
  });

  it('counts extension characters as one unit once the message is UCS-2', () => {
    expect(countSmsSegments('€ 你好')).toMatchObject({ encoding: 'UCS-2', units: 4, nonGsmCharacters: ['你', '好'] });
  });

  it('fits 70 units in one message and cuts 71 into parts of 67', () => {
    expect(countSmsSegments('你'.repeat(70))).toMatchObject({ segments: 1, remainingInSegment: 0 });
    expect(countSmsSegments('你'.repeat(71))).toMatchObject({ segments: 2, perSegment: 67, remainingInSegment: 63 });
    expect(countSmsSegments('你'.repeat(134))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(countSmsSegments('你'.repeat(135))).toMatchObject({ segments: 3 });
  });

  it('counts an emoji as one character of two units', () => {
    expect(countSmsSegments('Sale 🎉')).toMatchObject({ encoding: 'UCS-2', characters: 6, units: 7, nonGsmCharacters: ['🎉'] });
    expect(countSmsSegments('🎉'.repeat(35))).toMatchObject({ units: 70, segments: 1 });
    expect(countSmsSegments('🎉'.repeat(36))).toMatchObject({ units: 72, segments: 2 });
  });

  it('never splits a surrogate pair across segments', () => {
    // 66 units, then an emoji that would need units 67 and 68.
    const count = countSmsSegments(`${'你'.repeat(66)}🎉${'你'.repeat(66)}`);
    expect(count.units).toBe(134);
    expect(count).toMatchObject({ segments: 3, remainingInSegment: 66 });
  });
});
