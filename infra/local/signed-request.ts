/**
 * Checks a SigV4-signed request (the Authorization header) as an AWS service does: the signature
 * is computed again with the SDK's own signer from the request as received (method, path, query,
 * the headers it signed, the body's hash) and compared in constant time; the signing time must be
 * within 15 minutes of now. Answers API Gateway's refusal (403, its error type and message).
 */
import { SignatureV4 } from '@smithy/signature-v4';
import { CLOCK_SKEW_MS, Sha256, headerValue, parseAmzDate, parseQuery, sameSignature, type PresignedRequest } from './presigned-url.js';

/** A request as received (its whole path here), with its whole body, which the signature covers. */
export type SignedRequest = PresignedRequest & { body: Buffer };

export type RequestSigner = {
  /** The service name of the credential scope, e.g. `execute-api`. */
  service: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
};

/** API Gateway's answer to a refused signature: 403 with `x-amzn-errortype`. */
export type SignatureRefusal = { errorType: string; message: string };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/[^,\s]*, ?SignedHeaders=([^,\s]+), ?Signature=([0-9a-f]+)$/;
/** The body hash a client may sign as a header; it must then be the hash of the body received. */
const PAYLOAD_HASH_HEADER = 'x-amz-content-sha256';

const mismatch: SignatureRefusal = {
  errorType: 'InvalidSignatureException',
  message:
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
};

/** Null when the request is signed by `signer`'s credentials for its service and region, unaltered and current; otherwise the refusal. */
export async function verifySignedRequest(request: SignedRequest, signer: RequestSigner, now: Date = new Date()): Promise<SignatureRefusal | null> {
  const authorization = headerValue(request.headers, 'authorization');
  const amzDate = headerValue(request.headers, 'x-amz-date');
  if (authorization === undefined || !authorization.startsWith(ALGORITHM)) return { errorType: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const parts = AUTHORIZATION.exec(authorization);
  const signingDate = amzDate === undefined ? null : parseAmzDate(amzDate);
  const query = parseQuery(request.query);
  if (!parts || !signingDate || !query) return { errorType: 'IncompleteSignatureException', message: `Authorization header requires 'Credential', 'Signature', 'SignedHeaders' and a valid 'X-Amz-Date'.` };
  const [, accessKeyId, signedHeaderList] = parts as unknown as [string, string, string];
  if (accessKeyId !== signer.credentials.accessKeyId) return { errorType: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };

  // The request as the client signed it: only the headers it names, with the values received. The
  // body's hash is always computed here, so a signed hash header counts only if it is the body's.
  const signedHeaders = new Set(signedHeaderList.split(';'));
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = headerValue(request.headers, name);
    if (value !== undefined && name !== PAYLOAD_HASH_HEADER) headers[name] = value;
  }
  const [hostname = '', port] = (headers.host ?? '').split(':');
  const recomputed = await new SignatureV4({ ...signer, sha256: Sha256, applyChecksum: signedHeaders.has(PAYLOAD_HASH_HEADER) }).sign(
    { method: request.method, protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: request.path, query, headers, body: request.body },
    { signingDate, signableHeaders: signedHeaders },
  );
  const signed = recomputed.headers;
  const matches = sameSignature(authorization, String(signed.authorization)) && (!signedHeaders.has(PAYLOAD_HASH_HEADER) || signed[PAYLOAD_HASH_HEADER] === headerValue(request.headers, PAYLOAD_HASH_HEADER));
  if (!matches) return mismatch;
  const skew = signingDate.getTime() - now.getTime();
  if (Math.abs(skew) > CLOCK_SKEW_MS) {
    const state = skew < 0 ? 'Signature expired' : 'Signature not yet current';
    return { errorType: 'InvalidSignatureException', message: `${state}: ${amzDate} is more than 15 min. away from the server's time.` };
  }
  return null;
}
