/**
 * Toasts raised by the notification feed (spec §2.5, §4, §8): a new notification as its sentence,
 * and the persistent payment notices once per session.
 */
import { toastStaysOpen } from '../../../shared/domain/notifications.js';
import type { TNotification, TPersistentNotices } from '../../../shared/schemas/notifications.js';
import { notify, type NotifyOptions } from '../components/toaster.js';
import i18next from '../i18n/index.js';
import { noticeSentence, sentenceFormat } from './sentence.js';

const TOAST_TYPES: readonly NotifyOptions['type'][] = ['success', 'info', 'warning', 'error'];

export type Reader = { id: string; timeZone: string | null | undefined };

/** The kind as the toast's title, the sentence below it; severity 3 stays open (toastStaysOpen). */
export async function toastNotification(notification: TNotification, reader: Reader): Promise<void> {
  await i18next.loadNamespaces(['notifications', 'shell']);
  const sentence = noticeSentence(notification, {
    t: i18next.getFixedT(null, 'notifications'),
    readerId: reader.id,
    format: sentenceFormat(i18next.language, reader.timeZone),
  });
  notify({
    type: TOAST_TYPES[notification.severity] ?? 'info',
    title: i18next.t(`shell:notifications.type.${notification.type}`, { defaultValue: i18next.t('shell:notifications.type.other') }),
    description: sentence,
    sticky: toastStaysOpen(notification),
  });
}

type PersistentNotice = TPersistentNotices['result'][number];

const SHOWN_KEY = 'notifications.persistentShown';

/** The notices already toasted in this login session (by session id), so a reload does not repeat them. */
function shownInSession(sid: string): Set<string> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(SHOWN_KEY) ?? 'null');
    if (typeof stored === 'object' && stored !== null && 'sid' in stored && 'ids' in stored && stored.sid === sid && Array.isArray(stored.ids)) {
      return new Set(stored.ids.filter((id): id is string => typeof id === 'string'));
    }
  } catch {
    // Unreadable storage: the notices show again, which is the safe side.
  }
  return new Set();
}

function rememberShown(sid: string, ids: Set<string>): void {
  try {
    window.localStorage.setItem(SHOWN_KEY, JSON.stringify({ sid, ids: [...ids] }));
  } catch {
    // Storage full or blocked: the notices may show again after a reload.
  }
}

/** Persistent toasts for unpaid plans and failing payment methods (spec §8 "Toasts"), once per session. */
export async function toastPersistentNotices(notices: readonly PersistentNotice[], sid: string): Promise<void> {
  const shown = shownInSession(sid);
  const fresh = notices.filter((notice) => !shown.has(notice.id));
  if (fresh.length === 0) return;
  await i18next.loadNamespaces('activity');
  for (const notice of fresh) {
    notify({ type: 'warning', title: i18next.t(`activity:persistent.${notice.id}`), sticky: true });
    shown.add(notice.id);
  }
  rememberShown(sid, shown);
}
