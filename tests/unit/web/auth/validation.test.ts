import { describe, expect, it } from 'vitest';
import { relativeWait, retryAfterText } from '../../../../web/src/errors/retry-after.js';
import {
  confirmPasswordFieldError,
  emailFieldError,
  newPasswordFieldError,
  requiredFieldError,
} from '../../../../web/src/forms/account-field-rules.js';

/** Echoes the key and its values, so the tests see which message was chosen. */
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('auth field rules', () => {
  it('requires an email, then a valid one, judged trimmed', () => {
    expect(emailFieldError(t, 'Email', '  ')).toBe('validation:required {"field":"Email"}');
    expect(emailFieldError(t, 'Email', 'ann@')).toBe('validation:email {"field":"Email"}');
    expect(emailFieldError(t, 'Email', '  ann@example.com ')).toBeNull();
  });

  it('requires a value', () => {
    expect(requiredFieldError(t, 'Full name', ' ')).toBe('validation:required {"field":"Full name"}');
    expect(requiredFieldError(t, 'Full name', 'Ann')).toBeNull();
  });

  it('words new-password problems with the error catalogue codes', () => {
    expect(newPasswordFieldError(t, 'Password', '')).toBe('validation:required {"field":"Password"}');
    expect(newPasswordFieldError(t, 'Password', 'Short1')).toBe('errors:VALIDATE_PASSWORD-TOO-SHORT');
    expect(newPasswordFieldError(t, 'Password', 'alllowercase123')).toBe('errors:VALIDATE_PASSWORD-MISSING-CHARACTERS');
    expect(newPasswordFieldError(t, 'Password', 'Correct-Horse-9')).toBeNull();
  });

  it('requires the confirmation to match', () => {
    expect(confirmPasswordFieldError(t, 'Confirm', 'Correct-Horse-9', '')).toBe('validation:required {"field":"Confirm"}');
    expect(confirmPasswordFieldError(t, 'Confirm', 'Correct-Horse-9', 'Correct-Horse-8')).toBe('auth:password.mismatch');
    expect(confirmPasswordFieldError(t, 'Confirm', 'Correct-Horse-9', 'Correct-Horse-9')).toBeNull();
  });
});

describe('rate-limit wording', () => {
  it('uses the language plural rules through Intl', () => {
    expect(relativeWait('en', 30)).toBe('in 30 seconds');
    expect(relativeWait('en', 61)).toBe('in 2 minutes');
    expect(relativeWait('en', 60)).toBe('in 1 minute');
  });

  it('falls back to the catalogue text without a retryAfter', () => {
    expect(retryAfterText(t, 'en', undefined)).toBe('errors:OTH-RATE-01');
    expect(retryAfterText(t, 'en', 120)).toBe('auth:rateLimited {"when":"in 2 minutes"}');
  });
});
