/** The dashboard (spec §2.1 /dashboard). */
import { ZDeliverabilityRates } from '../schemas/deliverability.js';
import { ZDashboardSummary } from '../schemas/user.js';
import { defineGroup, route, section } from './route.js';

export const dashboard = defineGroup('dashboard', {
  summary: route({ method: 'GET', path: 'dashboard/summary', access: section('dashboard', 'read'), answer: ZDashboardSummary }),
  /** The account's 30-day bounce, complaint, opt-out and failure rates beside the deliverability guard's limits. */
  deliverability: route({ method: 'GET', path: 'dashboard/deliverability', access: section('dashboard', 'read'), answer: ZDeliverabilityRates }),
});
