/**
 * Rules of contacts and their custom fields: what a value of each field type may be, how an
 * input becomes a stored contact, who is reachable on which channel. Pure; the services apply them.
 */
import { CONTACT_LIMIT_NOTICES, CONTACT_LIMITS } from '../constants.js';
import { AppError, ERROR_CODES } from '../errors.js';
import type { BounceStatus, Channel, TContact, TContactInput, TFieldSchema, TFieldValue, TUpdateContactRequest } from '../schemas/contacts.js';
import { normalizeMobile } from './phone.js';
import { normalizeName } from './text.js';

/** A contact as the services and the search engine see it; `id` is the account's contact number. */
export type ContactRecord = {
  id: number;
  email: string | null;
  mobile: string | null;
  emailSubscribe: boolean;
  smsSubscribe: boolean;
  emailBounce: BounceStatus;
  smsBounce: BounceStatus;
  fields: Record<string, TFieldValue>;
  /** Epoch milliseconds. */
  createTime: number;
  updateTime: number;
};

/** The default contact schema of a new account; ids f1, f2 are never reused. */
export const DEFAULT_FIELDS: ReadonlyArray<Pick<TFieldSchema, 'id' | 'name' | 'type'>> = [
  { id: 'f1', name: 'First Name', type: 'text' },
  { id: 'f2', name: 'Last Name', type: 'text' },
];

/** Field names are unique regardless of case, surrounding spaces and Unicode form ('This field name is already in use'). */
export function fieldNameKey(name: string): string {
  return normalizeName(name).toLocaleLowerCase('en');
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * A custom field's value checked against its type: numbers may arrive as numeric text (forms,
 * imports), choices must be the field's own, and empty text means "no value".
 */
export function checkFieldValue(field: TFieldSchema, raw: TFieldValue | null): TFieldValue | null {
  if (raw === null || raw === '') return null;
  switch (field.type) {
    case 'text':
      if (typeof raw !== 'string') throw new AppError(ERROR_CODES.INVALID_INPUT, `${field.name}: text expected`);
      if (raw.trim().length > CONTACT_LIMITS.textValueLength) {
        throw new AppError(ERROR_CODES.INVALID_INPUT, `${field.name} may not be greater than ${CONTACT_LIMITS.textValueLength} characters.`);
      }
      return raw.trim() === '' ? null : raw.trim();
    case 'number': {
      const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(value)) throw new AppError(ERROR_CODES.NOT_A_NUMBER, 'Must be a number.');
      return value;
    }
    case 'date':
      if (typeof raw !== 'string' || !isCalendarDate(raw)) throw new AppError(ERROR_CODES.INVALID_DATE, `${field.name}: a date (YYYY-MM-DD) expected`);
      return raw;
    case 'singleChoice':
    case 'multipleChoice': {
      if (field.choices.length === 0) throw new AppError(ERROR_CODES.NO_CHOICES, 'There are no choices for this field yet.');
      const chosen = field.type === 'singleChoice' ? [raw] : raw;
      if (!Array.isArray(chosen) || (field.type === 'singleChoice' && Array.isArray(raw))) {
        throw new AppError(ERROR_CODES.INVALID_CHOICE, `${field.name}: ${field.type === 'singleChoice' ? 'one choice' : 'a list of choices'} expected`);
      }
      const known = new Set(field.choices.map((choice) => choice.id));
      for (const id of chosen) {
        if (typeof id !== 'string' || !known.has(id)) throw new AppError(ERROR_CODES.INVALID_CHOICE, `${field.name}: '${String(id)}' is not one of its choices`);
      }
      if (field.type === 'singleChoice') return chosen[0] as string;
      const unique = [...new Set(chosen as string[])];
      return unique.length === 0 ? null : unique;
    }
  }
}

/** The stored size of a contact: 100 contacts share one store item of at most 400 KB. */
export function storedSizeOf(contact: Omit<ContactRecord, 'id'>): number {
  return new TextEncoder().encode(JSON.stringify(contact)).length;
}

type ContactChanges = TContactInput & Partial<Pick<TUpdateContactRequest, 'emailBounce' | 'smsBounce'>>;

/**
 * Applies an input to a contact (a new one when `current` is null): normalises the email and the
 * mobile number to their identity forms, checks every custom value against its field, drops values
 * of fields that no longer exist, and keeps what the input does not mention.
 */
