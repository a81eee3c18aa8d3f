/**
 * The create/edit contact form as data: its values, where they come from (an empty form or a
 * contact's profile), the checks made before sending (spec §5), the request they become
 * (TContactInput), and which field a server error belongs under. Pure, so it is unit-tested.
 */
import { isCalendarDate } from '../../../../shared/domain/contacts.js';
import { countryOfMobile, formatMobile, normalizeMobile } from '../../../../shared/domain/phone.js';
import { CONTACT_LIMITS } from '../../../../shared/constants.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { BounceStatus, Channel, TContactDetailsResponse, TContactInput, TFieldSchema, TFieldValue } from '../../../../shared/schemas/contacts.js';
import type { Translate } from '../../errors/error-messages.js';
import { email, maxLength, numberBetween, validate } from '../../forms/validate.js';

/** A custom field as typed: text for every type but multiple choice, which is a list of choice ids. */
export type FieldDraft = string | string[];

export type ContactFormValues = {
  email: string;
  mobile: string;
  /** ISO 3166 alpha-2: whose national number `mobile` is when it has no leading +. */
  mobileCountry: string;
  emailSubscribe: boolean;
  smsSubscribe: boolean;
  /** By field id. */
  fields: Record<string, FieldDraft>;
  /** Snapshot groups the contact belongs to. */
  groupIds: string[];
};

export type ContactFormField = 'email' | 'mobile' | `field:${string}`;
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

export function emptyContactForm(mobileCountry: string): ContactFormValues {
  return { email: '', mobile: '', mobileCountry, emailSubscribe: true, smsSubscribe: true, fields: {}, groupIds: [] };
}

function draftOf(field: TFieldSchema, value: TFieldValue | null | undefined): FieldDraft {
  if (field.type === 'multipleChoice') return Array.isArray(value) ? value : [];
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The profile's entry of a primary address (`email`, `mobile`) or of a custom field (by its id). */
export function profileEntry(entries: TContactDetailsResponse['contact']['primary'], name: string) {
  return entries.find((entry) => entry.name === name);
}

/** A channel of a profile: its address (the mobile in E.164), subscription and bounce. */
export type ChannelEntry = { address: string | null; subscribe: boolean; bounce: BounceStatus };

export function channelEntries(details: TContactDetailsResponse): Record<Channel, ChannelEntry> {
  const entryOf = (name: string): ChannelEntry => {
    const entry = profileEntry(details.contact.primary, name);
    return { address: typeof entry?.value === 'string' ? entry.value : null, subscribe: entry?.subscribe ?? false, bounce: entry?.bounceStatus ?? 'none' };
  };
  return { email: entryOf('email'), sms: entryOf('mobile') };
}

/** The form of an existing contact: its number written internationally, in its own country. */
export function contactFormFromDetails(details: TContactDetailsResponse, fallbackCountry: string): ContactFormValues {
  const { email, sms } = channelEntries(details);
  return {
    email: email.address ?? '',
    mobile: sms.address ? formatMobile(sms.address) : '',
    mobileCountry: (sms.address && countryOfMobile(sms.address)) || fallbackCountry,
    emailSubscribe: email.subscribe,
    smsSubscribe: sms.subscribe,
    fields: Object.fromEntries(details.schemas.map((field) => [field.id, draftOf(field, profileEntry(details.contact.custom, field.id)?.value)])),
    groupIds: details.contact.groups.filter((group) => group.type === 'S').map((group) => group.id),
  };
}

/** The E.164 form of the typed number, or null when it is not a valid mobile number. */
export function normalizedMobileOf(values: Pick<ContactFormValues, 'mobile' | 'mobileCountry'>): string | null {
  return normalizeMobile(values.mobile, values.mobileCountry);
}

function fieldError(field: TFieldSchema, draft: FieldDraft | undefined, t: Translate): string | null {
  if (typeof draft !== 'string' || draft.trim() === '') return null;
  switch (field.type) {
    case 'text':
      return validate(draft, [maxLength(CONTACT_LIMITS.textValueLength)], field.name, t);
    case 'number':
      return validate(draft, [numberBetween({})], field.name, t);
    case 'date':
      return isCalendarDate(draft) ? null : t('errors:VALIDATE_INVALID_DATE');
    default:
      return null;
  }
}

/** What is wrong before anything is sent; `labels` are the translated names of email and mobile. */
export function validateContactForm(
  values: ContactFormValues,
  schemas: readonly TFieldSchema[],
  t: Translate,
  labels: { email: string },
): ContactFormErrors {
  const errors: ContactFormErrors = {};
  const emailError = validate(values.email, [email(), maxLength(254)], labels.email, t);
  if (emailError) errors.email = emailError;
  if (values.mobile.trim() !== '' && normalizedMobileOf(values) === null) errors.mobile = t(`errors:${ERROR_CODES.INVALID_PHONE}`);
  if (values.email.trim() === '' && values.mobile.trim() === '') errors.email = t(`errors:${ERROR_CODES.CONTACT_NO_ADDRESS}`);
  for (const field of schemas) {
    const error = fieldError(field, values.fields[field.id], t);
    if (error) errors[`field:${field.id}`] = error;
  }
  return errors;
}

function valueOf(field: TFieldSchema, draft: FieldDraft | undefined): TFieldValue | null {
  if (draft === undefined) return null;
  if (Array.isArray(draft)) return draft.length > 0 ? draft : null;
  const text = draft.trim();
  if (text === '') return null;
  return field.type === 'number' ? Number(text) : text;
}

/**
 * The request of a valid form. A new contact sends only the values it has; an edit sends every
 * field, null clearing the ones emptied. Memberships are sent only when the user could see them.
 */
export function toContactInput(
  values: ContactFormValues,
  schemas: readonly TFieldSchema[],
  options: { isEdit: boolean; withGroups: boolean },
): TContactInput {
  const fields: Record<string, TFieldValue | null> = {};
  for (const field of schemas) {
    const value = valueOf(field, values.fields[field.id]);
    if (value !== null || options.isEdit) fields[field.id] = value;
  }
  const mobile = values.mobile.trim();
  return {
    email: values.email.trim() || null,
    mobile: mobile || null,
    ...(mobile ? { mobileCountry: values.mobileCountry } : {}),
    emailSubscribe: values.emailSubscribe,
    smsSubscribe: values.smsSubscribe,
    fields,
    ...(options.withGroups ? { groupIds: values.groupIds } : {}),
  };
}

const FIELD_OF_ERROR: Record<string, ContactFormField> = {
  [ERROR_CODES.CONTACT_EMAIL_EXISTS]: 'email',
  [ERROR_CODES.CONTACT_NO_ADDRESS]: 'email',
  [ERROR_CODES.CONTACT_MOBILE_EXISTS]: 'mobile',
  [ERROR_CODES.INVALID_PHONE]: 'mobile',
};

/** The form field a server error code is shown under; null for the error dialog. */
export function formFieldOfError(code: string): ContactFormField | null {
  return FIELD_OF_ERROR[code] ?? null;
}
