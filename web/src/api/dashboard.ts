import { dashboard } from '../../../shared/contracts/dashboard.js';
import { useRoute } from './routes.js';

/** The dashboard figures; not requested without dashboard read access (the page redirects then). */
export function useDashboardSummary(enabled: boolean) {
  const { data, error, isLoading, mutate } = useRoute(dashboard.routes.summary, enabled ? {} : null);
  return { summary: data, error, isLoading, retry: () => mutate() };
}

/** The account's 30-day deliverability rates; requested only with dashboard read access, like the summary. */
export function useDeliverabilityRates(enabled: boolean) {
  const { data, error } = useRoute(dashboard.routes.deliverability, enabled ? {} : null);
  return { rates: data, error };
}
