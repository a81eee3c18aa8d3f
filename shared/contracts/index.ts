/** Every route contract of the product, by group: the one place a route is declared. */
import { groups } from './groups.js';
import type { RouteContract } from './route.js';

export const CONTRACTS = { groups } as const;

export const ROUTE_CONTRACTS: readonly RouteContract[] = Object.values(CONTRACTS).flatMap((group): RouteContract[] => Object.values(group.routes));
