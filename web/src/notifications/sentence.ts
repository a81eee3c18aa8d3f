/**
 * A notification as a sentence (spec §3): `notifications:<type>.<messageType>` filled with its
 * values, users shown as 'you' when they are the reader. Pure, so toasts, the menu, the history
 * page and the tests render alike.
 */
import type { TFunction } from 'i18next';
import { isMessageOf, isNotificationType, noticeValues } from '../../../shared/domain/notifications.js';
import type { TNotification } from '../../../shared/schemas/notifications.js';
import { resolveTimeZone } from '../format/date.js';

export type SentenceFormat = {
  number(value: number): string;
  /** An ISO date-time in the reader's time zone and language. */
  dateTime(value: string): string;
};

/** Numbers with the language's grouping; dates absolute ("for 3 May 2025, 09:00"), in the reader's zone. */
export function sentenceFormat(locale: string, timeZone: string | null | undefined): SentenceFormat {
  const numbers = new Intl.NumberFormat(locale);
  const dates = new Intl.DateTimeFormat(locale, { timeZone: resolveTimeZone(timeZone), dateStyle: 'medium', timeStyle: 'short' });
  return {
    number: (value) => numbers.format(value),
    dateTime: (value) => {
      const time = Date.parse(value);
      return Number.isFinite(time) ? dates.format(time) : value;
    },
  };
}

/** Values that are keys of a small vocabulary in the same namespace, translated before use. */
const TRANSLATED_VALUES: Record<string, string> = { role: 'role', oldRole: 'role', campaignType: 'campaignType', guardReason: 'guardReason' };
const DATE_VALUES = new Set(['campStartTime', 'senderIdForceReverifyEndTime']);

function displayValues(values: Record<string, string | number>, t: TFunction, format: SentenceFormat): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'number') return [name, format.number(value)];
      const vocabulary = TRANSLATED_VALUES[name];
      if (vocabulary && value) return [name, t(`${vocabulary}.${value}`, { defaultValue: value })];
      if (DATE_VALUES.has(name) && value) return [name, format.dateTime(value)];
      return [name, value];
    }),
  );
}

/**
 * `t` must be bound to the `notifications` namespace. 'you' is lower case so it reads right
 * mid-sentence ("from you to Ann"); a sentence that opens with it gets its capital back.
 */
export function noticeSentence(notification: Pick<TNotification, 'type' | 'message'>, options: { t: TFunction; readerId: string; format: SentenceFormat }): string {
  const { t, readerId, format } = options;
  const { type } = notification;
  const messageType = notification.message.type;
  if (!isNotificationType(type) || !isMessageOf(type, messageType)) return t('fallback');

  const you = t('you');
  const values = displayValues(noticeValues(notification.message.values, readerId, you), t, format);
  // `replace` keeps message values apart from i18next's own options (count, context, lng…).
  const sentence = t(`${type}.${messageType}`, { replace: values });
  return sentence.startsWith(`${you} `) ? sentence.charAt(0).toLocaleUpperCase() + sentence.slice(1) : sentence;
}
