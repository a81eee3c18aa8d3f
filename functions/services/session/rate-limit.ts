import { LOGIN_BACKOFF, RATE_LIMITS } from '../../../shared/constants.js';
import { loginRetryDelayMs } from '../../../shared/domain/login-backoff.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import { countAttempt, deleteBackoff, getBackoff, putBackoff, uncountAttempt } from '../../data/rate-limits.js';

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(ERROR_CODES.RATE_LIMITED, 'Too many attempts. Please wait and try again.', { retryAfter: Math.max(Math.ceil(retryAfterSeconds), 1) });
}

/** Counts an attempt and refuses it with OTH-RATE-01 (429, retryAfter) once the window is full. */
export async function enforceRateLimit(options: {
  scope: string;
  subject: string;
  limit: { max: number; windowSeconds: number };
  now: Date;
}): Promise<void> {
  const { attempts, retryAfterSeconds } = await countAttempt(options.scope, options.subject, options.limit.windowSeconds, options.now);
  if (attempts > options.limit.max) throw rateLimited(retryAfterSeconds);
}

/** A sign-in try let through the throttle: counted as a failure unless `succeeded()` is called. */
export type LoginTry = { succeeded(): Promise<void> };

const SOURCE_SCOPE = 'login-failures-ip';
const PAIR_SCOPE = 'login-backoff';

/**
 * Lets a sign-in try through or refuses it with OTH-RATE-01 (429, retryAfter), before the
 * password is checked (OWASP Authentication Cheat Sheet). Two counts, each taken before the
 * check so concurrent tries cannot slip past them: failures from the source across all accounts
 * (RATE_LIMITS.loginFailuresPerIp), and failures of this account from this source, which pass a
 * few at once and then wait ever longer (LOGIN_BACKOFF). Nothing counts per account alone, so
 * an attacker's failures never stop the owner signing in from elsewhere.
 */
export async function startLoginTry(options: { email: string; ip: string; now: Date }): Promise<LoginTry> {
  const { email, ip, now } = options;
  const limit = RATE_LIMITS.loginFailuresPerIp;
  const source = await countAttempt(SOURCE_SCOPE, ip, limit.windowSeconds, now);
  const uncountSource = () => uncountAttempt(SOURCE_SCOPE, ip, source.windowStart);
  if (source.attempts > limit.max) {
    await uncountSource();
    throw rateLimited(source.retryAfterSeconds);
  }
  const pair = `${email}#${ip}`;
  const seen = await getBackoff(PAIR_SCOPE, pair, now);
  if (seen && seen.nextTryAt > now.getTime()) {
    await uncountSource();
    throw rateLimited((seen.nextTryAt - now.getTime()) / 1000);
  }
  const failures = (seen?.failures ?? 0) + 1;
  const counted = await putBackoff(
    PAIR_SCOPE,
    pair,
    seen,
    { failures, nextTryAt: now.getTime() + loginRetryDelayMs(failures), expiresAt: Math.floor(now.getTime() / 1000) + LOGIN_BACKOFF.forgetAfterSeconds },
    now,
  );
  if (!counted) {
    // Another try of this account from this source is being checked right now.
    await uncountSource();
    throw rateLimited(1);
  }
  return {
    async succeeded() {
      await Promise.all([uncountSource(), deleteBackoff(PAIR_SCOPE, pair)]);
    },
  };
}
