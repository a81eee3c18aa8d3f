/** Announcement calls (spec §7 "Announcements and notifications") and their admin routes (docs/api-contract.md). */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE, TIMEOUTS_MS } from '../../../shared/constants.js';
import type { TAnnouncement, TAnnouncementInput, TAnnouncementPage } from '../../../shared/schemas/announcements.js';
import { apiRequest } from './client.js';

const API = '/api/v1/pageBasedAPI/announcement';
const ADMIN_API = '/api/v1/pageBasedAPI/admin/announcements';
/** The list path; its swr keys are [ANNOUNCEMENTS_PATH, page]. */
export const ANNOUNCEMENTS_PATH = `${API}/pop-up`;

export type { TAnnouncement, TAnnouncementInput, TAnnouncementPage };

const firstPageKey = [ANNOUNCEMENTS_PATH, 1] as const;
const timeoutMs = TIMEOUTS_MS.notifications;

function fetchAnnouncements([path, page]: readonly [string, number]): Promise<TAnnouncementPage> {
  return apiRequest<TAnnouncementPage>({ path, query: { page, limit: LIST_PAGE_SIZE }, timeoutMs });
}

/** The first page of announcements; also the source of the unread count on the header icon. */
export function useAnnouncements() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TAnnouncementPage, unknown, typeof firstPageKey>(firstPageKey, fetchAnnouncements);
  return { page: data, error, isLoading, refetch: () => revalidate() };
}

/** Refetches the announcement list wherever it is shown (socket `announcement` event, after a change). */
export function refetchAnnouncements(): Promise<unknown> {
  return mutate(firstPageKey);
}

/** Changes the cached first page at once (an optimistic update); the next fetch confirms it. */
export function updateCachedAnnouncements(update: (page: TAnnouncementPage) => TAnnouncementPage): Promise<unknown> {
  return mutate<TAnnouncementPage>(firstPageKey, (current) => current && update(current), { revalidate: false });
}

/** Marks every announcement read (spec §4: the unread count becomes 0). */
export function markAllAnnouncementsRead(): Promise<unknown> {
  return apiRequest({ method: 'PUT', path: `${API}/readAll`, timeoutMs });
}

/** Reads one announcement; the server marks it read for this user (spec §4). */
export function openAnnouncement(id: string): Promise<TAnnouncement> {
  return apiRequest<TAnnouncement>({ path: `${API}/${encodeURIComponent(id)}`, timeoutMs });
}

/** Removes the announcement from this user's list only. */
export function removeAnnouncement(id: string): Promise<unknown> {
  return apiRequest({ method: 'DELETE', path: `${API}/${encodeURIComponent(id)}`, timeoutMs });
}

/** Every announcement, for provider support's admin page. */
export function useAdminAnnouncements() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<{ data: TAnnouncement[] }, unknown>(ADMIN_API, (path: string) =>
    apiRequest<{ data: TAnnouncement[] }>({ path, timeoutMs }),
  );
  return { announcements: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Publishes a new announcement; the server sanitises the HTML and tells every user's socket. */
export function createAnnouncement(input: TAnnouncementInput): Promise<TAnnouncement> {
  return apiRequest<TAnnouncement>({ method: 'POST', path: ADMIN_API, body: input, timeoutMs });
}

export function updateAnnouncement(id: string, input: TAnnouncementInput): Promise<TAnnouncement> {
  return apiRequest<TAnnouncement>({ method: 'PUT', path: `${ADMIN_API}/${encodeURIComponent(id)}`, body: input, timeoutMs });
}

export function deleteAnnouncement(id: string): Promise<unknown> {
  return apiRequest({ method: 'DELETE', path: `${ADMIN_API}/${encodeURIComponent(id)}`, timeoutMs });
}
