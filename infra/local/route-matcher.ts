/** Matches a request to a route of the route table the way API Gateway does. */
import type { RouteDefinition } from '../../functions/routes.js';

export type RouteMatch<R extends RouteDefinition = RouteDefinition> = { route: R; pathParameters: Record<string, string> };

type CompiledRoute<R> = { route: R; segments: Array<{ literal: string } | { param: string }> };

export type RouteMatcher<R extends RouteDefinition = RouteDefinition> = {
  /** The route for this method and (decoded) path segments; literal segments beat `{param}`. */
  match(method: string, segments: readonly string[]): RouteMatch<R> | undefined;
};

export function createRouteMatcher<R extends RouteDefinition>(routes: readonly R[]): RouteMatcher<R> {
  const compiled: CompiledRoute<R>[] = routes.map((route) => ({
    route,
    segments: splitPath(route.path).map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param ? { param } : { literal: segment };
    }),
  }));
  // Most specific first: at the first position where two routes differ in kind, the literal wins.
  compiled.sort((a, b) => {
    for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i += 1) {
      const kind = Number('param' in a.segments[i]) - Number('param' in b.segments[i]);
      if (kind !== 0) return kind;
    }
    return 0;
  });

  return {
    match(method, segments) {
      for (const { route, segments: pattern } of compiled) {
        if (route.method !== method || pattern.length !== segments.length) continue;
        const pathParameters: Record<string, string> = {};
        const matches = pattern.every((part, i) => {
          if ('literal' in part) return part.literal === segments[i];
          pathParameters[part.param] = segments[i];
          return segments[i] !== '';
        });
        if (matches) return { route, pathParameters };
      }
      return undefined;
    },
  };
}

/** `/a/b` → ['a', 'b']. A trailing slash is an empty last segment, so `/a/` is not `/a`. */
export function splitPath(path: string): string[] {
  const withoutLeadingSlash = path.replace(/^\//, '');
  return withoutLeadingSlash === '' ? [] : withoutLeadingSlash.split('/');
}
