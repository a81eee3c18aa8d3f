/**
 * Presigned browser uploads on the local host. The S3 emulator has no CORS, so the product signs
 * upload URLs under the host's own origin (S3_PUBLIC_URL = <host>/_s3) and the host streams each
 * PUT through to the emulator unchanged, path and signature query included. Only PUT passes.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

export const S3_UPLOAD_PATH = '/_s3';

export function proxyS3Upload(request: IncomingMessage, response: ServerResponse, url: URL, s3Endpoint: string): Promise<void> {
  if (request.method !== 'PUT') {
    response.writeHead(405, { allow: 'PUT' }).end();
    return Promise.resolve();
  }
  const target = new URL(`${url.pathname.slice(S3_UPLOAD_PATH.length)}${url.search}`, s3Endpoint);
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'content-md5', 'x-amz-content-sha256']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return new Promise((resolve) => {
    const upstream = httpRequest(target, { method: 'PUT', headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/xml', ...(answer.headers.etag ? { etag: answer.headers.etag } : {}) });
      answer.pipe(response).on('finish', resolve);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      resolve();
    });
    request.pipe(upstream);
  });
}
