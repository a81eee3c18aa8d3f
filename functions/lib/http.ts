/**
 * The HTTP side of every API Lambda: resolve the route from the route table, authenticate,
 * enforce the route's access rule, parse JSON, call the route's function, and render answers and
 * errors in the spec's shape. Route functions only parse input, call a service and return data.
 */
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { ContractGroup, PathParamNames, RouteContract, RouteSpec } from '../../shared/contracts/route.js';
import { canUseFileManager, hasPermission } from '../../shared/domain/permissions.js';
import { isApiKey, isReachableWithApiKey } from '../../shared/domain/api-keys.js';
import { canSeeExports } from '../../shared/domain/exports.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { TTokenClaims } from '../../shared/schemas/session.js';
import { parseRequestInput } from '../../shared/validation.js';
import { ROUTES_BY_KEY, routeKeyOf, type ApiGroup, type RouteDefinition } from '../routes.js';
import { logger, withCorrelationIds } from './logger.js';
import { authenticate } from './authenticate.js';
import { authenticateApiKey } from './authenticate-api-key.js';
import { bearerToken, type VerifiedToken } from './jwt.js';
import { config } from './config.js';
import { viewerAddress } from './viewer-address.js';

/** JSON bodies above this are refused before parsing, unless the route allows more. */
const MAX_JSON_BODY_BYTES = 1024 * 1024;

export type ApiRequest = {
  event: APIGatewayProxyEventV2;
  route: RouteDefinition;
  /** Verified claims; null only on public routes. */
  claims: VerifiedToken | null;
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
  /** The viewer's address: behind CloudFront the one it vouches for, not the edge's (viewer-address.ts). */
  sourceIp: string;
  userAgent: string;
};

/** An answer that is not plain JSON (text, a file, another status). */
export class HttpAnswer {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    readonly headers: Record<string, string>,
    readonly isBase64Encoded = false,
  ) {}

  static json(data: unknown, statusCode = 200): HttpAnswer {
    return new HttpAnswer(statusCode, JSON.stringify(data), { 'content-type': 'application/json; charset=utf-8' });
  }

  /** A 302 to a short-lived link (a download from storage), which the browser's fetch follows. */
  static redirect(location: string): HttpAnswer {
    return new HttpAnswer(302, '', { location });
  }

  static text(text: string, statusCode = 200): HttpAnswer {
    return new HttpAnswer(statusCode, text, { 'content-type': 'text/plain; charset=utf-8' });
  }
}

export type RouteFunction = (request: ApiRequest) => Promise<unknown>;

/** The claims of a route that is not public; the access middleware guarantees them. */
export function claimsOf(request: ApiRequest): VerifiedToken {
  if (!request.claims) throw new AppError(ERROR_CODES.UNAUTHENTICATED, 'Sign in to continue.');
  return request.claims;
}

function toResult(answer: unknown): APIGatewayProxyStructuredResultV2 {
  const http = answer instanceof HttpAnswer ? answer : HttpAnswer.json(answer ?? { success: true });
  return {
    statusCode: http.statusCode,
    headers: { 'cache-control': 'no-store', ...http.headers },
    body: http.body,
    isBase64Encoded: http.isBase64Encoded,
  };
}

