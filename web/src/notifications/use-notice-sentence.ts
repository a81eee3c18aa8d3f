import { useTranslation } from 'react-i18next';
import type { TNotification } from '../../../shared/schemas/notifications.js';
import { useUserInfo } from '../api/user.js';
import { useClaims } from '../session/session.js';
import { noticeSentence, sentenceFormat } from './sentence.js';

/** Renders notifications as sentences for the signed-in reader, in the UI language and their time zone. */
export function useNoticeSentence(): (notification: Pick<TNotification, 'type' | 'message'>) => string {
  const { t, i18n } = useTranslation('notifications');
  const readerId = useClaims()?.loginTuid ?? '';
  const { user } = useUserInfo();
  const format = sentenceFormat(i18n.language, user?.timezone);
  return (notification) => noticeSentence(notification, { t, readerId, format });
}
