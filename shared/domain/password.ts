import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { ERROR_CODES } from '../errors.js';

export type PasswordProblem =
  | typeof ERROR_CODES.PASSWORD_TOO_SHORT
  | typeof ERROR_CODES.PASSWORD_MISSING_CHARACTERS;

/** Spec §5: at least 12 characters with an uppercase letter, a lowercase letter and a digit. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ERROR_CODES.PASSWORD_TOO_SHORT;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return ERROR_CODES.PASSWORD_MISSING_CHARACTERS;
  }
  return null;
}

/** Which of the rules a password meets, for the live checklist under the field. */
export function passwordChecklist(password: string) {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
  };
}
