import useSWR from 'swr';
import { LIST_PAGE_SIZE, TIMEOUTS_MS } from '../../../shared/constants.js';
import type { TNotification, TNotificationPage } from '../../../shared/schemas/notifications.js';
import { apiRequest } from './client.js';

const API = '/api/v1/pageBasedAPI/notification';

export type { TNotification, TNotificationPage };

const firstPageKey = [`${API}/pop-up`, 1] as const;

function fetchNotifications([path, page]: readonly [string, number]): Promise<TNotificationPage> {
  return apiRequest<TNotificationPage>({ path, query: { page, limit: LIST_PAGE_SIZE }, timeoutMs: TIMEOUTS_MS.notifications });
}

/** The first page of notifications, loaded when the menu opens (null key = not loaded). */
export function useNotifications(open: boolean) {
  const { data, error, isLoading, mutate } = useSWR<TNotificationPage, unknown, typeof firstPageKey | null>(open ? firstPageKey : null, fetchNotifications);
  return { page: data, error, isLoading, refetch: () => mutate() };
}

function fetchUnopenCount(path: string): Promise<{ count: number }> {
  return apiRequest<{ count: number }>({ path, timeoutMs: TIMEOUTS_MS.notifications });
}

/** How many notifications the user has not seen; drives the badge on the bell. */
export function useUnopenedNotificationCount() {
  const { data, mutate } = useSWR(`${API}/unopen-count`, fetchUnopenCount);
  return { count: data?.count ?? 0, refetch: () => mutate() };
}

export function clearAllNotifications(): Promise<unknown> {
  return apiRequest({ method: 'DELETE', path: `${API}/delete-all`, timeoutMs: TIMEOUTS_MS.notifications });
}
