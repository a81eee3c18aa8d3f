import { LOGIN_BACKOFF } from '../constants.js';

/** How long one account waits before its next sign-in from one source, after `failures` failed ones in a row. */
export function loginRetryDelayMs(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = LOGIN_BACKOFF;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailures), maxDelaySeconds) * 1000;
}
