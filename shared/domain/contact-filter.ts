/**
 * Advanced-search conditions: which operators fit which field, how a condition tree is checked
 * against the account's fields and groups, and how it becomes one predicate over contacts. The
 * search page, auto-update groups and recipient resolution all evaluate the same predicate.
 */
import { AppError, ERROR_CODES } from '../errors.js';
import type { ConditionOperator, TCondition, TConditionTree } from '../schemas/contact-search.js';
import type { TFieldSchema } from '../schemas/contacts.js';

import { CHANNEL_OPERATORS, fieldKindOf, OPERATORS_BY_KIND, VALUELESS_OPERATORS } from './condition-operators.js';
import { isCalendarDate, type ContactRecord } from './contacts.js';
import { isValidEmail, normalizeEmail } from './email.js';
import { DEFAULT_MOBILE_COUNTRY, normalizeMobile } from './phone.js';

function conditionsOf(tree: TConditionTree): TCondition[] {
  return tree.rules.flatMap((rule) => ('rules' in rule ? rule.rules : [rule]));
}

/** Fields the tree reads, as condition fields (`email`, `field:f3`, ...). */
export function conditionFields(tree: TConditionTree): string[] {
  return [...new Set(conditionsOf(tree).map((rule) => rule.field))];
}

/** Group ids the tree refers to (inGroup / notInGroup). */
export function referencedGroupIds(tree: TConditionTree): string[] {
  return [...new Set(conditionsOf(tree).filter((rule) => rule.field === 'group').map((rule) => String(rule.value)))];
}

function invalid(condition: TCondition, why: string): AppError {
  return new AppError(ERROR_CODES.INVALID_CONDITION, `${condition.field} ${condition.operator}: ${why}`);
}

/**
 * Checks every condition against the account's fields and groups: the field exists, the operator
 * fits it, and the value is there and of the field's kind. Numeric text becomes a number.
 */
