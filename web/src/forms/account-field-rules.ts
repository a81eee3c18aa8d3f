/**
 * Field rules of the auth, verification and password forms (spec §5), worded through the shared
 * `validation` namespace and the error catalogue so every form says the same thing.
 * Pure: the caller passes its translate function.
 */
import { passwordProblem } from '../../../shared/domain/password.js';
import type { Translate } from '../errors/error-messages.js';
import { email, required, validate } from './validate.js';

/**
 * The namespaces a form's translate function reaches into: its own texts, the shared field
 * messages and the error catalogue. Listed in useTranslation so all three load before it renders.
 */
export const FORM_NAMESPACES = ['auth', 'validation', 'errors'] as const;

/** Required, then a valid address; judged trimmed, as it will be sent. */
export function emailFieldError(t: Translate, field: string, value: string): string | null {
  return validate(value, [required(), email()], field, t);
}

export function requiredFieldError(t: Translate, field: string, value: string): string | null {
  return validate(value, [required()], field, t);
}

/** A new password: required, then the rules of shared/domain/password.ts in the catalogue's words. */
export function newPasswordFieldError(t: Translate, field: string, value: string): string | null {
  if (value === '') return t('validation:required', { field });
  const problem = passwordProblem(value);
  return problem ? t(`errors:${problem}`) : null;
}

export function confirmPasswordFieldError(t: Translate, field: string, password: string, confirmation: string): string | null {
  if (confirmation === '') return t('validation:required', { field });
  return confirmation === password ? null : t('auth:password.mismatch');
}
