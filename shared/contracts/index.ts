/** Every route contract of the product, by group: the one place a route is declared. */
import { account } from './account.js';
import { admin } from './admin.js';
import { announcements } from './announcements.js';
import { auth } from './auth.js';
import { config } from './config.js';
import { dashboard } from './dashboard.js';
import { fileManager } from './file-manager.js';
import { groups } from './groups.js';
import { notifications } from './notifications.js';
import type { RouteContract } from './route.js';
import { search } from './search.js';
import { shoppingCart } from './shopping-cart.js';
import { templates } from './templates.js';
import { user } from './user.js';

export const CONTRACTS = { auth, config, user, account, dashboard, notifications, announcements, admin, shoppingCart, groups, search, templates, fileManager } as const;

export const ROUTE_CONTRACTS: readonly RouteContract[] = Object.values(CONTRACTS).flatMap((group): RouteContract[] => Object.values(group.routes));