export function checkConditions(tree: TConditionTree, context: { fields: readonly TFieldSchema[]; hasGroup(id: string): boolean }): TConditionTree {
  const checkOne = (condition: TCondition): TCondition => {
    const kind = fieldKindOf(condition.field, context.fields);
    if (kind === null) throw new AppError(ERROR_CODES.UNKNOWN_FIELD, `There is no field '${condition.field}'.`);
    if (!OPERATORS_BY_KIND[kind].includes(condition.operator)) throw invalid(condition, `not an operator of a ${kind} field`);
    if (VALUELESS_OPERATORS.has(condition.operator)) return { field: condition.field, operator: condition.operator };
    const value = condition.value;
    if (value === undefined || value === '') throw invalid(condition, 'a value is required');
    switch (kind) {
      case 'number': {
        const number = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(number) || String(value).trim() === '') throw new AppError(ERROR_CODES.NOT_A_NUMBER, 'Must be a number.');
        return { ...condition, value: number };
      }
      case 'date':
      case 'timestamp':
        if (typeof value !== 'string' || !isCalendarDate(value)) throw new AppError(ERROR_CODES.INVALID_DATE, `${condition.field}: a date (YYYY-MM-DD) expected`);
        return condition;
      case 'singleChoice':
      case 'multipleChoice': {
        const field = context.fields.find((candidate) => `field:${candidate.id}` === condition.field);
        if (!field?.choices.some((choice) => choice.id === value)) throw new AppError(ERROR_CODES.INVALID_CHOICE, `${condition.field}: '${String(value)}' is not one of its choices`);
        return condition;
      }
      case 'group':
        if (typeof value !== 'string' || !context.hasGroup(value)) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no group '${String(value)}'.`);
        return condition;
      default:
        return { ...condition, value: String(value) };
    }
  };
  return {
    match: tree.match,
    rules: tree.rules.map((rule) => ('rules' in rule ? { match: rule.match, rules: rule.rules.map(checkOne) } : checkOne(rule))),
  };
}

export type ContactPredicate = (contact: ContactRecord) => boolean;

export type CompileContext = {
  /** Membership test of a group the tree refers to (snapshot set, auto-update conditions or a system list). */
  memberOf(groupId: string): ContactPredicate;
  /** Dates in conditions on createTime/updateTime are days in this time zone. */
  timeZone: string;
};

/** Milliseconds between UTC and the zone's wall clock at `at`. */
function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day starts in a time zone. */
export function startOfZonedDay(day: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // A second pass settles days whose offset differs from the guess's (daylight-saving changes).
  return midnightUtc - zoneOffsetMs(guess, timeZone);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

function textPredicate(read: (c: ContactRecord) => string | null, operator: ConditionOperator, value: string): ContactPredicate {
  const wanted = value.toLowerCase();
  const lower = (c: ContactRecord) => read(c)?.toLowerCase() ?? null;
  switch (operator) {
    case 'equals':
      return (c) => lower(c) === wanted;
    case 'notEquals':
      return (c) => lower(c) !== wanted;
    case 'contains':
      return (c) => lower(c)?.includes(wanted) ?? false;
    case 'notContains':
      return (c) => !(lower(c)?.includes(wanted) ?? false);
    case 'startsWith':
      return (c) => lower(c)?.startsWith(wanted) ?? false;
    default:
      throw new AppError(ERROR_CODES.INVALID_CONDITION, `${operator} does not apply to text`);
  }
}

function mobilePredicate(operator: ConditionOperator, value: string): ContactPredicate {
  // Numbers compare by their E.164 form when the value is a whole number, else by digits.
  const whole = operator === 'equals' || operator === 'notEquals' ? normalizeMobile(value) : null;
  if (whole !== null) return operator === 'equals' ? (c) => c.mobile === whole : (c) => c.mobile !== whole;
  const digits = digitsOf(value);
  if (digits === '') return textPredicate((c) => c.mobile, operator, value);
  return textPredicate((c) => (c.mobile === null ? null : digitsOf(c.mobile)), operator, operator === 'startsWith' ? digits.replace(/^0+/, '') : digits);
}

function channelPredicate(channel: 'email' | 'sms', operator: ConditionOperator): ContactPredicate {
  const subscribed = (c: ContactRecord) => (channel === 'email' ? c.emailSubscribe : c.smsSubscribe);
  const bounce = (c: ContactRecord) => (channel === 'email' ? c.emailBounce : c.smsBounce);
  const present = (c: ContactRecord) => (channel === 'email' ? c.email : c.mobile) !== null;
  switch (operator) {
    case 'subscribed':
      return (c) => present(c) && subscribed(c);
    case 'unsubscribed':
      return (c) => present(c) && !subscribed(c);
    case 'bounced':
      return (c) => present(c) && bounce(c) !== 'none';
    default:
      return (c) => present(c) && bounce(c) === 'none';
  }
}

function emptinessPredicate(read: (c: ContactRecord) => unknown, operator: ConditionOperator): ContactPredicate {
  const isEmpty = (c: ContactRecord) => {
    const value = read(c);
    return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
  };
  return operator === 'isEmpty' ? isEmpty : (c) => !isEmpty(c);
}

function conditionPredicate(condition: TCondition, fields: readonly TFieldSchema[], context: CompileContext): ContactPredicate {
  const { field, operator, value } = condition;
  const kind = fieldKindOf(field, fields);
  if (kind === null) throw new AppError(ERROR_CODES.UNKNOWN_FIELD, `There is no field '${field}'.`);
  if (kind === 'group') {
    const member = context.memberOf(String(value));
    return operator === 'inGroup' ? member : (c) => !member(c);
  }
  if (kind === 'timestamp') {
    const read = (c: ContactRecord) => (field === 'createTime' ? c.createTime : c.updateTime);
    const dayStart = startOfZonedDay(String(value), context.timeZone);
    const dayEnd = startOfZonedDay(nextDay(String(value)), context.timeZone);
    if (operator === 'before') return (c) => read(c) < dayStart;
    if (operator === 'after') return (c) => read(c) >= dayEnd;
    return (c) => read(c) >= dayStart && read(c) < dayEnd;
  }
  const fieldId = field.slice('field:'.length);
  const readStored = (c: ContactRecord): unknown => (kind === 'email' ? c.email : kind === 'mobile' ? c.mobile : c.fields[fieldId]);
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return emptinessPredicate(readStored, operator);
  if (kind === 'email' || kind === 'mobile') {
    if ((CHANNEL_OPERATORS as readonly string[]).includes(operator)) return channelPredicate(kind === 'email' ? 'email' : 'sms', operator);
    return kind === 'email' ? textPredicate((c) => c.email, operator, String(value)) : mobilePredicate(operator, String(value));
  }
  switch (kind) {
    case 'text':
      return textPredicate((c) => {
        const stored = c.fields[fieldId];
        return typeof stored === 'string' ? stored : null;
      }, operator, String(value));
    case 'number': {
      const wanted = Number(value);
      const read = (c: ContactRecord) => {
        const stored = c.fields[fieldId];
        return typeof stored === 'number' ? stored : null;
      };
      if (operator === 'greaterThan') return (c) => (read(c) ?? Number.NaN) > wanted;
      if (operator === 'lessThan') return (c) => (read(c) ?? Number.NaN) < wanted;
      return operator === 'equals' ? (c) => read(c) === wanted : (c) => read(c) !== wanted;
    }
    case 'date': {
      const wanted = String(value);
      const read = (c: ContactRecord) => {
        const stored = c.fields[fieldId];
        return typeof stored === 'string' ? stored : null;
      };
      // YYYY-MM-DD strings order as the days they name.
      if (operator === 'before') return (c) => (read(c) ?? '9999') < wanted;
      if (operator === 'after') return (c) => (read(c) ?? '') > wanted;
      return (c) => read(c) === wanted;
    }
    case 'singleChoice':
      return operator === 'equals' ? (c) => c.fields[fieldId] === value : (c) => c.fields[fieldId] !== value;
    default: {
      const has = (c: ContactRecord) => {
        const stored = c.fields[fieldId];
        return Array.isArray(stored) && stored.includes(String(value));
      };
      return operator === 'contains' ? has : (c) => !has(c);
    }
  }
}

function combine(match: 'all' | 'any', predicates: ContactPredicate[]): ContactPredicate {
  if (predicates.length === 1) return predicates[0]!;
  return match === 'all' ? (c) => predicates.every((p) => p(c)) : (c) => predicates.some((p) => p(c));
}

/** One predicate for a checked condition tree. */
export function compileConditions(tree: TConditionTree, fields: readonly TFieldSchema[], context: CompileContext): ContactPredicate {
  return combine(
    tree.match,
    tree.rules.map((rule) =>
      'rules' in rule ? combine(rule.match, rule.rules.map((inner) => conditionPredicate(inner, fields, context))) : conditionPredicate(rule, fields, context),
    ),
  );
}

/** A quick search that names contacts by identity: a whole email address, or the E.164 forms a whole mobile number may have. */
export type QuickSearchIdentity = { email: string } | { mobiles: string[] };

/** What people type for a phone number: digits, spaces, + ( ) . and dashes, nothing else. */
const PHONE_TEXT = /^[\d\s+().-]+$/;

/**
 * A quick-search text that is a whole email address (isValidEmail) or a whole valid mobile number is
 * looked up through the identity items instead of searched for; anything else is null. A number
 * without a country code is read in the account's default country and, when that differs, in the
 * service's (imports and the API store national numbers in it), so either contact is found.
 */
export function quickSearchIdentity(text: string, accountCountry: string): QuickSearchIdentity | null {
  const wanted = text.trim();
  if (isValidEmail(wanted)) return { email: normalizeEmail(wanted) };
  if (!PHONE_TEXT.test(wanted)) return null;
  const mobiles = [...new Set([accountCountry, DEFAULT_MOBILE_COUNTRY].map((country) => normalizeMobile(wanted, country)))].filter((mobile): mobile is string => mobile !== null);
  return mobiles.length > 0 ? { mobiles } : null;
}

/**
 * The list's quick search: the text within the email, the mobile number (by digits, so spaces and
 * dashes don't matter) or any text field; a whole address or number (quickSearchIdentity) selects
 * only its holder, as its lookup through the identity items does.
 */
export function compileQuickSearch(text: string, fields: readonly TFieldSchema[], accountCountry: string): ContactPredicate {
  const identity = quickSearchIdentity(text, accountCountry);
  if (identity) return 'email' in identity ? (c) => c.email === identity.email : (c) => c.mobile !== null && identity.mobiles.includes(c.mobile);
  const wanted = text.trim().toLowerCase();
  const digits = digitsOf(wanted);
  const textFieldIds = fields.filter((field) => field.type === 'text').map((field) => field.id);
  return (c) => {
    if (c.email?.includes(wanted)) return true;
    if (digits.length >= 3 && c.mobile !== null && digitsOf(c.mobile).includes(digits)) return true;
    return textFieldIds.some((id) => {
      const value = c.fields[id];
      return typeof value === 'string' && value.toLowerCase().includes(wanted);
    });
  };
}
