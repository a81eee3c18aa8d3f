import { describe, expect, it } from 'vitest';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { Automaton, parseRegex } from '../../../functions/lib/files/import/digit-automaton.js';
import { createMobileNormalizer, rulesOf } from '../../../functions/lib/files/import/mobile-normalizer.js';
import { normalizeMobile } from '../../../shared/domain/phone.js';

/** A deterministic pseudo-random stream. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('the per-import mobile normaliser', () => {
  it('answers exactly as normalizeMobile for numbers of every country, national and international', () => {
    // Prepare: for each country, numbers near its example mobile number: a leading part (some
    // digits changed) and random rests of every length, national, international and with a national
    // prefix, so that cached verdicts are reused across numbers that differ in any later digit
    // (Georgia's vanity blocks, for one, are told apart by their last digits).
    const next = random(7);
    const digit = () => String(Math.floor(next() * 10));
    const mismatches: string[] = [];
    let numbers = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      const normalize = createMobileNormalizer();
      const national = example.nationalNumber;
      for (let h = 0; h < 16; h += 1) {
        const kept = 1 + Math.floor(next() * (national.length - 1));
        const lead = [...national.slice(0, kept)].map((char) => (next() < 0.15 ? digit() : char)).join('');
        for (let t = 0; t < 10; t += 1) {
          const rest = Array.from({ length: national.length - kept + (t === 9 ? 1 : 0) }, digit).join('');
          const number = lead + rest;
          for (const input of [number, `0${number}`, `+${example.countryCallingCode} ${number}`, `00${example.countryCallingCode}${number}`, `${example.countryCallingCode}${number}`]) {
            numbers += 1;
            const expected = normalizeMobile(input, country);
            if (normalize(input, country) !== expected) mismatches.push(`${country} ${input}`);
          }
        }
      }
    }

    // Assess
    expect(numbers).toBeGreaterThan(100_000);
    expect(mismatches).toEqual([]);
  }, 60_000);

  it('reads each country\'s plan, and refuses one whose prefix rules look at the whole number', () => {
    expect(rulesOf('HK')?.patterns.length).toBeGreaterThan(3);
    expect(rulesOf('CN')?.nationalPrefix).not.toBeNull();
    // "$"-anchored seven-digit local dialling (Antigua, on North America's +1).
    expect(rulesOf('AG')).toBeNull();
  });

  it('leaves letters, extensions and odd lengths to the full parser', () => {
    const normalize = createMobileNormalizer();
    for (const input of ['9123 4567', '9123 4568', '+852 9123 4569 ext. 12', 'call 91234567', '912', '', '2123 4567', '+852 9123 4570']) {
      expect(normalize(input, 'HK')).toBe(normalizeMobile(input, 'HK'));
    }
    // One normaliser serves numbers of several default countries without mixing their verdicts.
    expect([normalize('9123 4567', 'HK'), normalize('9123 4567', 'SG'), normalize('9123 4567', undefined)]).toEqual(
      [normalizeMobile('9123 4567', 'HK'), normalizeMobile('9123 4567', 'SG'), null],
    );
  });
});

describe('the metadata pattern reader', () => {
  /** Whether the pattern's verdict on numbers of `length` digits is settled by `head`. */
  const decided = (pattern: string, head: string, length: number) => {
    const automaton = Automaton.of(parseRegex(pattern))!;
    const states = [...head].reduce((current, digit) => automaton.step(current, Number(digit)), automaton.start());
    return automaton.isDecided(states, length - head.length);
  };

  it('settles a verdict by the leading digits where the rest is any digits, or cannot match', () => {
    // China's mobiles: 138 and then any eight digits.
    expect(decided('1(?:3\\d|4[5-9]|5[0-35-9])\\d{8}', '138', 11)).toBe(true);
    // Not a mobile prefix: nothing after it can match.
    expect(decided('1(?:3\\d|4[5-9]|5[0-35-9])\\d{8}', '12', 11)).toBe(true);
    // Georgia's vanity blocks: the last digits decide.
    expect(decided('5(?:0555[5-9]|757\\d)\\d\\d', '5055', 8)).toBe(false);
    expect(decided('5(?:0555[5-9]|757\\d)\\d\\d', '50555', 8)).toBe(false);
    expect(decided('5(?:0555[5-9]|757\\d)\\d\\d', '505557', 8)).toBe(true);
    // Optional and repeated parts.
    expect(decided('9\\d{4,7}|(?:[2-7]|9\\d{3})\\d{7}', '91', 8)).toBe(true);
    expect(decided('5\\d{3}(?:\\d(?:\\d{2})?)?', '5', 6)).toBe(true);
    expect(decided('5\\d{3}(?:\\d(?:\\d{2})?)?', '5', 7)).toBe(true);
  });

  it('settles a prefix rule once it has matched or can no longer match', () => {
    const chinaPrefix = Automaton.of(parseRegex('(1(?:[12]\\d|79)\\d\\d)|0'))!;
    expect(chinaPrefix.settle('13812345678')).toEqual({ digits: 2, matched: false });
    expect(chinaPrefix.settle('12593123')).toEqual({ digits: 5, matched: true });
    expect(chinaPrefix.settle('0138')).toEqual({ digits: 1, matched: true });
    expect(chinaPrefix.settle('1')).toBeNull();
    expect(Automaton.of(parseRegex('([2-9]\\d{6})$|1'))).toBeNull();
  });

  it('refuses what it cannot read', () => {
    expect(parseRegex('4\\w+')).toBeNull();
    expect(parseRegex('[a-c]')).toBeNull();
  });
});
