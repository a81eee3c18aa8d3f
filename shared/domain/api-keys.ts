/**
 * API keys (settings → developers): what a key looks like and which routes it reaches. A key acts
 * on the account that made it with only its scopes (the section flags of spec §6); it never reaches
 * settings, billing, multi-user, support or session-only routes, whatever its scopes.
 */
import type { ApiGroup, RouteAccess } from '../contracts/route.js';
import { FLAGS, SECTIONS, type TPermissions } from './permissions.js';

/** Every key starts with this, so the guard tells a key from a session token without a lookup. */
export const API_KEY_PREFIX = 'cpk';

/** Route groups that are settings or billing: never reached with a key, whatever the route's access. */
const GROUPS_CLOSED_TO_KEYS: ReadonlySet<ApiGroup> = new Set<ApiGroup>(['sms-settings', 'shopping-cart', 'developers', 'account', 'admin', 'auth']);

/** Whether a route may be called with an API key at all; its scopes are checked after. */
export function isReachableWithApiKey(route: { group: ApiGroup; access: RouteAccess }): boolean {
  if (GROUPS_CLOSED_TO_KEYS.has(route.group)) return false;
  return route.access.kind === 'section' || route.access.kind === 'fileManager' || route.access.kind === 'exports';
}

export type ApiKeyParts = { tuid: string; id: string; secret: string };

/** `cpk.<account>.<key id>.<secret>`: the account and id find the stored key, the secret proves it. */
export function formatApiKey(parts: ApiKeyParts): string {
  return [API_KEY_PREFIX, parts.tuid, parts.id, parts.secret].join('.');
}

export function isApiKey(token: string): boolean {
  return token.startsWith(`${API_KEY_PREFIX}.`);
}

/** The parts of a key, or null when it is not shaped like one. */
export function parseApiKey(token: string): ApiKeyParts | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== API_KEY_PREFIX || parts.some((part) => part.length === 0)) return null;
  return { tuid: parts[1], id: parts[2], secret: parts[3] };
}

/** Whether scopes grant anything at all (a key without a flag could call nothing). */
export function grantsAnything(scopes: TPermissions): boolean {
  return SECTIONS.some((section) => FLAGS.some((flag) => scopes[section][flag]));
}
