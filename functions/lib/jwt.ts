/**
 * Session tokens: HS256 JWTs signed and verified with jose. The payload is exactly the claims of
 * spec §3 (ZTokenClaims, whose `sid` names the session) with `iat` and `exp`; anything that does
 * not parse is rejected as unauthenticated.
 */
import { createHmac } from 'node:crypto';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_SECONDS, SUPPORT_ACCESS_TOKEN_TTL_SECONDS } from '../../shared/constants.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import { ZTokenClaims, type TTokenClaims } from '../../shared/schemas/session.js';
import { secretsClient } from './aws/secrets.js';
import { config } from './config.js';

let signingKey: Promise<Uint8Array> | undefined;

/** The key is read once per cold start: from the environment locally, Secrets Manager in AWS. */
function key(): Promise<Uint8Array> {
  signingKey ??= (async () => {
    const { JWT_SECRET, JWT_SECRET_ARN } = config();
    let secret = JWT_SECRET;
    if (!secret && JWT_SECRET_ARN) {
      const answer = await secretsClient().send(new GetSecretValueCommand({ SecretId: JWT_SECRET_ARN }));
      secret = answer.SecretString;
    }
    if (!secret || secret.length < 32) throw new Error('JWT_SECRET or JWT_SECRET_ARN must give a secret of 32+ characters');
    return new TextEncoder().encode(secret);
  })();
  return signingKey;
}

export function resetSigningKeyForTests(): void {
  signingKey = undefined;
}

/**
 * A key for another signature of the platform (tracking links), derived from the token secret
 * with HMAC-SHA256 under its purpose, so one secret serves all and no two purposes share a key.
 */
export async function derivedKey(purpose: string): Promise<Buffer> {
  return createHmac('sha256', await key()).update(`derived-key:${purpose}`).digest();
}

export async function signToken(claims: TTokenClaims): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${claims.admin ? SUPPORT_ACCESS_TOKEN_TTL_SECONDS : ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await key());
}

/** The claims of a verified token: spec §3's, and when it was issued and ends. */
const ZVerifiedToken = ZTokenClaims.extend({ iat: z.number().int(), exp: z.number().int() });
export type VerifiedToken = z.infer<typeof ZVerifiedToken>;

/**
 * The claims of a token signed with our key and still within its lifetime; a token without
 * `exp` is refused (it would never end). Whether its session is still open is authenticate's.
 */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], requiredClaims: ['iat', 'exp'] });
    return ZVerifiedToken.parse(payload);
  } catch {
    throw new AppError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match ? match[1] : null;
}
