/**
 * One GET or HEAD streamed to the S3 emulator and its answer streamed back, with only the headers
 * each side may see: the downloads of presigned links (s3-upload-proxy.ts) and the hosted files of
 * the file manager (content-site.ts).
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

/** How to answer the browser: a status with headers and the emulator's body, or a bare status. */
export type RelayedAnswer = { status: number; headers: Record<string, string> } | { status: number; withoutBody: true };

type RelayOptions = {
  request: IncomingMessage;
  response: ServerResponse;
  target: URL;
  /** Request headers passed to the emulator. */
  requestHeaders: readonly string[];
  /** Answer headers passed to the browser, over those `answerWith` sets. */
  answerHeaders: readonly string[];
  answerWith(answer: IncomingMessage): RelayedAnswer;
};

function pick(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

export function relayFromStorage({ request, response, target, requestHeaders, answerHeaders, answerWith }: RelayOptions): Promise<void> {
  return new Promise((resolve) => {
    const upstream = httpRequest(target, { method: request.method ?? 'GET', headers: pick(request.headers, requestHeaders) }, (answer) => {
      const relayed = answerWith(answer);
      if ('withoutBody' in relayed) {
        answer.resume();
        response.writeHead(relayed.status).end();
        resolve();
        return;
      }
      response.writeHead(relayed.status, { ...relayed.headers, ...pick(answer.headers, answerHeaders) });
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
    upstream.end();
  });
}
