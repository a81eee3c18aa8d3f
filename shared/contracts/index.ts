/** Every route contract of the product, by group: the one place a route is declared. */
import { account } from './account.js';
import { admin } from './admin.js';
import { announcements } from './announcements.js';
import { auth } from './auth.js';
import { billing } from './billing.js';
import { campaignReports } from './campaign-reports.js';
import { campaigns } from './campaigns.js';
import { config } from './config.js';
import { contacts } from './contacts.js';
import { dashboard } from './dashboard.js';
import { developers } from './developers.js';
import { dataExports } from './exports.js';
import { fileManager } from './file-manager.js';
import { groups } from './groups.js';
import { imports } from './imports.js';
import { notifications } from './notifications.js';
import { payments } from './payments.js';
import type { RouteContract } from './route.js';
import { search } from './search.js';
import { senderIdentities } from './sender-identities.js';
import { shoppingCart } from './shopping-cart.js';
import { smsSettings } from './sms-settings.js';
import { templates } from './templates.js';
import { tracking } from './tracking.js';
import { user } from './user.js';

export const CONTRACTS = {
  auth,
  config,
  user,
  account,
  dashboard,
  notifications,
  announcements,
  admin,
  shoppingCart,
  payments,
  billing,
  contacts,
  groups,
  imports,
  exports: dataExports,
  search,
  campaigns,
  campaignReports,
  tracking,
  smsSettings,
  templates,
  fileManager,
  developers,
  senderIdentities,
} as const;

export const ROUTE_CONTRACTS: readonly RouteContract[] = Object.values(CONTRACTS).flatMap((group): RouteContract[] => Object.values(group.routes));
