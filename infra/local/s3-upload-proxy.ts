/**
 * Presigned browser uploads and downloads on the local host. The S3 emulator has no CORS and checks
 * no signature, so the product signs URLs under the host's own origin (S3_PUBLIC_URL = <host>/_s3)
 * and this pass-through does what S3 would: it verifies each request's SigV4 presigned signature
 * (presigned-url.ts) and refuses anything unsigned, expired or altered, and any listing, with S3's
 * XML errors. Only object reads (GET, HEAD) and writes (PUT) of the data bucket (imports, exports)
 * and the content bucket (file manager) pass; a read's response-* parameters set its answer's
 * headers, as S3's do (a report list's file name comes that way). A GET is streamed from the emulator; a PUT (an
 * import's upload, up to 200 MB) is streamed into it as a multipart upload of 5 MiB parts, because
 * the emulator refuses any request body over 11 MiB.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { ObjectUpload } from '../../functions/lib/aws/storage.js';
import { config } from '../../functions/lib/config.js';
import { verifyPresignedRequest, type S3Refusal, type SigningAuthority } from './presigned-url.js';
import { relayFromStorage } from './storage-relay.js';

export const S3_UPLOAD_PATH = '/_s3';

const PASSED_METHODS = new Set(['PUT', 'GET', 'HEAD']);
const REQUEST_HEADERS = ['range', 'if-none-match', 'if-modified-since'];
const ANSWER_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-encoding', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];
/** Query parameters of an object read or write: the signature's, the SDK's operation name, response overrides. */
const OBJECT_PARAMETER = /^(x-amz-|x-id$|response-)/i;
/** The answer headers a signed GET or HEAD may set by query parameter, as S3 does on a 200 or 206 (the emulator ignores them). */
const RESPONSE_OVERRIDES = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
} as const;
/** S3's type of an object stored without one. */
const DEFAULT_CONTENT_TYPE = 'binary/octet-stream';
/**
 * Downloads come from the app's own origin here (S3 has its own): whatever a file is, it is shown
 * as its stored type and never runs as a page of the app.
 */
const DOWNLOAD_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

export type S3UploadProxy = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

export function createS3UploadProxy(options: { s3Endpoint: string } & Omit<SigningAuthority, 'signedHost'>): S3UploadProxy {
  // The product's S3 client signs for the emulator's host; the browser reaches it through this path.
  const authority: SigningAuthority = { signedHost: new URL(options.s3Endpoint).host, region: options.region, credentials: options.credentials };
  return async (request, response, url) => {
    const method = request.method ?? 'GET';
    if (!PASSED_METHODS.has(method)) {
      return refuse(response, { status: 405, code: 'MethodNotAllowed', message: 'The specified method is not allowed against this resource.' }, { allow: [...PASSED_METHODS].join(', ') });
    }
    const rawUrl = request.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const path = (queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart)).slice(S3_UPLOAD_PATH.length);
    const query = queryStart < 0 ? '' : rawUrl.slice(queryStart + 1);
    const [, bucket = '', ...keyParts] = path.split('/');
    const key = keyParts.join('/');
    // Listing (a bucket-level GET) and sub-resources (?acl, ?uploads, ...) are never passed, signed or not.
    if (key === '' || [...url.searchParams.keys()].some((name) => !OBJECT_PARAMETER.test(name))) {
      return refuse(response, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
    }
    const verified = await verifyPresignedRequest({ method, path, query, headers: request.headers }, authority);
    if (verified.refusal) return refuse(response, verified.refusal);
    if (bucket !== config().DATA_BUCKET && bucket !== config().CONTENT_BUCKET) {
      return refuse(response, { status: 403, code: 'AccessDenied', message: 'Access Denied' });
    }
    if (method === 'PUT') {
      // A type the link did not sign is not taken from the browser: S3's default instead.
      const contentType = verified.signedHeaders.has('content-type') ? String(request.headers['content-type']) : DEFAULT_CONTENT_TYPE;
      return storeUpload(request, response, { bucket, key: decodeURIComponent(key), contentType, crc32: url.searchParams.get('x-amz-checksum-crc32') });
    }
    const overrides = responseOverrides(url.searchParams);
    return relayFromStorage({
      request,
      response,
      target: new URL(`${url.pathname.slice(S3_UPLOAD_PATH.length)}${url.search}`, options.s3Endpoint),
      requestHeaders: REQUEST_HEADERS,
      answerHeaders: ANSWER_HEADERS.filter((name) => !(name in overrides)),
      answerWith: (answer) => {
        const status = answer.statusCode ?? 502;
        const isObject = status === 200 || status === 206;
        return { status, headers: { 'content-type': answer.headers['content-type'] ?? 'application/xml', ...(isObject ? overrides : {}), ...DOWNLOAD_HEADERS } };
      },
    });
  };
}

/** The answer headers the link's signed response-* parameters set (the signature was checked, so they are the product's). */
function responseOverrides(parameters: URLSearchParams): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const [parameter, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = parameters.get(parameter);
    if (value !== null) overrides[header] = value;
  }
  return overrides;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** S3's answer to a refused request: its status and XML error. */
function refuse(response: ServerResponse, { status, code, message }: S3Refusal, headers: Record<string, string> = {}): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  response
    .writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId, ...headers })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message><RequestId>${requestId}</RequestId></Error>`);
}

/** Passes the body through and fails at its end when its CRC32 is not the signed one, before the object completes. */
class Crc32Check extends Transform {
  private checksum = 0;
  constructor(private readonly expected: string) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.checksum = crc32(chunk, this.checksum);
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback): void {
    const actual = Buffer.alloc(4);
    actual.writeUInt32BE(this.checksum);
    callback(actual.toString('base64') === this.expected ? null : new ChecksumMismatch());
  }
}

class ChecksumMismatch extends Error {}

async function storeUpload(
  request: IncomingMessage,
  response: ServerResponse,
  target: { bucket: string; key: string; contentType: string; crc32: string | null },
): Promise<void> {
  const upload = new ObjectUpload(target.key, { contentType: target.contentType }, target.bucket);
  try {
    await (target.crc32 === null ? pipeline(request, upload) : pipeline(request, new Crc32Check(target.crc32), upload));
    response.writeHead(200, { etag: '"local"' }).end();
  } catch (error) {
    // The browser went away, the body was not the signed one, or the emulator failed: nothing was stored (the upload aborts itself).
    if (response.headersSent) return;
    if (error instanceof ChecksumMismatch) refuse(response, { status: 400, code: 'BadDigest', message: 'The CRC32 you specified did not match the calculated checksum.' });
    else refuse(response, { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' });
  }
}
