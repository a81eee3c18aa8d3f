/** The history page's filter, kept in the URL (`?type=&from=&to=`) so a reload or a shared link keeps it. */
import { useSearchParams } from 'react-router-dom';
import { isNotificationType, type NotificationType } from '../../../../shared/domain/notifications.js';
import type { HistoryFilter } from '../../api/notifications.js';
import { useUserInfo } from '../../api/user.js';
import { dayRangeBounds } from './day-range.js';

export type HistoryFilterState = {
  type: NotificationType | '';
  fromDay: string;
  toDay: string;
  /** What the API is asked for; null while the days are in the wrong order. */
  query: HistoryFilter | null;
  isFiltered: boolean;
  set(change: Partial<Record<'type' | 'from' | 'to', string>>): void;
  clear(): void;
};

export function useHistoryFilter(): HistoryFilterState {
  const [params, setParams] = useSearchParams();
  const { user } = useUserInfo();
  const rawType = params.get('type') ?? '';
  const type = isNotificationType(rawType) ? rawType : '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const range = dayRangeBounds(fromDay, toDay, user?.timezone);

  return {
    type,
    fromDay,
    toDay,
    query: range && { type: type || undefined, ...range },
    isFiltered: Boolean(type || fromDay || toDay),
    set(change) {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(change)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      setParams(next, { replace: true });
    },
    clear: () => setParams({}, { replace: true }),
  };
}