function errorResult(error: unknown, event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 {
  if (error instanceof AppError) {
    const answer = toResult(HttpAnswer.json(error.toBody(), error.httpStatus));
    if (error.details.retryAfter) answer.headers = { ...answer.headers, 'retry-after': String(error.details.retryAfter) };
    return answer;
  }
  // Unexpected failures are logged (the request id comes with every line) and never serialised to the client.
  logger.error('request failed', { routeKey: event.routeKey, error });
  return toResult(HttpAnswer.json(new AppError(ERROR_CODES.GENERIC, 'Sorry, an error occurred while processing your request.').toBody(), 500));
}

/**
 * HTML forms and RFC 8058 one-click unsubscribes post form fields (url-encoded or multipart, which
 * the RFC both allows): they arrive as a record of their text fields. Null for other bodies.
 */
function parseFormFields(raw: string, contentType: string): Record<string, string> | null {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return Object.fromEntries(new URLSearchParams(raw));
  const boundary = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const fields: Record<string, string> = {};
  for (const part of raw.split(`--${boundary}`)) {
    const [head, ...body] = part.split('\r\n\r\n');
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    // Files are not form fields any route reads.
    if (name !== undefined && !/\bfilename=/i.test(head)) fields[name] = body.join('\r\n\r\n').replace(/\r\n$/, '');
  }
  return fields;
}

function parseJsonBody(event: APIGatewayProxyEventV2, route: RouteDefinition): unknown {
  if (!event.body) return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const limit = route.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
  if (Buffer.byteLength(raw) > limit) {
    throw new AppError(ERROR_CODES.MALFORMED_REQUEST, `The request body is larger than ${limit} bytes.`);
  }
  if (raw.trim() === '') return undefined;
  const form = parseFormFields(raw, event.headers['content-type'] ?? '');
  if (form) return form;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(ERROR_CODES.MALFORMED_REQUEST, 'The request body is not valid JSON.');
  }
}

function enforceAccess(route: RouteDefinition, claims: TTokenClaims): void {
  if (claims.forcePasswordChange && !route.allowedDuringPasswordChange) {
    throw new AppError(ERROR_CODES.PASSWORD_CHANGE_REQUIRED, 'Change your password to continue.');
  }
  const { access } = route;
  switch (access.kind) {
    case 'public':
    case 'session':
      return;
    case 'ownAccount':
      if (claims.tuid !== claims.loginTuid) throw new AppError(ERROR_CODES.NO_PERMISSION, 'Return to your own account to do this.');
      return;
    case 'admin':
      if (!claims.admin) throw new AppError(ERROR_CODES.ADMIN_ONLY, 'Only the support team can do this.');
      return;
    case 'section':
      if (!hasPermission(claims, access.section, access.flag)) {
        if (claims.apiKeyId) throw new AppError(ERROR_CODES.NO_PERMISSION, `This API key's scopes do not allow ${access.flag} on ${access.section}.`);
        throw new AppError(ERROR_CODES.NO_PERMISSION, `Your role does not allow ${access.flag} on ${access.section}.`);
      }
      return;
    case 'fileManager':
      if (!canUseFileManager(claims)) throw new AppError(ERROR_CODES.NO_PERMISSION, 'Your role does not allow writing email, SMS or templates.');
      return;
    case 'exports':
      if (!canSeeExports(claims)) throw new AppError(ERROR_CODES.NO_PERMISSION, 'Your role does not allow exporting contacts or reading campaign reports.');
      return;
  }
}

/** The guard hands the parsed request to the handler on the Lambda context. */
type ApiContext = Context & { apiRequest?: ApiRequest };

/** Resolves the route, authenticates and authorises before the route function runs. */
function guard(group: ApiGroup): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext> {
  return {
    name: 'guard',
    before: async (request) => {
      const { event } = request;
      const route = ROUTES_BY_KEY.get(event.routeKey);
      if (!route || route.group !== group) {
        throw new AppError(ERROR_CODES.ROUTE_NOT_FOUND, `No route for ${event.requestContext.http.method} ${event.rawPath}`);
      }
      let claims: VerifiedToken | null = null;
      if (route.access.kind !== 'public') {
        const token = bearerToken(event.headers.authorization);
        if (!token) throw new AppError(ERROR_CODES.UNAUTHENTICATED, 'Sign in to continue.');
        claims = isApiKey(token) ? await authenticateApiKey({ token, now: new Date() }) : await authenticate({ token, now: new Date() });
        if (claims.apiKeyId && !isReachableWithApiKey(route)) throw new AppError(ERROR_CODES.NO_PERMISSION, 'An API key cannot call this route; sign in to use it.');
        enforceAccess(route, claims);
      }
      request.context.apiRequest = {
        event,
        route,
        claims,
        body: parseJsonBody(event, route),
        query: Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).map(([k, v]) => [k, v ?? ''])),
        params: Object.fromEntries(Object.entries(event.pathParameters ?? {}).map(([k, v]) => [k, v ?? ''])),
        sourceIp: viewerAddress({ sourceIp: event.requestContext.http.sourceIp, headers: event.headers, originSecret: () => config().ORIGIN_VERIFY_SECRET }),
        userAgent: event.headers['user-agent'] ?? '',
      };
    },
    onError: async (request) => {
      request.response = errorResult(request.error, request.event);
    },
  };
}

