/** How a contact's values read on screen (lists, dialogs and the profile). Pure. */
import { formatMobile } from '../../../../shared/domain/phone.js';
import type { Channel, TContact, TFieldSchema, TFieldValue } from '../../../../shared/schemas/contacts.js';

/** An address as people read it: the mobile number (E.164) written internationally. */
export function displayAddress(channel: Channel, address: string): string {
  return channel === 'sms' ? formatMobile(address) : address;
}

/** What names a contact in a sentence or a title: its email, else its mobile number; null without either. */
export function contactAddress(contact: Pick<TContact, 'email' | 'mobile'>): string | null {
  return contact.email ?? (contact.mobile ? displayAddress('sms', contact.mobile) : null);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date field's value (YYYY-MM-DD) in the UI language. It is a calendar day, not an instant:
 * formatted in UTC so no time zone moves it to the day before or after.
 */
export function formatCalendarDay(day: string, locale: string): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(time);
}

/** Labels of the chosen ids, in the field's order; ids of removed choices are left out. */
export function choiceLabels(field: TFieldSchema, value: TFieldValue): string[] {
  const chosen = new Set(Array.isArray(value) ? value : [String(value)]);
  return field.choices.filter((choice) => chosen.has(choice.id)).map((choice) => choice.label);
}

/** The value as text; '' when the contact has none. */
export function formatFieldValue(field: TFieldSchema, value: TFieldValue | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value) : String(value);
    case 'date':
      return typeof value === 'string' ? formatCalendarDay(value, locale) : String(value);
    case 'singleChoice':
    case 'multipleChoice':
      return choiceLabels(field, value).join(', ');
    case 'text':
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
