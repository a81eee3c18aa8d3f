/**
 * The local stand-in for API Gateway HTTP API: serves every route of the route table by invoking
 * its group's handler module with a payload 2.0 event.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '../../functions/routes.js';
import { ERROR_CODES } from '../../shared/errors.js';
import { readBody, toApiEvent, writeApiResult, writeJson } from './http-event.js';
import { lambdaContext, loadHandler, MissingModuleError, type ResolveModule } from './lambda-runtime.js';
import { createRouteMatcher, splitPath } from './route-matcher.js';
import { errorText, type Log } from './log.js';

/** Lambda's synchronous invocation payload limit. */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;
/** API Gateway HTTP API's integration time limit. */
const MAX_INTEGRATION_MS = 30_000;

export type HttpApi = {
  /** True when the path's first segment belongs to the API (so no static fallback applies). */
  ownsPath(pathname: string): boolean;
  /** Answers the request if a route matches; false when none does. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
};

export function createHttpApi(options: {
  routes: readonly RouteDefinition[];
  resolveModule: ResolveModule;
  log: Log;
  /** Log one line per API call (method, path, status, time). */
  logRequests?: boolean;
}): HttpApi {
  const matcher = createRouteMatcher(options.routes);
  const apiRoots = new Set(options.routes.map((route) => splitPath(route.path)[0]));

  return {
    ownsPath: (pathname) => apiRoots.has(splitPath(pathname)[0] ?? ''),
    async handle(request, response, url) {
      const segments = decodeSegments(url.pathname);
      const match = segments && matcher.match(request.method ?? 'GET', segments);
      if (!match) return false;

      const body = await readBody(request, MAX_REQUEST_BYTES);
      if (body === 'too-large') {
        // No `connection: close`: the rest of the body is being drained, and closing now would reset the socket.
        writeJson(response, 413, {
          statusCode: ERROR_CODES.MALFORMED_REQUEST,
          message: `Request body exceeds ${MAX_REQUEST_BYTES} bytes`,
        });
        return true;
      }
      const startedAt = Date.now();
      if (options.logRequests) {
        response.once('finish', () =>
          options.log(`${request.method} ${url.pathname} → ${response.statusCode} (${Date.now() - startedAt} ms)`),
        );
      }
      const event = toApiEvent(request, url, body, match);
      const functionName = `api-${match.route.group}`;
      try {
        const handler = await loadHandler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>(
          options.resolveModule,
          'api',
          match.route.group,
        );
        const timeoutMs = Math.min(match.route.clientTimeoutMs, MAX_INTEGRATION_MS);
        writeApiResult(response, await handler(event, lambdaContext(functionName, timeoutMs)));
      } catch (error) {
        if (error instanceof MissingModuleError) {
          writeJson(response, 501, { statusCode: ERROR_CODES.GENERIC, message: `${error.message}: ${event.routeKey} has no handler` });
          return true;
        }
        // A Lambda that throws gives API Gateway's bare 500; the details go to the log only.
        options.log(`${functionName} failed on ${event.routeKey}: ${errorText(error)}`);
        writeJson(response, 500, { message: 'Internal Server Error' });
      }
      return true;
    },
  };
}

/** Path segments decoded as API Gateway decodes them; undefined for a malformed escape. */
function decodeSegments(pathname: string): string[] | undefined {
  try {
    return splitPath(pathname).map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}
