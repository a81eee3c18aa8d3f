import useSWR from 'swr';
import type { TDashboardSummary } from '../../../shared/schemas/user.js';
import { fetchPath } from './client.js';

const DASHBOARD_SUMMARY_PATH = '/api/v1/pageBasedAPI/dashboard/summary';

/** The dashboard figures; not requested without dashboard read access (the page redirects then). */
export function useDashboardSummary(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<TDashboardSummary, unknown>(enabled ? DASHBOARD_SUMMARY_PATH : null, fetchPath);
  return { summary: data, error, isLoading, retry: () => mutate() };
}
