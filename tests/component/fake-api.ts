/**
 * The API at the network boundary: `fetch` answers what a test declares, each answer checked
 * against the route's answer schema from shared/schemas, and every request is recorded. A request
 * no test declared fails the test (see setup.ts), so a screen cannot quietly call more than expected.
 */
import { vi } from 'vitest';
import type { z } from 'zod';
import { AppError, type ErrorCode } from '../../shared/errors.js';

export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

type Answer = { status: number; body: unknown };
type Route = { method: string; path: string; answer(request: SentRequest): Answer };

export type FakeApi = {
  /** Every request in the order sent. */
  requests: SentRequest[];
  /**
   * Declares `method path` (path without the query) with its answer schema; `.answer(request => …)`
   * then gives the answer, parsed by the schema before it is sent. (Two steps so that the schema
   * types the answer's literals.)
   */
  on<Schema extends z.ZodType>(method: string, path: string, schema: Schema): { answer(answer: (request: SentRequest) => z.infer<Schema>): void };
  /** Answers `method path` with the error answer of `code`, as the API renders it. */
  fail(method: string, path: string, code: ErrorCode, details?: ConstructorParameters<typeof AppError>[2]): void;
  /** The requests sent to `method path`. */
  sent(method: string, path: string): SentRequest[];
};

let unanswered: string[] = [];

/** Replaces `fetch` for the current test; a later `on` for the same route wins. */
export function installFakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: SentRequest[] = [];
  const find = (method: string, path: string) => routes.findLast((route) => route.method === method && route.path === path);

  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const request: SentRequest = { method, path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    requests.push(request);
    const route = find(method, url.pathname);
    if (!route) {
      unanswered.push(`${method} ${url.pathname}`);
      return Response.json({ statusCode: 'TEST-UNANSWERED', message: `No answer for ${method} ${url.pathname}` }, { status: 501 });
    }
    const { status, body } = route.answer(request);
    return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  });

  return {
    requests,
    on: (method, path, schema) => ({
      answer(answer) {
        routes.push({ method, path, answer: (request) => ({ status: 200, body: schema.parse(answer(request)) }) });
      },
    }),
    fail(method, path, code, details) {
      const error = new AppError(code, code, details);
      routes.push({ method, path, answer: () => ({ status: error.httpStatus, body: error.toBody() }) });
    },
    sent: (method, path) => requests.filter((request) => request.method === method && request.path === path),
  };
}

/** The requests of the test that had no declared answer; reading them starts afresh. */
export function takeUnanswered(): string[] {
  const taken = unanswered;
  unanswered = [];
  return taken;
}
