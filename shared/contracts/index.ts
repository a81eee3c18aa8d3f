/** Every route contract of the product, by group: the one place a route is declared. */
import { campaignReports } from './campaign-reports.js';
import { campaigns } from './campaigns.js';
import { groups } from './groups.js';
import type { RouteContract } from './route.js';
import { smsSettings } from './sms-settings.js';
import { tracking } from './tracking.js';

export const CONTRACTS = { groups, campaigns, campaignReports, tracking, smsSettings } as const;

export const ROUTE_CONTRACTS: readonly RouteContract[] = Object.values(CONTRACTS).flatMap((group): RouteContract[] => Object.values(group.routes));
