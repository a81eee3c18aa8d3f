/**
 * Presigned browser uploads and downloads on the local host. The S3 emulator has no CORS, so the
 * product signs URLs under the host's own origin (S3_PUBLIC_URL = <host>/_s3) and the host streams
 * each request through to the emulator unchanged, path and signature query included: PUT (import
 * uploads) and GET/HEAD (export downloads). Nothing else passes.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

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
  const target = new URL(`${url.pathname.slice(S3_UPLOAD_PATH.length)}${url.search}`, s3Endpoint);
  const headers: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return new Promise((resolve) => {
    const upstream = httpRequest(target, { method, headers }, (answer) => {
      const passed: Record<string, string> = { 'content-type': answer.headers['content-type'] ?? 'application/xml' };
      for (const name of ANSWER_HEADERS) {
        const value = answer.headers[name];
        if (typeof value === 'string') passed[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, passed);
      answer.pipe(response).on('finish', resolve);
      answer.on('error', () => {
        response.destroy();
        resolve();
      });
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
      resolve();
    });
    if (method === 'PUT') request.pipe(upstream);
    else upstream.end();
  });
}
