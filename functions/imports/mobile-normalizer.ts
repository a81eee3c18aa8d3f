/**
 * Mobile numbers of an import, normalised at file speed. libphonenumber takes 6–16 µs a number
 * (parse, then type): a million-row file spends seconds on it. But whether a number is a valid
 * mobile is decided by its leading digits for most plans: every Chinese number of 11 digits that
 * starts 138 is one, whatever its last eight. Once one number proves it, the verdict is cached
 * under those leading digits (with the length and the default country), and the next numbers
 * sharing them are answered from the cache, their E.164 form built from their own digits.
 *
 * "Decided by the leading digits" is proved from libphonenumber's own metadata, never assumed:
 * each validity and type pattern of every country of the number's calling code is run as an
 * automaton over the leading digits, and the verdict is cached only when, for the rest of the
 * length, every pattern either accepts whatever digits follow or cannot accept at all (Georgia's
 * vanity blocks, which look at the last digits, are never cached). The prefix rules applied while
 * parsing (national prefix, international dialling prefix, leading digits) must be bounded and
 * end-anchor free, and lie inside the cached head; North America's seven-digit local dialling
 * rules ($-anchored) keep its numbers out of the cache.
 */
import metadata from 'libphonenumber-js/metadata.max.json';
import { getCountryCallingCode, Metadata, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { mobileOfParsed, normalizeMobile, parseMobileInput } from '../../shared/domain/phone.js';

/** Enough heads for any real file; past it the cache starts over rather than grow. */
const MAX_CACHED_HEADS = 200_000;
/** Characters of a number that pick its hint: the head lengths its neighbours' verdicts are cached under. */
const HINT_CHARS = 5;
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

/** A cached verdict: the number's digits after `prefixLength` are its national number. */
type Verdict = { valid: boolean; callingCode: string; prefixLength: number };

/** A normaliser for one import: normalizeMobile's answers, cached where provably the same. */
export function createMobileNormalizer(): typeof normalizeMobile {
  const verdicts = new Map<string, Verdict>();
  const headLengths = new Map<string, number[]>();
  return (input, defaultCountry) => {
    const compact = compactNumber(input);
    if (compact === null || defaultCountry === undefined) return normalizeMobile(input, defaultCountry);
    const hintKey = `${defaultCountry}|${compact.length}|${compact.slice(0, HINT_CHARS)}`;
    const lengths = headLengths.get(hintKey) ?? [];
    for (const headLength of lengths) {
      const verdict = verdicts.get(`${defaultCountry}|${compact.length}|${compact.slice(0, headLength)}`);
      if (verdict) return verdict.valid ? `+${verdict.callingCode}${compact.slice(verdict.prefixLength)}` : null;
    }
    const parsed = parseMobileInput(input, defaultCountry);
    const e164 = parsed ? mobileOfParsed(parsed) : null;
    const head = parsed ? decidingHead(compact, parsed, defaultCountry as CountryCode) : null;
    if (!parsed || head === null || head >= compact.length) return e164;
    const prefixLength = compact.length - parsed.nationalNumber.length;
    if (verdicts.size >= MAX_CACHED_HEADS) verdicts.clear();
    verdicts.set(`${defaultCountry}|${compact.length}|${compact.slice(0, head)}`, { valid: e164 !== null, callingCode: parsed.countryCallingCode, prefixLength });
    if (!lengths.includes(head)) headLengths.set(hintKey, [...lengths, head].sort((a, b) => a - b));
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

/**
 * What parsing and validating a number of one country applies: its whole-number patterns, and the
 * prefix rules read from the start of its digits (national prefix, leading digits of a shared
 * calling code, the international dialling prefix of a number dialled at home). Null when a rule
 * cannot be analysed (an end anchor: North America's seven-digit local dialling).
 */
type CountryRules = { patterns: Automaton[]; nationalPrefix: Automaton | null; leadingDigits: Automaton | null; internationalPrefix: Automaton | null };

const countryRules = new Map<string, CountryRules | null>();

export function rulesOf(country: CountryCode): CountryRules | null {
  if (countryRules.has(country)) return countryRules.get(country)!;
  const plans = new Metadata();
  plans.selectNumberingPlan(country);
  const plan = plans.numberingPlan as unknown as PlanRules | undefined;
  let rules: CountryRules | null = null;
  if (plan) {
    // An absent rule comes as undefined, 0 or ''.
    const text = (rule: unknown) => (typeof rule === 'string' && rule !== '' ? rule : null);
    const automatonOf = (rule: unknown) => {
      const pattern = text(rule);
      return pattern === null ? null : (Automaton.of(parseRegex(pattern)) ?? undefined);
    };
    const patterns = [plan.nationalNumberPattern(), ...NUMBER_TYPES.map((type) => plan.type(type)?.pattern())].filter((pattern) => text(pattern) !== null).map(automatonOf);
    const [nationalPrefix, leadingDigits, internationalPrefix] = [plan.nationalPrefixForParsing(), plan.leadingDigits(), plan.IDDPrefix()].map(automatonOf);
    const all = [...patterns, nationalPrefix, leadingDigits, internationalPrefix];
    if (!all.includes(undefined)) rules = { patterns: patterns as Automaton[], nationalPrefix: nationalPrefix!, leadingDigits: leadingDigits!, internationalPrefix: internationalPrefix! };
  }
  countryRules.set(country, rules);
  return rules;
}

/**
 * How many leading characters of `compact` decide its verdict (and how it splits into a prefix
 * and a national number) for every number of its length that shares them; null when none short
 * of the whole number do. The number must split plainly: "+<calling code><national number>", or
 * dialled at home its national number as it is. libphonenumber strips a national prefix, or a
 * calling code dialled without +, only after checking the whole number's validity both ways, so
 * such numbers are never cached: every rule that could strip something must be settled as not
 * matching within the head.
 */
function decidingHead(compact: string, parsed: PhoneNumber, defaultCountry: CountryCode): number | null {
  const callingCode = parsed.countryCallingCode;
  const international = compact.startsWith('+');
  const prefixLength = international ? 1 + callingCode.length : 0;
  const national = compact.slice(prefixLength);
  if (national !== parsed.nationalNumber || (international && !compact.startsWith(`+${callingCode}`))) return null;
  const countries = (metadata.country_calling_codes[callingCode] ?? []) as CountryCode[];
  const home = rulesOf(defaultCountry);
  const codeRules = countries.map(rulesOf);
  if (!home || countries.length === 0 || codeRules.includes(null)) return null;
  let head = prefixLength;
  // Dialled at home: no international prefix, no calling code without +.
  if (!international) {
    const homeCode = getCountryCallingCode(defaultCountry);
    if (compact.startsWith(homeCode)) return null;
    head = Math.max(head, homeCode.length);
    const settled = home.internationalPrefix?.settle(compact);
    if (settled?.matched) return null;
    if (settled === null) return null;
    if (settled) head = Math.max(head, settled.digits);
  }
  for (const rules of [...(international ? [] : [home]), ...codeRules] as CountryRules[]) {
    const settledPrefix = rules.nationalPrefix?.settle(national);
    if (settledPrefix === null || settledPrefix?.matched) return null;
    if (settledPrefix) head = Math.max(head, prefixLength + settledPrefix.digits);
    const settledLeading = rules.leadingDigits?.settle(national);
    if (settledLeading === null) return null;
    if (settledLeading) head = Math.max(head, prefixLength + settledLeading.digits);
  }
  // The patterns of every country of the code, run over the national number's leading digits.
  const patterns = (codeRules as CountryRules[]).flatMap((rules) => rules.patterns);
  const states = patterns.map((pattern) => pattern.start());
  for (let digits = 1; digits < national.length; digits += 1) {
    const digit = national.charCodeAt(digits - 1) - 48;
    for (let p = 0; p < states.length; p += 1) states[p] = patterns[p]!.step(states[p]!, digit);
    if (patterns.every((pattern, p) => pattern.isDecided(states[p]!, national.length - digits))) return Math.max(head, prefixLength + digits);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// A reader for the small regular-expression dialect of libphonenumber's metadata: digits, \d,
// [digit classes], (groups), (?:groups), |, the quantifiers ? * + {n} {n,} {n,m}, and $ (which no
// automaton is built for). Anything else makes the pattern unanalysable: "not cacheable".

/** Digits an atom accepts, as bits 0–9. */
const ANY_DIGIT = 0x3ff;
type Item = { atom: number | Alternatives | 'end'; min: number; max: number };
type Alternatives = Item[][];

class UnknownSyntax extends Error {}

function classMask(body: string): number {
  let mask = 0;
  for (let i = 0; i < body.length; i += 1) {
    const from = body.charCodeAt(i) - 48;
    if (from < 0 || from > 9) throw new UnknownSyntax();
    if (body[i + 1] === '-') {
      const to = body.charCodeAt(i + 2) - 48;
      if (!(to >= from && to <= 9)) throw new UnknownSyntax();
      for (let d = from; d <= to; d += 1) mask |= 1 << d;
      i += 2;
    } else mask |= 1 << from;
  }
  return mask;
}

export function parseRegex(pattern: string): Alternatives | null {
  try {
    let position = 0;
    const alternatives = (): Alternatives => {
      const all: Alternatives = [[]];
      while (position < pattern.length && pattern[position] !== ')') {
        if (pattern[position] === '|') {
          all.push([]);
          position += 1;
          continue;
        }
        const item = atom();
        quantify(item);
        all[all.length - 1]!.push(item);
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
        const mask = classMask(pattern.slice(position + 1, end));
        position = end + 1;
        return { atom: mask, min: 1, max: 1 };
      }
      if (char === '\\') {
        const next = pattern[position + 1];
        position += 2;
        if (next === 'd') return { atom: ANY_DIGIT, min: 1, max: 1 };
        throw new UnknownSyntax();
      }
      if (char === '$') {
        position += 1;
        return { atom: 'end', min: 1, max: 1 };
      }
      if (/\d/.test(char)) {
        position += 1;
        return { atom: 1 << (char.charCodeAt(0) - 48), min: 1, max: 1 };
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

/** Longest rest of a number the automaton answers for (national numbers have at most 17 digits). */
const MAX_REST = 17;

/**
 * A whole-number pattern as a nondeterministic automaton over digits (Thompson's construction):
 * run over a number's leading digits, it tells whether the pattern accepts every possible rest of
 * a given length, none, or some only.
 */
export class Automaton {
  /** Digit transitions of each state: [mask, target] pairs. */
  private readonly moves: Array<Array<[number, number]>> = [];
  private readonly empties: number[][] = [];
  private accept = -1;
  /** closures[s]: the states reachable from s without reading a digit. */
  private closures: number[][] = [];
  /** someRest[r][s]: from s, some rest of r digits reaches acceptance; everyRest[r][s]: a rest of r any-digit moves does. */
  private someRest: Uint8Array[] = [];
  private everyRest: Uint8Array[] = [];

  static of(alternatives: Alternatives | null): Automaton | null {
    if (alternatives === null) return null;
    const automaton = new Automaton();
    const start = automaton.state();
    const end = automaton.buildAlternatives(alternatives, start);
    if (end === null) return null;
    automaton.accept = end;
    automaton.prepare();
    return automaton;
  }

  /** The set of states before any digit. */
  start(): number[] {
    return this.closures[0]!;
  }

  step(states: readonly number[], digit: number): number[] {
    const bit = 1 << digit;
    const next = new Set<number>();
    for (const state of states) {
      for (const [mask, target] of this.moves[state]!) if (mask & bit) for (const reached of this.closures[target]!) next.add(reached);
    }
    return [...next];
  }

  /**
   * Run as a prefix rule (matched from the start, not to the end) over `digits`: after how many
   * digits it has matched something, or can no longer match; null when neither within them.
   */
  settle(digits: string): { digits: number; matched: boolean } | null {
    let states = this.start();
    for (let i = 0; i < digits.length; i += 1) {
      states = this.step(states, digits.charCodeAt(i) - 48);
      if (states.includes(this.accept)) return { digits: i + 1, matched: true };
      if (states.length === 0) return { digits: i + 1, matched: false };
    }
    return null;
  }

  /** True when every rest of `rest` digits is accepted from these states, or none is. */
  isDecided(states: readonly number[], rest: number): boolean {
    if (rest > MAX_REST) return false;
    const every = this.everyRest[rest]!;
    const some = this.someRest[rest]!;
    return states.some((state) => every[state] === 1) || !states.some((state) => some[state] === 1);
  }

  private state(): number {
    this.moves.push([]);
    this.empties.push([]);
    return this.moves.length - 1;
  }

  /** Builds the alternatives from `from`; answers their common end state, or null ($ in a whole-number pattern). */
  private buildAlternatives(alternatives: Alternatives, from: number): number | null {
    const end = this.state();
    for (const sequence of alternatives) {
      let current = from;
      for (const item of sequence) {
        const next = this.buildItem(item, current);
        if (next === null) return null;
        current = next;
      }
      this.empties[current]!.push(end);
    }
    return end;
  }

  private buildOnce(item: Item, from: number): number | null {
    if (item.atom === 'end') return null;
    if (Array.isArray(item.atom)) return this.buildAlternatives(item.atom, from);
    const to = this.state();
    this.moves[from]!.push([item.atom, to]);
    return to;
  }

  private buildItem(item: Item, from: number): number | null {
    let current = from;
    for (let i = 0; i < item.min; i += 1) {
      const next = this.buildOnce(item, current);
      if (next === null) return null;
      current = next;
    }
    if (item.max === Infinity) {
      // A loop: the item again and again, or not at all.
      const loop = this.state();
      this.empties[current]!.push(loop);
      const back = this.buildOnce(item, loop);
      if (back === null) return null;
      this.empties[back]!.push(loop);
      return loop;
    }
    const end = this.state();
    this.empties[current]!.push(end);
    for (let i = item.min; i < item.max; i += 1) {
      const next = this.buildOnce(item, current);
      if (next === null) return null;
      this.empties[next]!.push(end);
      current = next;
    }
    return end;
  }

  private prepare(): void {
    const count = this.moves.length;
    this.closures = Array.from({ length: count }, (_, state) => {
      const seen = new Set([state]);
      const stack = [state];
      while (stack.length > 0) for (const next of this.empties[stack.pop()!]!) if (!seen.has(next)) (seen.add(next), stack.push(next));
      return [...seen];
    });
    const accepting = new Uint8Array(count);
    this.closures.forEach((closure, state) => {
      if (closure.includes(this.accept)) accepting[state] = 1;
    });
    this.someRest = [accepting];
    this.everyRest = [accepting];
    for (let rest = 1; rest <= MAX_REST; rest += 1) {
      const some = new Uint8Array(count);
      const every = new Uint8Array(count);
      const [someBefore, everyBefore] = [this.someRest[rest - 1]!, this.everyRest[rest - 1]!];
      for (let state = 0; state < count; state += 1) {
        for (const inner of this.closures[state]!) {
          for (const [mask, target] of this.moves[inner]!) {
            if (someBefore[target]) some[state] = 1;
            if (mask === ANY_DIGIT && everyBefore[target]) every[state] = 1;
          }
        }
      }
      this.someRest.push(some);
      this.everyRest.push(every);
    }
  }
}
