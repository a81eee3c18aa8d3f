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
 * automaton (digit-automaton.ts) over the leading digits, and the verdict is cached only when, for
 * the rest of the length, every pattern either accepts whatever digits follow or cannot accept at
 * all (Georgia's vanity blocks, which look at the last digits, are never cached). The prefix rules
 * applied while parsing (national prefix, international dialling prefix, leading digits) must be
 * bounded and end-anchor free, and lie inside the cached head; North America's seven-digit local
 * dialling rules ($-anchored) keep its numbers out of the cache.
 */
import metadata from 'libphonenumber-js/metadata.max.json';
import { getCountryCallingCode, Metadata, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { mobileOfParsed, normalizeMobile, parseMobileInput } from '../../../../shared/domain/phone.js';
import { Automaton, parseRegex } from './digit-automaton.js';

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