type Parsed<S, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;

/** What a route's handler is handed, typed by its contract: the caller, the clock and the parsed input. */
export type RouteInput<R extends RouteSpec> = {
  /** The verified caller; null only on public routes. */
  caller: R['access'] extends { kind: 'public' } ? null : VerifiedToken;
  params: Parsed<R['params'], Record<PathParamNames<R['path']>, string>>;
  query: Parsed<R['query'], Record<string, string>>;
  body: Parsed<R['body'], unknown>;
  /** One clock for the whole call. */
  now: Date;
  /** What a few routes need of the raw request (the client's address and browser, headers). */
  http: Pick<ApiRequest, 'event' | 'sourceIp' | 'userAgent'>;
};

/** A route's answer: its contract's JSON, or an HttpAnswer for what is not plain JSON. */
export type RouteResult<R extends RouteSpec> = R['answer'] extends z.ZodType ? z.input<R['answer']> | HttpAnswer : HttpAnswer;

export type RouteHandlers<C extends ContractGroup> = {
  [K in keyof C['routes']]: (input: RouteInput<C['routes'][K]>) => Promise<RouteResult<C['routes'][K]>>;
};

/** A handler's input as the guard builds it, before the contract's types narrow it. */
type AnyRouteInput = Omit<RouteInput<RouteContract>, 'caller'> & { caller: VerifiedToken | null };

/** Parses path parameters, query and body with the route's schemas, in that order, before its handler runs. */
function routeInputOf(contract: RouteContract, request: ApiRequest): AnyRouteInput {
  return {
    caller: request.claims,
    params: contract.params ? parseRequestInput(contract.params, request.params) : request.params,
    query: contract.query ? parseRequestInput(contract.query, request.query) : request.query,
    body: contract.body ? parseRequestInput(contract.body, request.body) : request.body,
    now: new Date(),
    http: { event: request.event, sourceIp: request.sourceIp, userAgent: request.userAgent },
  };
}

/** Each contract route's function under its route key; a handler set that misses a route or adds one fails at cold start. */
function routesOf(contract: ContractGroup, handlers: Record<string, (input: AnyRouteInput) => Promise<unknown>>): Record<string, RouteFunction> {
  const extra = Object.keys(handlers).filter((key) => !(key in contract.routes));
  if (extra.length > 0) throw new Error(`API group ${contract.group}: no contract for handlers [${extra.join(', ')}]`);
  return Object.fromEntries(
    Object.entries(contract.routes).map(([key, route]): [string, RouteFunction] => {
      const handle = handlers[key];
      if (!handle) throw new Error(`API group ${contract.group}: no handler for ${route.name}`);
      return [
        routeKeyOf(route),
        async (request) => {
          const answer = await handle(routeInputOf(route, request));
          return route.status && !(answer instanceof HttpAnswer) ? HttpAnswer.json(answer, route.status) : answer;
        },
      ];
    }),
  );
}

/** One Lambda handler for an API group: its contract's routes, each implemented by name. */
export function createApiHandler<C extends ContractGroup>(contract: C, handlers: RouteHandlers<C>) {
  const { group } = contract;
  const routes = routesOf(contract, handlers as Record<string, (input: AnyRouteInput) => Promise<unknown>>);
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(guard(group))
    .handler(async (event, context) => {
      const apiRequest = context.apiRequest;
      if (!apiRequest) throw new Error(`guard did not run for ${event.routeKey}`);
      return toResult(await routes[event.routeKey](apiRequest));
    });
  return (event: APIGatewayProxyEventV2, context: Context) => withCorrelationIds({ correlation_id: event.requestContext.requestId }, () => handler(event, context));
}
