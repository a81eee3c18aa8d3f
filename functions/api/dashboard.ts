import { dashboard } from '../../shared/contracts/dashboard.js';
import { createApiHandler } from '../lib/http.js';
import { getAccountDeliverability } from '../services/campaigns/deliverability-guard.js';
import { getDashboardSummary } from '../services/session/user-info.js';

export const handler = createApiHandler(dashboard, {
  summary: async ({ caller, now }) => getDashboardSummary({ claims: caller, now }),
  deliverability: async ({ caller, now }) => getAccountDeliverability({ tuid: caller.tuid, now }),
});
