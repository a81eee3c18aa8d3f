import useSWR from 'swr';
import { LIST_PAGE_SIZE, TIMEOUTS_MS } from '../../../shared/constants.js';
import type { TAnnouncement, TAnnouncementPage } from '../../../shared/schemas/announcements.js';
import { apiRequest } from './client.js';

const API = '/api/v1/pageBasedAPI/announcement';

export type { TAnnouncement, TAnnouncementPage };

const firstPageKey = [`${API}/pop-up`, 1] as const;

function fetchAnnouncements([path, page]: readonly [string, number]): Promise<TAnnouncementPage> {
  return apiRequest<TAnnouncementPage>({ path, query: { page, limit: LIST_PAGE_SIZE }, timeoutMs: TIMEOUTS_MS.notifications });
}

/** The first page of announcements; also the source of the unread count on the header icon. */
export function useAnnouncements() {
  const { data, error, isLoading, mutate } = useSWR<TAnnouncementPage, unknown, typeof firstPageKey>(firstPageKey, fetchAnnouncements);
  return { page: data, error, isLoading, refetch: () => mutate() };
}

/** Marks every announcement read (spec §4: the unread count becomes 0). */
export function markAllAnnouncementsRead(): Promise<unknown> {
  return apiRequest({ method: 'PUT', path: `${API}/readAll`, timeoutMs: TIMEOUTS_MS.notifications });
}