export function applyContactInput(options: {
  current: ContactRecord | null;
  input: ContactChanges;
  fields: readonly TFieldSchema[];
  defaultCountry?: string;
  /** normalizeMobile, or a stand-in giving the same answers faster (an import's cached one). */
  normalizeMobile?: typeof normalizeMobile;
  now: number;
}): Omit<ContactRecord, 'id'> {
  const { current, input, fields, now } = options;
  const email = input.email === undefined ? (current?.email ?? null) : input.email;
  let mobile = current?.mobile ?? null;
  if (input.mobile !== undefined) {
    if (input.mobile === null || input.mobile.trim() === '') mobile = null;
    else {
      mobile = (options.normalizeMobile ?? normalizeMobile)(input.mobile, input.mobileCountry ?? options.defaultCountry);
      if (mobile === null) throw new AppError(ERROR_CODES.INVALID_PHONE, 'Invalid Phone Number.');
    }
  }
  if (email === null && mobile === null) throw new AppError(ERROR_CODES.CONTACT_NO_ADDRESS, 'A contact needs an email or a mobile number.');

  const fieldsById = new Map(fields.map((field) => [field.id, field]));
  const values: Record<string, TFieldValue> = {};
  for (const [id, value] of Object.entries(current?.fields ?? {})) {
    if (fieldsById.has(id)) values[id] = value;
  }
  for (const [id, raw] of Object.entries(input.fields ?? {})) {
    const field = fieldsById.get(id);
    if (!field) throw new AppError(ERROR_CODES.UNKNOWN_FIELD, `There is no field '${id}'.`);
    const value = checkFieldValue(field, raw);
    if (value === null) delete values[id];
    else values[id] = value;
  }

  const contact: Omit<ContactRecord, 'id'> = {
    email,
    mobile,
    emailSubscribe: input.emailSubscribe ?? current?.emailSubscribe ?? true,
    smsSubscribe: input.smsSubscribe ?? current?.smsSubscribe ?? true,
    // A changed address has no bounce history yet.
    emailBounce: email !== current?.email ? 'none' : (input.emailBounce ?? current.emailBounce),
    smsBounce: mobile !== current?.mobile ? 'none' : (input.smsBounce ?? current.smsBounce),
    fields: values,
    createTime: current?.createTime ?? now,
    updateTime: now,
  };
  if (storedSizeOf(contact) > CONTACT_LIMITS.storedBytes) {
    throw new AppError(ERROR_CODES.CONTACT_TOO_LARGE, `A contact may store at most ${CONTACT_LIMITS.storedBytes} bytes.`);
  }
  return contact;
}

/** A campaign on this channel may reach the contact: an address, subscribed, not hard-bounced. */
export function isReachable(contact: ContactRecord, channel: Channel): boolean {
  if (channel === 'email') return contact.email !== null && contact.emailSubscribe && contact.emailBounce !== 'hard';
  return contact.mobile !== null && contact.smsSubscribe && contact.smsBounce !== 'hard';
}

/** The contact as the API shows it; values of fields that were deleted are left out. */
export function toApiContact(contact: ContactRecord, fields: readonly TFieldSchema[]): TContact {
  const values: Record<string, TFieldValue> = {};
  for (const field of fields) {
    const value = contact.fields[field.id];
    if (value !== undefined) values[field.id] = value;
  }
  return {
    id: String(contact.id),
    email: contact.email,
    mobile: contact.mobile,
    emailSubscribe: contact.emailSubscribe,
    smsSubscribe: contact.smsSubscribe,
    emailBounce: contact.emailBounce,
    smsBounce: contact.smsBounce,
    fields: values,
    createTime: new Date(contact.createTime).toISOString(),
    updateTime: new Date(contact.updateTime).toISOString(),
  };
}

/** Contact ids in URLs and bodies are the account's contact numbers; anything else names no contact. */
export function parseContactId(id: string): number | null {
  return /^[1-9]\d{0,14}$/.test(id) ? Number(id) : null;
}

/** A share of the free contact limit the owner is told of (spec §9: 75% and 100%). */
export type ContactLimitNotice = (typeof CONTACT_LIMIT_NOTICES)[number];

/**
 * The notices a change of the contact count from `before` to `after` crossed on its way up, in
 * order: a notice's threshold is the first count at or over its share of `limit`. A change that
 * climbs from under 75% straight to full crosses both; a change down (or level) crosses none.
 */
export function contactLimitNoticesCrossed(before: number, after: number, limit: number): ContactLimitNotice[] {
  return CONTACT_LIMIT_NOTICES.filter((percent) => {
    const threshold = Math.ceil((limit * percent) / 100);
    return before < threshold && after >= threshold;
  });
}
