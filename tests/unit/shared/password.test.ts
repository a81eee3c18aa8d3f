import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordProblem } from '../../../shared/domain/password.js';
import { ERROR_CODES } from '../../../shared/errors.js';

describe('password rules (spec §5)', () => {
  it.each([
    ['Abcdefghijk1', null],
    ['Abcdefghij1', ERROR_CODES.PASSWORD_TOO_SHORT],
    ['abcdefghijk1', ERROR_CODES.PASSWORD_MISSING_CHARACTERS],
    ['ABCDEFGHIJK1', ERROR_CODES.PASSWORD_MISSING_CHARACTERS],
    ['Abcdefghijkl', ERROR_CODES.PASSWORD_MISSING_CHARACTERS],
    ['', ERROR_CODES.PASSWORD_TOO_SHORT],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('lists which rules a password meets', () => {
    expect(passwordChecklist('abc1')).toEqual({ length: false, uppercase: false, lowercase: true, digit: true });
  });
});
