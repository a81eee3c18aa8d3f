/**
 * The web app's calls, by route contract (shared/contracts/<group>.ts): `callRoute(groups.routes.list, input)`
 * sends the route's method to its path with the route's timeout, and `useRoute(groups.routes.list, input)`
 * keys swr by the same contract, so a path is written once, in its contract. A page imports the
 * group modules it calls, so a lazy area's contracts load with the area, not with the first page.
 */
import useSWR, { type SWRConfiguration } from 'swr';
import type { z } from 'zod';
import { pathWith, type PathParamNames, type RouteContract, type RouteSpec } from '../../../shared/contracts/route.js';
import { apiRequest, type ApiRequestOptions, type QueryValue } from './client.js';

type Part<Name extends string, S> = S extends z.ZodType ? ({} extends z.input<S> ? { [K in Name]?: z.input<S> } : { [K in Name]: z.input<S> }) : unknown;
type ParamsPart<R extends RouteSpec> = R['params'] extends z.ZodType
  ? { params: z.input<R['params']> }
  : [PathParamNames<R['path']>] extends [never]
    ? unknown
    : { params: Record<PathParamNames<R['path']>, string> };

/** What a call of this route takes: its path parameters, query and body, each only where the route has one. */
export type CallInput<R extends RouteSpec> = ParamsPart<R> & Part<'query', R['query']> & Part<'body', R['body']>;
/** What a call of this route answers: its contract's JSON, or a file for a route that does not answer JSON. */
export type CallAnswer<R extends RouteSpec> = R['answer'] extends z.ZodType ? z.output<R['answer']> : Blob;
export type CallOptions = Pick<ApiRequestOptions, 'signal' | 'timeoutMs'>;

type LooseInput = { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown };

/** The path a call goes to, parameters filled in: the first part of its swr key. */
export function pathOf<R extends RouteContract>(route: R, input: CallInput<R>): string {
  return pathWith(route.path, (input as LooseInput).params);
}

/** Calls one route: its method to its path, with its timeout and, unless it is public, the session's token. */
export function callRoute<R extends RouteContract>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<CallAnswer<R>> {
  const { query, body } = input as LooseInput;
  return apiRequest<CallAnswer<R>>({
    method: route.method,
    path: pathOf(route, input),
    query,
    body,
    timeoutMs: route.clientTimeoutMs,
    auth: route.access.kind !== 'public',
    responseType: route.answer === 'not-json' ? 'blob' : 'json',
    ...options,
  });
}

/** An swr key of a call: its concrete path first (what revalidation matches on), then the route and its input. */
export type RouteKey = readonly [path: string, route: string, input: string];

export function routeKey<R extends RouteContract>(route: R, input: CallInput<R>): RouteKey {
  return [pathOf(route, input), route.name, JSON.stringify(input)];
}

/** swr over one route; a null input asks nothing (yet). */
export function useRoute<R extends RouteContract>(route: R, input: CallInput<R> | null, options?: SWRConfiguration<CallAnswer<R>>) {
  return useSWR<CallAnswer<R>, unknown, RouteKey | null>(input ? routeKey(route, input) : null, () => callRoute(route, input as CallInput<R>), options);
}

/** The path an swr key starts with: the key itself, or the first item of an array key (a RouteKey's path). */
export function keyPath(key: unknown): string | null {
  if (typeof key === 'string') return key;
  return Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
}

/** Whether an swr key is a call of this route, whatever its input. */
export function isRouteKey(key: unknown, route: RouteContract): boolean {
  return Array.isArray(key) && key[1] === route.name;
}
