/**
 * Checks a SigV4 presigned S3 URL as S3 does: the signature is computed again from the request as
 * received (method, path, query, signed headers) with the SDK's own presigner, for the host the URL
 * was signed for, and compared in constant time; then the link's validity window is checked.
 * Answers S3's error code, status and message for a refused request.
 */
import { createHash, createHmac, timingSafeEqual, type BinaryLike, type Hash, type Hmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

export type S3Refusal = { status: number; code: string; message: string };

export type PresignedRequest = {
  method: string;
  /** The path as received, still percent-encoded, without the pass-through's prefix: /bucket/key. */
  path: string;
  /** The query string as received, without '?'. */
  query: string;
  headers: IncomingHttpHeaders;
};

export type SigningAuthority = {
  /** The host (and port) the product's S3 client signs for: the emulator's. */
  signedHost: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTH_PARAMETERS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature'] as const;
/** S3's limit on X-Amz-Expires: one week. */
const MAX_EXPIRES_SECONDS = 604_800;
/** S3 (and every SigV4 service) accepts a signing time up to 15 minutes ahead of its own clock. */
export const CLOCK_SKEW_MS = 15 * 60 * 1000;
/** Presigned S3 requests sign no payload; the hash is this constant. */
const PAYLOAD_HASH_HEADER = 'x-amz-content-sha256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

const refusal = (status: number, code: string, message: string): S3Refusal => ({ status, code, message });
const parametersError = (message: string): S3Refusal => refusal(400, 'AuthorizationQueryParametersError', message);
const signatureMismatch = refusal(
  403,
  'SignatureDoesNotMatch',
  'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
);

type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytesOf(data: SourceData): BinaryLike {
  if (typeof data === 'string') return data;
  return ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
}

/** SHA-256 and HMAC-SHA-256 in the shape the SDK's signer takes. */
export class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.start();
  }
  private start(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.start();
  }
}

/** The query's parameters decoded, a repeated name as a list; null when an escape is malformed. */
export function parseQuery(query: string): Record<string, string | string[]> | null {
  const parameters: Record<string, string | string[]> = {};
  try {
    for (const pair of query.split('&')) {
      if (pair === '') continue;
      const separator = pair.indexOf('=');
      const name = decodeURIComponent(separator < 0 ? pair : pair.slice(0, separator));
      const value = separator < 0 ? '' : decodeURIComponent(pair.slice(separator + 1));
      const present = parameters[name];
      parameters[name] = present === undefined ? value : [...(Array.isArray(present) ? present : [present]), value];
    }
  } catch {
    return null;
  }
  return parameters;
}

/** yyyyMMddTHHmmssZ as a Date, or null. */
export function parseAmzDate(text: string): Date | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Constant-time equality; texts of different lengths differ. */
export function sameSignature(provided: string, expected: string): boolean {
  const a = Buffer.from(provided);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Null when the request carries a valid, unexpired presigned signature of `authority`; otherwise
 * S3's refusal. `signedHeaders` of an accepted request are the lower-case names it signed.
 */
export async function verifyPresignedRequest(
  request: PresignedRequest,
  authority: SigningAuthority,
  now: Date = new Date(),
): Promise<{ refusal: S3Refusal } | { refusal: null; signedHeaders: ReadonlySet<string> }> {
  const query = parseQuery(request.query);
  if (!query) return { refusal: refusal(400, 'InvalidArgument', 'The query string is not validly encoded.') };
  const auth = AUTH_PARAMETERS.map((name) => query[name]);
  // No signature in the query: an anonymous request. An Authorization header is not looked at: here
  // the app's download follows a same-origin redirect from the API, which keeps the session's Bearer token.
  if (auth.every((value) => value === undefined)) {
    return { refusal: refusal(403, 'AccessDenied', 'Access Denied') };
  }
  if (auth.some((value) => typeof value !== 'string')) {
    return {
      refusal: parametersError(
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      ),
    };
  }
  const [algorithm, credential, amzDate, expires, signedHeaderList, signature] = auth as string[] as [string, string, string, string, string, string];
  if (algorithm !== ALGORITHM) return { refusal: parametersError(`X-Amz-Algorithm only supports "${ALGORITHM}"`) };
  const signingDate = parseAmzDate(amzDate);
  if (!signingDate) return { refusal: parametersError('X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd\'T\'HHmmss\'Z\'"') };
  if (!/^\d{1,6}$/.test(expires)) return { refusal: parametersError('X-Amz-Expires should be a number') };
  const expiresIn = Number(expires);
  if (expiresIn > MAX_EXPIRES_SECONDS) return { refusal: parametersError(`X-Amz-Expires must be less than a week (in seconds) that is ${MAX_EXPIRES_SECONDS}`) };
  const [accessKeyId, , region, service, terminator, ...rest] = credential.split('/');
  if (terminator !== 'aws4_request' || rest.length > 0) return { refusal: parametersError('Error parsing the X-Amz-Credential parameter; the Credential is mal-formed.') };
  if (accessKeyId !== authority.credentials.accessKeyId) {
    return { refusal: refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.') };
  }
  if (region !== authority.region) return { refusal: parametersError(`Error parsing the X-Amz-Credential parameter; the region '${region}' is wrong; expecting '${authority.region}'`) };
  if (service !== 's3') return { refusal: parametersError(`Error parsing the X-Amz-Credential parameter; incorrect service "${service}". This endpoint belongs to "s3".`) };
  const signedHeaders = new Set(signedHeaderList.split(';'));
  if (!signedHeaders.has('host')) return { refusal: parametersError('Query-string authentication requires the Host header to be signed.') };

  // The request as it would have been presigned: the signed headers as received (host as signed).
  const headers: Record<string, string> = { [PAYLOAD_HASH_HEADER]: UNSIGNED_PAYLOAD };
  for (const name of signedHeaders) {
    const value = name === 'host' ? authority.signedHost : headerValue(request.headers, name);
    if (value !== undefined) headers[name] = value;
  }
  const [hostname, port] = authority.signedHost.split(':');
  const presigner = new S3RequestPresigner({ credentials: authority.credentials, region: authority.region, sha256: Sha256 });
  const recomputed = await presigner.presign(
    { method: request.method, protocol: 'http:', hostname: hostname!, port: port ? Number(port) : undefined, path: request.path, query: { ...query }, headers },
    {
      signingDate,
      expiresIn,
      signableHeaders: signedHeaders,
      // The payload hash is a parameter of the signature, never a signed header or query parameter.
      unsignableHeaders: new Set([PAYLOAD_HASH_HEADER]),
      unhoistableHeaders: new Set([PAYLOAD_HASH_HEADER, ...signedHeaders]),
    },
  );
  // Every signing parameter as received must be the one recomputed (S3 signs them as sent).
  const signed = recomputed.query ?? {};
  const matches =
    sameSignature(signature, String(signed['X-Amz-Signature'])) && AUTH_PARAMETERS.every((name) => name === 'X-Amz-Signature' || signed[name] === query[name]);
  if (!matches) return { refusal: signatureMismatch };
  if (now.getTime() < signingDate.getTime() - CLOCK_SKEW_MS) return { refusal: refusal(403, 'AccessDenied', 'Request is not valid yet') };
  if (now.getTime() > signingDate.getTime() + expiresIn * 1000) return { refusal: refusal(403, 'AccessDenied', 'Request has expired') };
  return { refusal: null, signedHeaders };
}
