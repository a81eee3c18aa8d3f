import { describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF } from '../../../shared/constants.js';
import { loginRetryDelayMs } from '../../../shared/domain/login-backoff.js';

describe('loginRetryDelayMs', () => {
  it('lets the first failures pass, then doubles the wait up to its cap', () => {
    // Act
    const delays = Array.from({ length: 14 }, (_, failures) => loginRetryDelayMs(failures) / 1000);
    // Assess
    expect(delays.slice(0, LOGIN_BACKOFF.freeFailures)).toEqual([0, 0, 0, 0, 0]);
    expect(delays.slice(LOGIN_BACKOFF.freeFailures)).toEqual([15, 30, 60, 120, 240, 480, 900, 900, 900]);
  });
});
