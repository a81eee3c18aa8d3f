/**
 * The file manager's hosted files on the local host: CONTENT_PUBLIC_URL is <host>/content, so the
 * editors' canvases and the dev mailbox load them from the same origin, as CloudFront serves them
 * in AWS. GET and HEAD only, streamed from the emulator's content bucket, with the headers the
 * content distribution adds (shared/domain/file-manager.ts CONTENT_SECURITY_POLICY, nosniff).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTENT_SECURITY_POLICY } from '../../shared/domain/file-manager.js';
import { relayFromStorage } from './storage-relay.js';

export const CONTENT_PATH = '/content';

const PASSED_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const REQUEST_HEADERS = ['range', 'if-none-match', 'if-modified-since'];

export function serveContent(request: IncomingMessage, response: ServerResponse, url: URL, options: { s3Endpoint: string; bucket: string }): Promise<void> {
  const method = request.method ?? 'GET';
  const key = url.pathname.slice(CONTENT_PATH.length + 1);
  if ((method !== 'GET' && method !== 'HEAD') || key === '') {
    response.writeHead(method === 'GET' || method === 'HEAD' ? 404 : 405).end();
    return Promise.resolve();
  }
  // A query string (a cache buster) is not passed on, as CloudFront's caching policy does not pass it.
  return relayFromStorage({
    request,
    response,
    target: new URL(`/${options.bucket}/${key}`, options.s3Endpoint),
    requestHeaders: REQUEST_HEADERS,
    answerHeaders: PASSED_HEADERS,
    answerWith: (answer) => {
      const status = answer.statusCode ?? 502;
      // The emulator's XML errors stay inside: a missing file is a plain 404.
      if (status >= 400) return { status: status === 403 || status === 404 ? 404 : 502, withoutBody: true };
      return {
        status,
        headers: {
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=300',
          'access-control-allow-origin': '*',
        },
      };
    },
  });
}
