/**
 * A route contract: everything about one HTTP route, declared once. The route table that CDK and
 * the local host read is derived from the contracts (functions/routes.ts); each API Lambda
 * implements its group's contracts by name (functions/lib/http.ts); the web app calls them by name
 * (web/src/api/routes.ts). Pure data and zod schemas: no AWS, no React, no I/O.
 */
import type { z } from 'zod';
import { TIMEOUTS_MS } from '../constants.js';
import type { Flag, Section } from '../domain/permissions.js';

/** Every product route's path begins with this, apart from /auth, /config and the /t links of sent messages. */
export const API_PREFIX = '/api/v1/pageBasedAPI';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Who may call a route; one middleware enforces it (functions/lib/http.ts). */
export type RouteAccess =
  | { kind: 'public' }
  /** Any signed-in user, on any account they act on. */
  | { kind: 'session' }
  /** Only the user acting on their own login account (account settings, language). */
  | { kind: 'ownAccount' }
  /** A section flag of spec §6. */
  | { kind: 'section'; section: Section; flag: Flag }
  /** Provider support staff only. */
  | { kind: 'admin' }
  /** Write on email, sms or template (spec §2.2: the file manager icon). */
  | { kind: 'fileManager' }
  /** Any export source the role reaches (shared/domain/exports.ts); the service answers only the jobs it may see. */
  | { kind: 'exports' };

export const PUBLIC = { kind: 'public' } as const satisfies RouteAccess;
export const SESSION = { kind: 'session' } as const satisfies RouteAccess;
export const OWN_ACCOUNT = { kind: 'ownAccount' } as const satisfies RouteAccess;
export const ADMIN = { kind: 'admin' } as const satisfies RouteAccess;
export const FILE_MANAGER = { kind: 'fileManager' } as const satisfies RouteAccess;
export const EXPORTS = { kind: 'exports' } as const satisfies RouteAccess;
export const section = <const S extends Section, const F extends Flag>(name: S, flag: F) => ({ kind: 'section', section: name, flag }) as const;

/** Handler modules under functions/api/; each is one Lambda serving its group's routes. */
export type ApiGroup =
  | 'auth'
  | 'config'
  | 'user'
  | 'account'
  | 'dashboard'
  | 'notifications'
  | 'announcements'
  | 'admin'
  | 'shopping-cart'
  | 'payments'
  | 'billing'
  | 'contacts'
  | 'groups'
  | 'search'
  | 'imports'
  | 'exports'
  | 'templates'
  | 'file-manager'
  | 'campaigns'
  | 'campaign-reports'
  | 'tracking'
  | 'sms-settings'
  | 'developers'
  | 'sender-identities';

/** The answer of a route that does not answer JSON: a redirect to a download, text, a page, an image. */
export const NOT_JSON = 'not-json';

/** What a group file writes for one route; `route()` and `defineGroup()` fill in the rest. */
export type RouteSpec = {
  method: HttpMethod;
  /** API Gateway path syntax (`{name}` for a parameter); a path without a leading slash is under API_PREFIX. */
  path: string;
  access: RouteAccess;
  /** Path parameters; without a schema each `{name}` is handed over as the string it is. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's JSON, or NOT_JSON. */
  answer: z.ZodType | typeof NOT_JSON;
  /** The success status of a JSON answer; 200 unless the route creates something (201). */
  status?: 200 | 201;
  /** The client's timeout for this call (spec §9); the server's own limit is capped lower. */
  clientTimeoutMs?: number;
  /** Still callable while the token demands a password change. */
  allowedDuringPasswordChange?: boolean;
  /** A larger JSON body than the default 1 MiB (functions/lib/http.ts); Lambda takes at most 6 MB. */
  maxBodyBytes?: number;
};

/** A route of the table: its spec with its absolute path, its group and its stable name (`groups.list`). */
export type RouteContract<S extends RouteSpec = RouteSpec, G extends ApiGroup = ApiGroup, N extends string = string> = Omit<S, 'path'> & {
  path: FullPath<S['path']>;
  name: N;
  group: G;
  clientTimeoutMs: number;
};

type FullPath<P extends string> = string extends P ? string : P extends `/${string}` ? P : `${typeof API_PREFIX}/${P}`;

/** The `{name}` parameters of a path, as a union of their names. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

export type ContractGroup<G extends ApiGroup = ApiGroup, R extends Record<string, RouteSpec> = Record<string, RouteSpec>> = {
  group: G;
  routes: { readonly [K in keyof R & string]: RouteContract<R[K], G, `${G}.${K}`> };
};

/** Declares one route; `const` keeps its path and access literal so handlers and callers are typed by them. */
export function route<const S extends RouteSpec>(spec: S): S {
  return spec;
}

/** A group's routes, named `<group>.<key>`: the unit one Lambda serves. */
export function defineGroup<const G extends ApiGroup, const R extends Record<string, RouteSpec>>(group: G, routes: R): ContractGroup<G, R> {
  const named = Object.fromEntries(
    Object.entries(routes).map(([key, spec]) => {
      const path = spec.path.startsWith('/') ? spec.path : `${API_PREFIX}/${spec.path}`;
      const contract = { ...spec, path, name: `${group}.${key}`, group, clientTimeoutMs: spec.clientTimeoutMs ?? TIMEOUTS_MS.default };
      return [key, contract];
    }),
  );
  return { group, routes: named as ContractGroup<G, R>['routes'] };
}

/** API Gateway's route key, `METHOD /path`, as it arrives in `event.routeKey`. */
export function routeKeyOf(route: Pick<RouteContract, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** A concrete path: each `{name}` replaced by its encoded value. */
export function pathWith(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
