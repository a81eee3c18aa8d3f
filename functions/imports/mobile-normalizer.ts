/**
 * Mobile numbers of an import, normalised at file speed. libphonenumber takes some 6 µs a number
 * (parse, then type), a million-row file 6 s of it; the numbers of one file mostly share their
 * leading digits. A number's verdict is therefore cached under all but its last three digits
 * (and its length and country): "9123 4567" and "9123 4999" are both a valid HK mobile or both not.
 *
 * That holds only where the numbering plans cannot tell such numbers apart, which the plans'
 * own patterns show, so it is proved per calling code from libphonenumber's metadata rather than
 * assumed: every validity and type pattern of every country of the code must end in at least
 * three "any digit" places at the number's length (Georgia's vanity blocks, for one, do not), and every
 * prefix rule applied while parsing (national prefix, international dialling prefix, leading
 * digits) must be bounded and match inside the cached head, with no end anchor ($), as North
 * America's seven-digit local dialling rules have. Numbers of other codes are simply not cached.
 */
import metadata from 'libphonenumber-js/metadata.max.json';
import { Metadata, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { mobileOfParsed, normalizeMobile, parseMobileInput } from '../../shared/domain/phone.js';

/** Digits a cached verdict leaves open: every cached number shares all but these. */
const OPEN_DIGITS = 3;
/** Enough heads for any real file; past it the cache starts over rather than grow. */
const MAX_CACHED_HEADS = 200_000;
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'PERSONAL_NUMBER',
  'VOICEMAIL',
  'UAN',
  'PAGER',
  'VOIP',
  'SHARED_COST',
] as const;

/** A normaliser for one import: normalizeMobile's answers, cached where provably the same. */
export function createMobileNormalizer(): typeof normalizeMobile {
  const verdicts = new Map<string, string | null>();
  return (input, defaultCountry) => {
    const compact = compactNumber(input);
    if (compact === null || defaultCountry === undefined) return normalizeMobile(input, defaultCountry);
    const head = compact.slice(0, -OPEN_DIGITS);
    const tail = compact.slice(-OPEN_DIGITS);
    const key = `${defaultCountry}|${head}`;
    const cached = verdicts.get(key);
    if (cached !== undefined) return cached === null ? null : cached + tail;
    const parsed = parseMobileInput(input, defaultCountry);
    const e164 = parsed ? mobileOfParsed(parsed) : null;
    if (parsed && (e164 === null || e164.endsWith(tail)) && isCacheable(parsed, defaultCountry as CountryCode, head.length)) {
      if (verdicts.size >= MAX_CACHED_HEADS) verdicts.clear();
      verdicts.set(key, e164 === null ? null : e164.slice(0, -OPEN_DIGITS));
    }
    return e164;
  };
}

/** The number's digits with a leading + (00 read as +), or null for anything else (letters, extensions). */
function compactNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '').replace(/^00/, '+');
  return /^\+?\d{7,15}$/.test(compact) ? compact : null;
}

/** The rules of a numbering plan that parsing and validation apply (present at runtime; left out of libphonenumber's typings). */
interface PlanRules {
  IDDPrefix(): unknown;
  nationalPrefixForParsing(): unknown;
  leadingDigits(): unknown;
  nationalNumberPattern(): unknown;
  type(type: (typeof NUMBER_TYPES)[number]): { pattern(): unknown } | undefined;
}

/** Minimum head length (in the key's characters) from which verdicts may be cached, per calling code, default country and number length. */
const headLengthNeeded = new Map<string, number>();

function isCacheable(parsed: PhoneNumber, defaultCountry: CountryCode, headLength: number): boolean {
  const length = parsed.nationalNumber.length;
  const memo = `${parsed.countryCallingCode}|${defaultCountry}|${length}`;
  let needed = headLengthNeeded.get(memo);
  if (needed === undefined) {
    needed = cacheableFromHeadLength(parsed.countryCallingCode, defaultCountry, length);
    headLengthNeeded.set(memo, needed);
  }
  return headLength >= needed;
}

