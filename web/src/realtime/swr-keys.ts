/**
 * The swr keys the socket keeps fresh. They are the keys of the hooks in web/src/api (user.ts,
 * shopping-cart.ts, announcements.ts); the socket refreshes them after a reconnect and on events.
 */
import { CONTRACTS } from '../../../shared/contracts/index.js';
import { ANNOUNCEMENTS_PATH } from '../api/announcements.js';
import { isRouteKey, routeKey } from '../api/routes.js';

export const USER_INFO_KEY = routeKey(CONTRACTS.user.routes.get, {});
export const CART_COUNT_KEY = routeKey(CONTRACTS.shoppingCart.routes.count, {});


/** The announcement list pages are keyed [path, page]. */
export function isAnnouncementsKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === ANNOUNCEMENTS_PATH;
}

/** Group lists and details are keyed by their path, alone or first in an array with the query. */
export function isGroupsKey(key: unknown): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && path.startsWith(CONTRACTS.groups.routes.list.path);
}

/** What may have changed while the socket was down (spec §7: the lists are the source of truth). */
export function isMissedWhileOfflineKey(key: unknown): boolean {
  return isRouteKey(key, CONTRACTS.user.routes.get) || isRouteKey(key, CONTRACTS.shoppingCart.routes.count) || isAnnouncementsKey(key);
}
