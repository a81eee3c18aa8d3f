/**
 * Field state of the small auth forms. Validation is lazy (spec §5): a field is judged when it
 * loses focus with something typed, or on submit; once it shows an error it is re-judged on
 * every change so the message goes away as soon as the value is fixed.
 */
import { useId, useState } from 'react';

export type FieldValidators<F extends string> = Record<F, (values: Record<F, string>) => string | null>;
type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function useFormFields<F extends string>(initial: Record<F, string>, validators: FieldValidators<F>) {
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  // Object.keys loses the key type; the keys of `initial` are exactly F.
  const fields = Object.keys(initial) as F[];

  function judge(field: F, current: Record<F, string>): string | undefined {
    return validators[field](current) ?? undefined;
  }

  function setValue(field: F, value: string): void {
    const next = { ...values, [field]: value };
    setValues(next);
    // Re-judge every field already in error: a password edit can fix its confirmation too.
    const shown = fields.filter((name) => errors[name]);
    if (shown.length === 0) return;
    const rejudged: FieldErrors<F> = {};
    for (const name of shown) rejudged[name] = judge(name, next);
    setErrors(rejudged);
  }

  function blur(field: F): void {
    if (values[field] === '') return;
    setErrors((current) => ({ ...current, [field]: judge(field, values) }));
  }

  /** A server answer about one field (email used, password rule). */
  function setFieldError(field: F, message: string): void {
    setErrors((current) => ({ ...current, [field]: message }));
  }

  function fieldId(field: F): string {
    return `${idPrefix}-${field}`;
  }

  /** Judges every field, focuses the first invalid one and tells whether the form may be sent. */
  function validateAll(): boolean {
    const next: FieldErrors<F> = {};
    for (const name of fields) next[name] = judge(name, values);
    setErrors(next);
    const firstInvalid = fields.find((name) => next[name]);
    if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
    return firstInvalid === undefined;
  }

  return { values, errors, setValue, blur, setFieldError, fieldId, validateAll };
}
