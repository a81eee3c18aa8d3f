/**
 * Who is calling with an API key (`Authorization: Bearer cpk.…`): the account that made the key,
 * with the key's scopes as its only permissions. Each call reads the key (a revoked key is
 * refused at once), counts against the key's rate limit, and records when the key was last used.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { RATE_LIMITS } from '../../shared/constants.js';
import { parseApiKey } from '../../shared/domain/api-keys.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import { getAccount } from '../data/accounts.js';
import { getApiKey, markApiKeyUsed } from '../data/api-keys.js';
import { countAttempt } from '../data/rate-limits.js';
import type { VerifiedToken } from './jwt.js';

/** The rate-limit counter of a key's calls (RATE_LIMITS.apiKeyRequests). */
export const API_KEY_RATE_SCOPE = 'api-key';
export const apiKeyRateSubject = (tuid: string, id: string) => `${tuid}#${id}`;

/** lastUsedAt is written at most this often per key, so a busy script does not add a write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function invalidKey(): AppError {
  return new AppError(ERROR_CODES.UNAUTHENTICATED, 'This API key is not valid or has been revoked.');
}

/** The claims of a valid key's calls; AUTH-TOKEN-01 (401) for an unknown or revoked key, OTH-RATE-01 (429) over its rate. */
export async function authenticateApiKey(options: { token: string; now: Date }): Promise<VerifiedToken> {
  const { now } = options;
  const parts = parseApiKey(options.token);
  if (!parts) throw invalidKey();
  const key = await getApiKey(parts.tuid, parts.id);
  const presented = Buffer.from(hashApiKeySecret(parts.secret), 'hex');
  if (!key || !timingSafeEqual(presented, Buffer.from(key.secretHash, 'hex'))) throw invalidKey();
  const account = await getAccount(key.tuid);
  // A locked or closed account's keys stop with its sign-ins.
  if (!account || account.status === 'terminated') throw invalidKey();
  if (account.status === 'locked') throw new AppError(ERROR_CODES.ACCOUNT_LOCKED, 'This account is locked.', { lockedBy: account.lockedBy ?? 'provider' });

  const limit = RATE_LIMITS.apiKeyRequests;
  const { attempts, retryAfterSeconds } = await countAttempt(API_KEY_RATE_SCOPE, apiKeyRateSubject(key.tuid, key.id), limit.windowSeconds, now);
  if (attempts > limit.max) {
    throw new AppError(ERROR_CODES.RATE_LIMITED, `This API key made more than ${limit.max} calls in ${limit.windowSeconds} seconds.`, { retryAfter: Math.max(retryAfterSeconds, 1) });
  }
  if (!key.lastUsedAt || now.getTime() - Date.parse(key.lastUsedAt) >= LAST_USED_RESOLUTION_MS) await markApiKeyUsed(key.tuid, key.id, now);

  const seconds = Math.floor(now.getTime() / 1000);
  return {
    tuid: account.tuid,
    loginTuid: account.tuid,
    admin: false,
    teamId: account.teamId,
    teamAdmin: false,
    connectionRole: null,
    permissions: key.scopes,
    free: account.free,
    unverified: account.unverified,
    hideShoppingCart: true,
    forcePasswordChange: false,
    sid: `api-key:${key.id}`,
    apiKeyId: key.id,
    iat: seconds,
    exp: seconds + limit.windowSeconds,
  };
}
