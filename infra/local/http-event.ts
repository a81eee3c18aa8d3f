/**
 * Translation between Node's HTTP messages and API Gateway HTTP API's Lambda payload 2.0, kept as
 * AWS shapes it: lower-case headers, cookies split out, duplicate query values comma-joined,
 * decoded path parameters, non-text bodies base64-encoded.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { routeKeyOf } from '../../functions/routes.js';
import type { RouteMatch } from './route-matcher.js';

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
const TEXT_CONTENT_TYPE = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)\b|application\/[\w.+-]+\+(json|xml)\b)/i;

export function isTextContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && TEXT_CONTENT_TYPE.test(contentType);
}

export function toApiEvent(request: IncomingMessage, url: URL, body: Buffer, match: RouteMatch): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    // Payload 2.0 moves the Cookie header into `cookies`.
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = request.headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== '');

  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }

  // HTTP API hands handlers the decoded path.
  const path = decodePath(url.pathname);
  const now = new Date();
  const routeKey = routeKeyOf(match.route);
  const hasBody = body.length > 0;
  const isText = isTextContentType(headers['content-type']);
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.searchParams.size > 0 ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host?.replace(/:\d+$/, '') ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: request.method ?? 'GET',
        path,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: awsStyleRequestId(),
      routeKey,
      stage: '$default',
      time: clfTime(now),
      timeEpoch: now.getTime(),
    },
    ...(hasBody ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  };
}

/**
 * Writes a handler's result as API Gateway does, including its inferred format: a result without
 * `statusCode` is a 200 JSON answer of that value.
 */
export function writeApiResult(response: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    const body = typeof result === 'string' ? result : JSON.stringify(result);
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body === undefined ? '' : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body.length > 0 && !headers['content-type']) headers['content-type'] = 'application/json';
  response.writeHead(result.statusCode ?? 200, headers).end(body);
}

export function writeJson(response: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(statusCode, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** After a refusal, this much more of a body is read and dropped before the connection is cut. */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The whole body, or 'too-large' as soon as it passes the limit. The rest of a refused body is
 * still read and dropped (up to DISCARD_LIMIT_BYTES): closing a socket with unread data resets it,
 * and the client would see the reset instead of the answer.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let isRefused = Number(request.headers['content-length'] ?? 0) > limit;
    if (isRefused) resolve('too-large');
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (isRefused) {
        if (size > limit + DISCARD_LIMIT_BYTES) request.destroy();
      } else if (size > limit) {
        isRefused = true;
        chunks.length = 0;
        resolve('too-large');
      } else {
        chunks.push(chunk);
      }
    });
    // After a refusal these settle nothing: the promise already has its answer.
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/** API Gateway's request ids look like `JKJaXmPLvHcESHA=`. */
export function awsStyleRequestId(): string {
  return randomBytes(11).toString('base64');
}

/** `12/Mar/2020:19:03:58 +0000`, the Common Log Format time API Gateway puts in `time`. */
function clfTime(date: Date): string {
  const [, day, month, year, time] = date.toUTCString().replace(',', '').split(' ');
  return `${day}/${month}/${year}:${time} +0000`;
}
