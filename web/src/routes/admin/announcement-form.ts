/**
 * The admin editor's form: its fields, what they become on the wire (TAnnouncementInput), and
 * the same limits as ZAnnouncementInput, checked by hand so zod stays out of the browser.
 */
import type { TAnnouncement, TAnnouncementInput } from '../../../../shared/schemas/announcements.js';

export type AnnouncementForm = {
  title: string;
  preview: string;
  content: string;
  popUp: boolean;
  important: boolean;
  /** `<input type="datetime-local">` value in the browser's zone; empty for "no end". */
  validUntil: string;
};

export type AnnouncementFormField = 'title' | 'preview' | 'content' | 'validUntil';
export type AnnouncementFormErrors = Partial<Record<AnnouncementFormField, 'required' | 'tooLong' | 'past'>>;

export const LIMITS = { title: 200, preview: 500, content: 100_000 } as const;

export const EMPTY_FORM: AnnouncementForm = { title: '', preview: '', content: '', popUp: false, important: false, validUntil: '' };

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An ISO instant as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formFromAnnouncement(announcement: TAnnouncement): AnnouncementForm {
  return {
    title: announcement.title,
    preview: announcement.preview,
    content: announcement.content,
    popUp: announcement.pop_up,
    important: announcement.important,
    validUntil: toLocalInput(announcement.valid_date),
  };
}

/** `initial`: the form as it was opened; an end date already past is accepted while left unchanged. */
export function validateAnnouncementForm(form: AnnouncementForm, initial: AnnouncementForm, now: number): AnnouncementFormErrors {
  const errors: AnnouncementFormErrors = {};
  for (const field of ['title', 'preview', 'content'] as const) {
    const value = field === 'content' ? form[field] : form[field].trim();
    if (!value.trim()) errors[field] = 'required';
    else if (value.length > LIMITS[field]) errors[field] = 'tooLong';
  }
  if (form.validUntil && form.validUntil !== initial.validUntil) {
    const until = new Date(form.validUntil).getTime();
    if (Number.isNaN(until)) errors.validUntil = 'required';
    else if (until <= now) errors.validUntil = 'past';
  }
  return errors;
}

export function toAnnouncementInput(form: AnnouncementForm): TAnnouncementInput {
  return {
    title: form.title.trim(),
    preview: form.preview.trim(),
    content: form.content,
    pop_up: form.popUp,
    important: form.important,
    valid_date: form.validUntil ? new Date(form.validUntil).toISOString() : null,
  };
}
