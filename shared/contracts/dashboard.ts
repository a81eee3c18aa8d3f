/** The dashboard (spec §2.1 /dashboard). */
import { ZDashboardSummary } from '../schemas/user.js';
import { defineGroup, route, section } from './route.js';

export const dashboard = defineGroup('dashboard', {
  summary: route({ method: 'GET', path: 'dashboard/summary', access: section('dashboard', 'read'), answer: ZDashboardSummary }),
});
