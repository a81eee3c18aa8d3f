/**
 * The columns of a contact export: the addresses, every custom field of the account in its order,
 * then the subscription and bounce status per channel and the contact's times. Headers are the
 * names our importer's guessed mapping (shared/domain/import-mapping.ts) reads back, and values
 * are written the way the importer reads them (yes/no, choice labels, YYYY-MM-DD), so an export
 * re-imports cleanly. Pure; the export worker writes these cells to CSV or XLSX.
 */
import type { TFieldSchema } from '../schemas/contacts.js';
import type { ContactRecord } from './contacts.js';

/** A cell: text, a number (number fields), or nothing. */
export type ExportCell = string | number | null;

export type ExportColumn = {
  header: string;
  /** Characters a spreadsheet column is opened at. */
  width: number;
  value(contact: ContactRecord): ExportCell;
};

/** Headers of the columns every export has; fields take their own names. */
export const EXPORT_HEADERS = {
  email: 'Email',
  mobile: 'Mobile',
  emailSubscribe: 'Email Subscribe',
  smsSubscribe: 'SMS Subscribe',
  emailBounce: 'Email Bounce',
  smsBounce: 'SMS Bounce',
  createTime: 'Created Time',
  updateTime: 'Updated Time',
} as const;

/** Several choices of a multiple-choice field in one cell; the importer splits on ';' (and ','). */
export const CHOICE_SEPARATOR = '; ';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Epoch milliseconds as `YYYY-MM-DD HH:mm:ss` in a time zone. */
export function exportTimeFormatter(timeZone: string): (epochMs: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (epochMs) => {
    const part: Record<string, string> = {};
    for (const { type, value } of format.formatToParts(new Date(epochMs))) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** A custom field's cell: choices by their labels (a deleted choice by its id), dates as written. */
function fieldColumn(field: TFieldSchema): ExportColumn {
  const labels = new Map(field.choices.map((choice) => [choice.id, choice.label]));
  const label = (id: string) => labels.get(id) ?? id;
  return {
    header: field.name,
    width: Math.min(40, Math.max(12, field.name.length + 2)),
    value(contact) {
      const value = contact.fields[field.id];
      if (value === undefined || value === null) return null;
      if (Array.isArray(value)) return value.length === 0 ? null : value.map(label).join(CHOICE_SEPARATOR);
      if (field.type === 'singleChoice' && typeof value === 'string') return label(value);
      return value;
    },
  };
}

/** The export's columns for an account's fields; times in `timeZone` (the exporting user's). */
export function exportColumns(fields: readonly TFieldSchema[], options: { timeZone: string }): ExportColumn[] {
  const time = exportTimeFormatter(options.timeZone);
  return [
    { header: EXPORT_HEADERS.email, width: 32, value: (c) => c.email },
    // E.164 (+85291234567): what the importer and every other tool reads without a country.
    { header: EXPORT_HEADERS.mobile, width: 18, value: (c) => c.mobile },
    ...fields.map(fieldColumn),
    { header: EXPORT_HEADERS.emailSubscribe, width: 16, value: (c) => (c.email === null ? null : yesNo(c.emailSubscribe)) },
    { header: EXPORT_HEADERS.smsSubscribe, width: 16, value: (c) => (c.mobile === null ? null : yesNo(c.smsSubscribe)) },
    { header: EXPORT_HEADERS.emailBounce, width: 14, value: (c) => (c.email === null ? null : c.emailBounce) },
    { header: EXPORT_HEADERS.smsBounce, width: 14, value: (c) => (c.mobile === null ? null : c.smsBounce) },
    { header: EXPORT_HEADERS.createTime, width: 20, value: (c) => time(c.createTime) },
    { header: EXPORT_HEADERS.updateTime, width: 20, value: (c) => time(c.updateTime) },
  ];
}