/**
 * The head length from which every rule libphonenumber applies to numbers of this calling code
 * (parsed with this default country) is decided by the head alone; Infinity when none is.
 */
export function cacheableFromHeadLength(callingCode: string, defaultCountry: CountryCode, nationalLength: number): number {
  const countries: string[] = metadata.country_calling_codes[callingCode] ?? [];
  if (countries.length === 0) return Infinity;
  const plans = new Metadata();
  const planOf = (country: CountryCode) => {
    plans.selectNumberingPlan(country);
    return plans.numberingPlan as unknown as PlanRules | undefined;
  };
  const prefixRules: unknown[] = [];
  const home = planOf(defaultCountry);
  prefixRules.push(home?.IDDPrefix(), home?.nationalPrefixForParsing());
  for (const country of countries) {
    const plan = planOf(country as CountryCode);
    if (!plan) return Infinity;
    const wholePatterns = [plan.nationalNumberPattern(), ...NUMBER_TYPES.map((type) => plan.type(type)?.pattern())];
    for (const pattern of wholePatterns) {
      if (typeof pattern === 'string' && pattern !== '' && freeTail(parseRegex(pattern), nationalLength) < OPEN_DIGITS) return Infinity;
    }
    prefixRules.push(plan.nationalPrefixForParsing(), plan.leadingDigits());
  }
  let needed = 0;
  for (const rule of prefixRules) {
    // An absent rule comes as undefined or 0.
    if (typeof rule !== 'string' || rule === '') continue;
    const length = maxLength(parseRegex(rule));
    // +1: the head holds a leading + the rules never see, or a digit more than the rule can reach.
    needed = Math.max(needed, length + 1);
  }
  return needed;
}

// ---------------------------------------------------------------------------------------------
// A reader for the small regular-expression dialect of libphonenumber's metadata: digits, \d,
// [classes], (groups), (?:groups), |, and the quantifiers ? * + {n} {n,} {n,m}, and $. Anything
// else makes the pattern unanalysable, which the analyses treat as "not cacheable".

type Item = { atom: 'anyDigit' | 'other' | Alternatives | 'end'; min: number; max: number };
type Alternatives = Item[][];

class UnknownSyntax extends Error {}

export function parseRegex(pattern: string): Alternatives | null {
  try {
    let position = 0;
    const alternatives = (): Alternatives => {
      const all: Alternatives = [[]];
      while (position < pattern.length && pattern[position] !== ')') {
        const char = pattern[position];
        if (char === '|') {
          all.push([]);
          position += 1;
          continue;
        }
        const item = atom();
        quantify(item);
        all[all.length - 1]!.push(digitRunOf(item) ?? item);
      }
      return all;
    };
    const atom = (): Item => {
      const char = pattern[position]!;
      if (char === '(') {
        position += pattern.startsWith('(?:', position) ? 3 : 1;
        const inner = alternatives();
        if (pattern[position] !== ')') throw new UnknownSyntax();
        position += 1;
        return { atom: inner, min: 1, max: 1 };
      }
      if (char === '[') {
        const end = pattern.indexOf(']', position);
        if (end < 0) throw new UnknownSyntax();
        const body = pattern.slice(position + 1, end);
        position = end + 1;
        return { atom: body === '0-9' ? 'anyDigit' : 'other', min: 1, max: 1 };
      }
      if (char === '\\') {
        const next = pattern[position + 1];
        position += 2;
        if (next === 'd') return { atom: 'anyDigit', min: 1, max: 1 };
        throw new UnknownSyntax();
      }
      if (char === '$') {
        position += 1;
        return { atom: 'end', min: 1, max: 1 };
      }
      if (/\d/.test(char)) {
        position += 1;
        return { atom: 'other', min: 1, max: 1 };
      }
      throw new UnknownSyntax();
    };
    const quantify = (item: Item) => {
      const char = pattern[position];
      if (char === '?') [item.min, item.max, position] = [0, 1, position + 1];
      else if (char === '*') [item.min, item.max, position] = [0, Infinity, position + 1];
      else if (char === '+') [item.min, item.max, position] = [1, Infinity, position + 1];
      else if (char === '{') {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(position));
        if (!match) throw new UnknownSyntax();
        item.min = Number(match[1]);
        item.max = match[2] === undefined ? item.min : match[3] === '' ? Infinity : Number(match[3]);
        position += match[0].length;
      }
    };
    const parsed = alternatives();
    if (position !== pattern.length) throw new UnknownSyntax();
    return parsed;
  } catch (error) {
    if (error instanceof UnknownSyntax) return null;
    throw error;
  }
}

