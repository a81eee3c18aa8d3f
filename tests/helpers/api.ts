/**
 * Drives the product's API in integration tests the way a browser does: real HTTP requests to the
 * local host's API Gateway stand-in, which builds payload 2.0 events for the real handler modules.
 */
import { createServer, type Server } from 'node:http';
import { decodeJwt } from 'jose';
import type { AddressInfo } from 'node:net';
import { ROUTE_CONTRACTS } from '../../shared/contracts/index.js';
import { ROUTES } from '../../functions/routes.js';
import { createHttpApi } from '../../infra/local/http-api.js';
import { createRouteMatcher, splitPath } from '../../infra/local/route-matcher.js';
import { resolveProductModule } from '../../infra/local/lambda-runtime.js';

export type ApiAnswer<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

export type ApiClient = {
  url: string;
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> },
  ): Promise<ApiAnswer<T>>;
  close(): Promise<void>;
};

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
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A new free account signed up through the API, with its token and its tuid. */
export type ApiAccount = { token: string; tuid: string };

let signedUp = 0;
export async function signUpAccount(api: ApiClient, label: string): Promise<ApiAccount> {
  signedUp += 1;
  const answer = await api.request<{ token: string }>('POST', '/auth/signup', {
    body: { fullname: `${label} tester`, email: `${label}-${signedUp}-${Date.now()}@example.com`, password: 'Account-Test-2026' },
  });
  return { token: answer.body.token, tuid: String(decodeJwt(answer.body.token).tuid) };
}
