import { describe, expect, it } from 'vitest';
import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { cacheableFromHeadLength, createMobileNormalizer, freeTail, maxLength, parseRegex } from '../../../functions/imports/mobile-normalizer.js';
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
    // Prepare: for each country, heads near its example mobile number, each with many tails, so
    // that cached verdicts are reused (Georgia's and Tokelau's plans tell numbers apart by their
    // last digits; a cache that assumed otherwise fails here).
    const next = random(7);
    const digit = () => String(Math.floor(next() * 10));
    const mismatches: string[] = [];
    let numbers = 0;
    for (const country of getCountries()) {
      const example = getExampleNumber(country, examples);
      if (!example) continue;
      const normalize = createMobileNormalizer();
      const national = example.nationalNumber;
      for (let h = 0; h < 24; h += 1) {
        const head = [...national].map((char, i) => (i < national.length - 3 && next() < 0.25 ? digit() : char)).join('').slice(0, -3);
        for (let t = 0; t < 8; t += 1) {
          const tail = digit() + digit() + digit();
          for (const input of [head + tail, `+${example.countryCallingCode} ${head}${tail}`, `00${example.countryCallingCode}${head}-${tail}`]) {
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

  it('proves a calling code cacheable from its plans, and refuses codes whose rules look at the last digits', () => {
    expect(cacheableFromHeadLength('852', 'HK', 8)).toBeLessThan(6);
    expect(cacheableFromHeadLength('86', 'CN', 11)).toBeLessThan(9);
    // Georgia's vanity mobile blocks, Tokelau's short numbers, North America's "$"-anchored local dialling.
    expect(cacheableFromHeadLength('995', 'GE', 9)).toBe(Infinity);
    expect(cacheableFromHeadLength('690', 'TK', 4)).toBe(Infinity);
    expect(cacheableFromHeadLength('1', 'US', 10)).toBe(Infinity);
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
  it('counts the any-digit places a whole-number pattern ends in', () => {
    expect(freeTail(parseRegex('(?:2[13-9]|3[1-9])\\d{6}'), 8)).toBe(6);
    // HK: the 8-digit alternatives leave 5 and 7 digits open; the 12-digit one cannot match 8.
    expect(freeTail(parseRegex('9\\d{4,7}|(?:[2-7]|9\\d{3})\\d{7}'), 8)).toBe(7);
    expect(freeTail(parseRegex('900(?:[0-24-9]\\d{7}|3\\d{1,4})'), 8)).toBe(4);
    expect(freeTail(parseRegex('900(?:[0-24-9]\\d{7}|3\\d{1,4})'), 6)).toBe(2);
    expect(freeTail(parseRegex('5(?:0555[5-9]|757\\d)\\d\\d'), 8)).toBe(2);
    expect(freeTail(parseRegex('6(?:1\\d|2[0-4])\\d{3}|7[0-9]'), 6)).toBe(3);
    expect(freeTail(parseRegex('6(?:1\\d|2[0-4])\\d{3}|7[0-9]'), 2)).toBe(1);
    expect(freeTail(parseRegex('4\\w+'), 8)).toBe(0);
  });

  it('bounds what a prefix rule can match, unbounded when anchored at the end or repeated freely', () => {
    expect(maxLength(parseRegex('00(?:30|5[09]|[126-9]?)'))).toBe(4);
    expect(maxLength(parseRegex('(1(?:[12]\\d|79)\\d\\d)|0'))).toBe(5);
    expect(maxLength(parseRegex('([2-9]\\d{6})$|1'))).toBe(Infinity);
    expect(maxLength(parseRegex('0\\d*'))).toBe(Infinity);
  });
});
