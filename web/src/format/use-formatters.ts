import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../api/user.js';
import { badgeLabel, formatNumber, formatPercent } from './count.js';
import { formatDate, formatDateTime, type DateInput } from './date.js';
import { formatMegabytes } from './file-size.js';

/** The formatting helpers bound to the UI language and the user's stored time zone. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const { user } = useUserInfo();
  const locale = i18n.language;
  const timeZone = user?.timezone;
  return {
    locale,
    dateTime: (input: DateInput) => formatDateTime(input, { locale, timeZone }),
    date: (input: DateInput) => formatDate(input, { locale, timeZone }),
    number: (value: number) => formatNumber(value, locale),
    /** Report rates show one decimal; the guard's rates and limits two (0.1% complaints). */
    percent: (fraction: number, maximumFractionDigits = 1) => formatPercent(fraction, locale, maximumFractionDigits),
    megabytes: (value: number) => formatMegabytes(value, locale),
    badge: badgeLabel,
  };
}
