/**
 * The socket events that only refresh data (spec §7): the lists stay the source of truth, the
 * events say which to refetch. Notifications, acknowledge and progress belong to the
 * notification menu, which subscribes itself.
 */
import i18next from 'i18next';
import { useSWRConfig } from 'swr';
import { refetchAnnouncements } from '../api/announcements.js';
import { notify } from '../components/toaster.js';
import { useSocketEvent } from './socket.js';
import { CART_COUNT_KEY, isCreditsKey, isGroupsKey } from './swr-keys.js';

async function toastBounce(message: string, detail: string): Promise<void> {
  // The toast may be the first text of the `realtime` namespace this page needs.
  await i18next.loadNamespaces('realtime');
  notify({ type: 'warning', title: i18next.t('realtime:bounce.title'), description: detail ? `${message} ${detail}` : message });
}

export function useDataEvents(): void {
  const { mutate } = useSWRConfig();
  useSocketEvent('announcement', () => void refetchAnnouncements());
  useSocketEvent('updateShoppingCart', ({ data }) => void mutate(CART_COUNT_KEY, { count: data.count }, { revalidate: false }));
  useSocketEvent('mlst', () => void mutate(isGroupsKey));
  useSocketEvent('creditsChanged', () => void mutate(isCreditsKey));
  useSocketEvent('bounceReason', ({ data }) => void toastBounce(data.message, data.detail));
}
