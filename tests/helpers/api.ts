/**
 * Drives the product's API in tests the way a browser does: real HTTP requests, either to a local
 * host already running (`apiClient(host.url)`) or to the API Gateway stand-in `startApi()` serves,
 * which builds payload 2.0 events for the real handler modules.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTE_CONTRACTS } from '../../shared/contracts/index.js';
import { API_PREFIX } from '../../shared/contracts/route.js';
import type { ErrorBody } from '../../shared/errors.js';
import { ROUTES } from '../../functions/routes.js';
import { createHttpApi } from '../../infra/local/http-api.js';
import { createRouteMatcher, splitPath } from '../../infra/local/route-matcher.js';
import { resolveProductModule } from '../../infra/local/lambda-runtime.js';

/** The prefix of every product API route; `call()` paths are written under it. */
export const API = API_PREFIX;

export type ApiAnswer<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

export type RequestOptions = { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> };

export type ApiClient = {
  url: string;
  request<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
};

/** Whoever a call acts as: anything holding a bearer token (an actor, a socket session, a signed-in page), or nobody. */
export type Caller = { token: string } | null;

/** Calls the product API route at `path` (under `API`, e.g. `/contacts?page=1`) as `caller`, with a JSON body; any route may answer the error shape. */
export function call<T = Record<string, unknown>>(api: ApiClient, caller: Caller, method: string, path: string, body?: unknown): Promise<ApiAnswer<T & Partial<ErrorBody>>> {
  return api.request<T & Partial<ErrorBody>>(method, `${API}${path}`, { token: caller?.token, body });
}

const contractMatcher = createRouteMatcher(ROUTE_CONTRACTS);

/**
 * Every successful JSON answer is parsed with its route's answer schema, so a handler that drifts
 * from its contract fails the test that called it.
 */
function checkAnswerContract(method: string, path: string, status: number, headers: Headers, body: unknown): void {
  if (status < 200 || status >= 300 || !(headers.get('content-type') ?? '').includes('json')) return;
  const pathname = new URL(path, 'http://127.0.0.1').pathname;
  const route = contractMatcher.match(method, splitPath(pathname).map(decodeURIComponent))?.route;
  if (!route || route.answer === 'not-json') return;
  const parsed = route.answer.safeParse(body);
  if (!parsed.success) throw new Error(`${route.name} answered outside its contract: ${parsed.error.message}\n${JSON.stringify(body).slice(0, 2000)}`);
}

/** A client of the server at `url`; `close()` leaves that server running. */
export function apiClient(url: string, close: () => Promise<void> = async () => {}): ApiClient {
  return {
    url,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const answer = await fetch(`${url}${path}`, { method, headers, body });
      const text = await answer.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Text answers (e.g. common-domains) stay strings.
      }
      checkAnswerContract(method, path, answer.status, answer.headers, parsed);
      return { status: answer.status, body: parsed as never, headers: answer.headers };
    },
    close,
  };
}

export async function startApi(): Promise<ApiClient> {
  const api = createHttpApi({ routes: ROUTES, resolveModule: resolveProductModule, log: (line) => console.error(line) });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    api.handle(request, response, url).then((handled) => {
      if (!handled) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 'OTH-X-404', message: 'No route' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return apiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => new Promise<void>((resolve) => server.close(() => resolve())));
}

/** Fails unless `answer` has `status`, showing what the API said (seeders fail with the reason, outside vitest too). */
export function assertStatus(answer: ApiAnswer<unknown>, status: number): void {
  if (answer.status !== status) throw new Error(`expected ${status}, the API answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}