/**
 * A group of nothing but any-digit places ("(?:\\d(?:\\d{2})?)?", 0 to 3 digits) as one run of
 * any digits. The run may admit lengths the group does not (1 to 3 for "(?:\\d|\\d{3})"), but its
 * least length is the group's, and only that is relied on.
 */
function digitRunOf(item: Item): Item | null {
  if (!Array.isArray(item.atom)) return null;
  if (!item.atom.every((sequence) => sequence.every((inner) => inner.atom === 'anyDigit'))) return null;
  const [min, max] = alternativesLengthRange(item.atom);
  return { atom: 'anyDigit', min: min * item.min, max: max * item.max };
}

/**
 * How many trailing digits of a whole-number match of this length the pattern leaves open (any
 * digit goes): the least over the alternatives that can match that length; Infinity when none can.
 */
export function freeTail(alternatives: Alternatives | null, length: number): number {
  if (alternatives === null) return 0;
  return Math.min(...alternatives.map((sequence) => sequenceFreeTail(sequence, length)));
}

function sequenceFreeTail(sequence: Item[], length: number): number {
  let start = sequence.length;
  let [runMin, runMax] = [0, 0];
  while (start > 0 && sequence[start - 1]!.atom === 'anyDigit') {
    start -= 1;
    runMin += sequence[start]!.min;
    runMax += sequence[start]!.max;
  }
  const before = sequence.slice(0, start);
  const [beforeMin, beforeMax] = lengthRange(before);
  if (length < beforeMin + runMin || length > beforeMax + runMax) return Infinity;
  const open = Math.max(runMin, length - beforeMax);
  // A group just before the run adds its own open places when the lengths around it are fixed.
  const group = before[start - 1];
  if (!group || !Array.isArray(group.atom) || group.min !== 1 || group.max !== 1) return open;
  const [restMin, restMax] = lengthRange(before.slice(0, start - 1));
  const runLength = runMin === runMax ? runMin : beforeMin === beforeMax ? length - beforeMax : null;
  if (restMin !== restMax || runLength === null) return open;
  return runLength + freeTail(group.atom, length - restMin - runLength);
}

function lengthRange(sequence: Item[]): [number, number] {
  return sequence.reduce<[number, number]>(([min, max], item) => {
    if (item.atom === 'end') return [min, max];
    const [oneMin, oneMax] = Array.isArray(item.atom) ? alternativesLengthRange(item.atom) : [1, 1];
    return [min + oneMin * item.min, max + oneMax * item.max];
  }, [0, 0]);
}

function alternativesLengthRange(alternatives: Alternatives): [number, number] {
  return alternatives.map(lengthRange).reduce(([a, b], [c, d]) => [Math.min(a, c), Math.max(b, d)], [Infinity, 0]);
}

/** The longest text a pattern can match from the start; Infinity when unbounded or anchored at the end. */
export function maxLength(alternatives: Alternatives | null): number {
  if (alternatives === null) return Infinity;
  return Math.max(...alternatives.map((sequence) => sequence.reduce((total, item) => {
    if (item.atom === 'end') return Infinity;
    const one = Array.isArray(item.atom) ? maxLength(item.atom) : 1;
    return total + one * item.max;
  }, 0)));
}
