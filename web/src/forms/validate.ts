/**
 * Field validation for forms, worded by the `validation` namespace (spec §5). Rules are small
 * functions, so a form lists them next to its field: validate(value, [required(), email()], ...).
 */
import { isValidEmail } from '../../../shared/domain/email.js';
import type { Translate } from '../errors/error-messages.js';

/** A failed rule: the message key in `validation` and the values for its placeholders. */
export type RuleFailure = { key: string; values?: Record<string, string | number> };
export type Rule = (value: string) => RuleFailure | null;

const isBlank = (value: string) => value.trim() === '';

/** Every rule but `required` lets an empty value pass, so optional fields stay optional. */
function unlessBlank(check: (value: string) => RuleFailure | null): Rule {
  return (value) => (isBlank(value) ? null : check(value));
}

export const required = (): Rule => (value) => (isBlank(value) ? { key: 'required' } : null);

export const email = (): Rule => unlessBlank((value) => (isValidEmail(value) ? null : { key: 'email' }));

export const minLength = (n: number): Rule =>
  unlessBlank((value) => (value.length < n ? { key: 'min', values: { n } } : null));

export const maxLength = (n: number): Rule =>
  unlessBlank((value) => (value.length > n ? { key: 'max', values: { n } } : null));

export const exactLength = (n: number): Rule =>
  unlessBlank((value) => (value.length !== n ? { key: 'length', values: { n } } : null));

export const numeric = (): Rule => unlessBlank((value) => (/^\d+$/.test(value.trim()) ? null : { key: 'numeric' }));

export const integer = (): Rule =>
  unlessBlank((value) => (/^-?\d+$/.test(value.trim()) ? null : { key: 'integer' }));

/** A number within bounds; a value that is not a number fails with 'Must be a number.' */
export const numberBetween = (bounds: { min?: number; max?: number }): Rule =>
  unlessBlank((value) => {
    const number = Number(value.trim());
    if (!Number.isFinite(number)) return { key: 'number' };
    if (bounds.min !== undefined && number < bounds.min) return { key: 'min_value', values: { n: bounds.min } };
    if (bounds.max !== undefined && number > bounds.max) return { key: 'max_value', values: { n: bounds.max } };
    return null;
  });

export const url = (): Rule =>
  unlessBlank((value) => {
    try {
      const parsed = new URL(value.trim());
      return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : { key: 'url' };
    } catch {
      return { key: 'url' };
    }
  });

export const matches = (pattern: RegExp): Rule => unlessBlank((value) => (pattern.test(value) ? null : { key: 'regex' }));

/** The first failing rule's message with the field's (already translated) name filled in, or null. */
export function validate(value: string, rules: readonly Rule[], field: string, t: Translate): string | null {
  for (const rule of rules) {
    const failure = rule(value);
    if (failure) return t(`validation:${failure.key}`, { field, ...failure.values });
  }
  return null;
}
