import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, httpStatusOf, isErrorBody } from '../../../shared/errors.js';

describe('the error type (spec §8)', () => {
  it('renders the spec shape with the catalogue code as statusCode', () => {
    const error = new AppError(ERROR_CODES.PASSWORD_RECENTLY_USED, 'used recently', { numOfRecentlyUsed: 5 });
    expect(error.toBody()).toEqual({ statusCode: 'VALIDATE_PASSWORD-RECENTLY-USED', message: 'used recently', numOfRecentlyUsed: 5 });
    expect(isErrorBody(error.toBody())).toBe(true);
  });

  it('maps codes to HTTP statuses, 400 by default', () => {
    expect(httpStatusOf(ERROR_CODES.UNAUTHENTICATED)).toBe(401);
    expect(httpStatusOf(ERROR_CODES.GENERIC)).toBe(500);
    expect(httpStatusOf(ERROR_CODES.RATE_LIMITED)).toBe(429);
    expect(httpStatusOf(ERROR_CODES.INVALID_VERIFICATION_CODE)).toBe(400);
  });

  it('has unique codes', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
