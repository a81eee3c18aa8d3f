/** The delay chip of spec §1: a duration as days, hours and minutes ("2 days 3 hr 15 min"). */
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../shared/constants.js';

export function splitDelay(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.round(ms / MINUTE_MS)) * MINUTE_MS;
  return {
    days: Math.floor(total / DAY_MS),
    hours: Math.floor((total % DAY_MS) / HOUR_MS),
    minutes: Math.floor((total % HOUR_MS) / MINUTE_MS),
  };
}

/** Zero parts are left out; a delay under a minute reads "0 min". */
export function formatDelay(ms: number, locale: string): string {
  const { days, hours, minutes } = splitDelay(ms);
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts = [days > 0 ? unit(days, 'day') : null, hours > 0 ? unit(hours, 'hour') : null, minutes > 0 ? unit(minutes, 'minute') : null];
  const shown = parts.filter((part): part is string => part !== null);
  return shown.length > 0 ? shown.join(' ') : unit(0, 'minute');
}
