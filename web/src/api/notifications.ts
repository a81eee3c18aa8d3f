/**
 * Notification calls (spec §7 "Announcements and notifications"):
 * the menu's pages, the unopened count, persistent notices, progress items, the history and the
 * email settings. Lists are swr-cached; the socket only signals, so events refetch these keys.
 */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { notifications } from '../../../shared/contracts/notifications.js';
import type { NotificationType } from '../../../shared/domain/notifications.js';
import type {
  TNotification,
  TNotificationHistoryPage,
  TNotificationPage,
  TNotificationSettings,
  TProgressItems,
} from '../../../shared/schemas/notifications.js';
import type { TProgressPayload } from '../../../shared/schemas/realtime.js';
import { callRoute } from './routes.js';

const { routes } = notifications;

export type { TNotification, TNotificationHistoryPage, TNotificationPage, TNotificationSettings, TProgressPayload };

/** The menu's pages are keyed [PAGES_PATH, page]. */
const PAGES_PATH = routes.popUp.path;
const COUNT_PATH = routes.unreadCount.path;
const PERSISTENT_PATH = routes.persistentNotices.path;
const PROGRESS_PATH = routes.progressItems.path;
/** History pages are keyed [HISTORY_PATH, page, type, from, to]. */
const HISTORY_PATH = routes.history.path;
const SETTINGS_PATH = routes.getSettings.path;

type PageKey = readonly [string, number];

/**
 * The menu refetches on every opening (spec §4), even one a second after the last: its lists share
 * requests only while one is in flight, not for swr's usual two seconds.
 */
const FRESH_ON_MOUNT = { dedupingInterval: 0 } as const;

export function fetchNotificationPage(page: number): Promise<TNotificationPage> {
  return callRoute(routes.popUp, { query: { page, limit: LIST_PAGE_SIZE } });
}

/** One page (from 1) of the menu's notifications, newest first; null `page` = not loaded. */
export function useNotificationPage(page: number | null) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TNotificationPage, unknown, PageKey | null>(
    page === null ? null : [PAGES_PATH, page],
    ([, number]) => fetchNotificationPage(number),
    FRESH_ON_MOUNT,
  );
  return { page: data, error, isLoading, refetch: () => revalidate() };
}

/** Refetches the loaded pages of the menu from `fromPage` on (after a change, or a socket event). */
export function refetchNotificationPages(fromPage = 1): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === PAGES_PATH && typeof key[1] === 'number' && key[1] >= fromPage);
}

/** Puts a freshly fetched first page in the cache, so the menu shows it without another call. */
export function storeFirstNotificationPage(page: TNotificationPage): Promise<unknown> {
  return mutate([PAGES_PATH, 1], page, { revalidate: false });
}

/** How many notifications the user has not seen; drives the badge on the bell. */
export function useUnopenedNotificationCount() {
  const { data } = useSWR(COUNT_PATH, () => callRoute(routes.unreadCount, {}));
  return data?.count ?? 0;
}

export function refetchUnopenedCount(): Promise<unknown> {
  return mutate(COUNT_PATH);
}

/** Notices that stay until their cause is settled (unpaid plan, failing payment methods). */
export function usePersistentNotices(enabled: boolean) {
  const { data } = useSWR(enabled ? PERSISTENT_PATH : null, () => callRoute(routes.persistentNotices, {}), FRESH_ON_MOUNT);
  return data?.result ?? [];
}

export function refetchPersistentNotices(): Promise<unknown> {
  return mutate(PERSISTENT_PATH);
}

/** Running imports, exports and campaigns; kept live by `progress` socket events. */
export function useProgressItems(enabled: boolean) {
  const { data } = useSWR(enabled ? PROGRESS_PATH : null, () => callRoute(routes.progressItems, {}), FRESH_ON_MOUNT);
  return data;
}

export function refetchProgressItems(): Promise<unknown> {
  return mutate(PROGRESS_PATH);
}

/** Applies a `progress` event to the cached items: the job's row is replaced, or added first. */
export function applyProgressEvent(progress: TProgressPayload): Promise<unknown> {
  return mutate<TProgressItems>(
    PROGRESS_PATH,
    (items) => {
      const others = (items?.progressNotifications ?? []).filter((item) => item.id !== progress.id);
      return { importing: items?.importing ?? false, progressNotifications: [progress, ...others] };
    },
    { revalidate: false },
  );
}

/** Marks one notification read; the server tells the user's other tabs (`acknowledge`). */
export function markNotificationRead(id: string): Promise<unknown> {
  return callRoute(routes.markRead, { body: { id } });
}

export function deleteNotification(id: string): Promise<unknown> {
  return callRoute(routes.deleteOne, { body: { id } });
}

export function clearAllNotifications(): Promise<unknown> {
  return callRoute(routes.deleteAll, {});
}

export type HistoryFilter = { type?: NotificationType; from?: string; to?: string };
type HistoryKey = readonly [string, number, NotificationType | undefined, string | undefined, string | undefined];

/** One page (from 1) of the notification history under a filter. */
export function useNotificationHistoryPage(page: number, filter: HistoryFilter) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TNotificationHistoryPage, unknown, HistoryKey>(
    [HISTORY_PATH, page, filter.type, filter.from, filter.to],
    ([, number, type, from, to]) => callRoute(routes.history, { query: { page: number, limit: LIST_PAGE_SIZE, type, from, to } }),
  );
  return { page: data, error, isLoading, refetch: () => revalidate() };
}

/** The kinds that also go by email (settings → notifications). */
export function useNotificationSettings() {
  const { data, error, isLoading, mutate: revalidate } = useSWR(SETTINGS_PATH, () => callRoute(routes.getSettings, {}));
  return { settings: data, error, isLoading, refetch: () => revalidate() };
}

export async function saveNotificationSettings(settings: TNotificationSettings): Promise<TNotificationSettings> {
  const saved = await callRoute(routes.updateSettings, { body: settings });
  await mutate(SETTINGS_PATH, saved, { revalidate: false });
  return saved;
}
