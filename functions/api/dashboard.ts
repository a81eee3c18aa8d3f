import { dashboard } from '../../shared/contracts/dashboard.js';
import { createApiHandler } from '../lib/http.js';
import { getDashboardSummary } from '../services/session/user-info.js';

export const handler = createApiHandler(dashboard, {
  summary: async ({ caller, now }) => getDashboardSummary({ claims: caller, now }),
});
