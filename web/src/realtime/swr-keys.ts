/**
 * The swr keys the socket keeps fresh. They are the keys of the hooks in web/src/api (user.ts,
 * shopping-cart.ts, announcements.ts); the socket refreshes them after a reconnect and on events.
 */
import { dashboard } from '../../../shared/contracts/dashboard.js';
import { groups } from '../../../shared/contracts/groups.js';
import { payments } from '../../../shared/contracts/payments.js';
import { shoppingCart } from '../../../shared/contracts/shopping-cart.js';
import { user } from '../../../shared/contracts/user.js';
import { ANNOUNCEMENTS_PATH } from '../api/announcements.js';
import { isRouteKey, routeKey } from '../api/routes.js';

export const USER_INFO_KEY = routeKey(user.routes.get, {});
export const CART_COUNT_KEY = routeKey(shoppingCart.routes.count, {});


/** What a paid order changes: the balances the dashboard shows, the plans, the orders. */
export function isCreditsKey(key: unknown): boolean {
  return isRouteKey(key, dashboard.routes.summary) || isRouteKey(key, payments.routes.plans) || isRouteKey(key, payments.routes.orders);
}

/** The announcement list pages are keyed [path, page]. */
export function isAnnouncementsKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === ANNOUNCEMENTS_PATH;
}

/** Group lists and details are keyed by their path, alone or first in an array with the query. */
export function isGroupsKey(key: unknown): boolean {
  const path = Array.isArray(key) ? key[0] : key;
  return typeof path === 'string' && path.startsWith(groups.routes.list.path);
}

/** What may have changed while the socket was down (spec §7: the lists are the source of truth). */
export function isMissedWhileOfflineKey(key: unknown): boolean {
  return isRouteKey(key, user.routes.get) || isRouteKey(key, shoppingCart.routes.count) || isAnnouncementsKey(key) || isCreditsKey(key);
}
