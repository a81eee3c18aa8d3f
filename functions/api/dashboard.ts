import { claimsOf, createApiHandler } from '../lib/http.js';
import { getDashboardSummary } from '../services/user-info.js';

export const handler = createApiHandler('dashboard', {
  'GET /api/v1/pageBasedAPI/dashboard/summary': async (request) => getDashboardSummary(claimsOf(request), new Date()),
});
