import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { countAttempt } from '../../data/rate-limits.js';

/** Counts an attempt and refuses it with OTH-RATE-01 (429, retryAfter) once the window is full. */
export async function enforceRateLimit(options: {
  scope: string;
  subject: string;
  limit: { max: number; windowSeconds: number };
  now: Date;
}): Promise<void> {
  const { attempts, retryAfterSeconds } = await countAttempt(options.scope, options.subject, options.limit.windowSeconds, options.now);
  if (attempts > options.limit.max) {
    throw new AppError(ERROR_CODES.RATE_LIMITED, 'Too many attempts. Please wait and try again.', { retryAfter: retryAfterSeconds });
  }
}
