/** Announcement calls (spec §7 "Announcements and notifications") and their admin routes. */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { admin } from '../../../shared/contracts/admin.js';
import { announcements } from '../../../shared/contracts/announcements.js';
import type { TAnnouncement, TAnnouncementInput, TAnnouncementPage } from '../../../shared/schemas/announcements.js';
import { callRoute, useRoute } from './routes.js';

/** The list path; its swr keys are [ANNOUNCEMENTS_PATH, page]. */
export const ANNOUNCEMENTS_PATH = announcements.routes.popUp.path;

export type { TAnnouncement, TAnnouncementInput, TAnnouncementPage };

const firstPageKey = [ANNOUNCEMENTS_PATH, 1] as const;

function fetchAnnouncements([, page]: readonly [string, number]): Promise<TAnnouncementPage> {
  return callRoute(announcements.routes.popUp, { query: { page, limit: LIST_PAGE_SIZE } });
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
  return callRoute(announcements.routes.readAll, {});
}

/** Reads one announcement; the server marks it read for this user (spec §4). */
export function openAnnouncement(id: string): Promise<TAnnouncement> {
  return callRoute(announcements.routes.open, { params: { id } });
}

/** Removes the announcement from this user's list only. */
export function removeAnnouncement(id: string): Promise<unknown> {
  return callRoute(announcements.routes.hide, { params: { id } });
}

/** Every announcement, for provider support's admin page. */
export function useAdminAnnouncements() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(admin.routes.listAnnouncements, {});
  return { announcements: data?.data, error, isLoading, refetch: () => revalidate() };
}

/** Publishes a new announcement; the server sanitises the HTML and tells every user's socket. */
export function createAnnouncement(input: TAnnouncementInput): Promise<TAnnouncement> {
  return callRoute(admin.routes.createAnnouncement, { body: input });
}

export function updateAnnouncement(id: string, input: TAnnouncementInput): Promise<TAnnouncement> {
  return callRoute(admin.routes.updateAnnouncement, { params: { id }, body: input });
}

export function deleteAnnouncement(id: string): Promise<unknown> {
  return callRoute(admin.routes.deleteAnnouncement, { params: { id } });
}
