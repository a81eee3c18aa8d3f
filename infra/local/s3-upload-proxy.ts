/**
 * Presigned browser uploads and downloads on the local host. The S3 emulator has no CORS, so the
 * product signs URLs under the host's own origin (S3_PUBLIC_URL = <host>/_s3). GET and HEAD
 * (downloads) are streamed through to the emulator unchanged, path and signature query included.
 * A PUT (an import's upload, up to 200 MB) is streamed into the emulator as a multipart upload of
 * 8 MiB parts, because the emulator refuses any request body over 11 MiB; like S3, the host
 * refuses a PUT whose link has expired or that names another bucket. Nothing else passes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ObjectUpload } from '../../functions/lib/aws/storage.js';
import { config } from '../../functions/lib/config.js';
import { relayFromStorage } from './storage-relay.js';

export const S3_UPLOAD_PATH = '/_s3';

const PASSED_METHODS = new Set(['PUT', 'GET', 'HEAD']);
const REQUEST_HEADERS = ['content-type', 'content-length', 'content-md5', 'x-amz-content-sha256', 'range', 'if-none-match', 'if-modified-since'];
const ANSWER_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-encoding', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control'];

export function proxyS3Upload(request: IncomingMessage, response: ServerResponse, url: URL, s3Endpoint: string): Promise<void> {
  const method = request.method ?? 'GET';
  if (!PASSED_METHODS.has(method)) {
    response.writeHead(405, { allow: [...PASSED_METHODS].join(', ') }).end();
    return Promise.resolve();
  }
  if (method === 'PUT') return storeUpload(request, response, url);
  return relayFromStorage({
    request,
    response,
    target: new URL(`${url.pathname.slice(S3_UPLOAD_PATH.length)}${url.search}`, s3Endpoint),
    requestHeaders: REQUEST_HEADERS,
    answerHeaders: ANSWER_HEADERS,
    answerWith: (answer) => ({ status: answer.statusCode ?? 502, headers: { 'content-type': answer.headers['content-type'] ?? 'application/xml' } }),
  });
}

/** S3's answer to a refused request: a status and an XML error the browser shows nowhere. */
function refuse(response: ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

/** When a presigned link stops working: X-Amz-Date plus X-Amz-Expires seconds. */
function linkExpiry(query: URLSearchParams): number | null {
  const signed = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  const seconds = Number(query.get('X-Amz-Expires'));
  if (!signed || !Number.isFinite(seconds)) return null;
  const [, year, month, day, hour, minute, second] = signed.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) + seconds * 1000;
}

async function storeUpload(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const [bucket, ...keyParts] = url.pathname.slice(S3_UPLOAD_PATH.length + 1).split('/');
  const expiry = linkExpiry(url.searchParams);
  if (expiry === null || keyParts.length === 0) return refuse(response, 403, 'AccessDenied');
  if (Date.now() > expiry) return refuse(response, 403, 'AccessDenied');
  // The data bucket (imports) and the file manager's content bucket take browser uploads.
  if (bucket !== config().DATA_BUCKET && bucket !== config().CONTENT_BUCKET) return refuse(response, 404, 'NoSuchBucket');
  const upload = new ObjectUpload(keyParts.map(decodeURIComponent).join('/'), { contentType: request.headers['content-type'] ?? 'application/octet-stream' }, bucket);
  try {
    await pipeline(request, upload);
    response.writeHead(200, { etag: '"local"' }).end();
  } catch {
    // The browser went away or the emulator failed: nothing was stored (the upload aborts itself).
    if (!response.headersSent) refuse(response, 500, 'InternalError');
  }
}
