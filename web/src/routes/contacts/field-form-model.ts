/**
 * The custom field editor as data: name, type and, for choice types, the list of choices. Checks
 * mirror the server's (spec §5: a unique name, choice fields need choices) so most mistakes show
 * before anything is sent. Pure.
 */
import { CONTACT_LIMITS } from '../../../../shared/constants.js';
import { fieldNameKey } from '../../../../shared/domain/contacts.js';
import { ERROR_CODES } from '../../../../shared/errors.js';
import type { FieldType, TCreateFieldRequest, TFieldSchema, TUpdateFieldRequest } from '../../../../shared/schemas/contacts.js';
import type { Translate } from '../../errors/error-messages.js';
import { maxLength, required, validate } from '../../forms/validate.js';

/** A choice being edited; `key` identifies the row while typing, `id` a choice already saved. */
export type ChoiceDraft = { key: string; id?: string; label: string };

export type FieldFormValues = { name: string; type: FieldType; choices: ChoiceDraft[] };
export type FieldFormErrors = { name?: string; choices?: string };

let nextChoiceKey = 0;

export function newChoiceDraft(label = ''): ChoiceDraft {
  nextChoiceKey += 1;
  return { key: `choice-${nextChoiceKey}`, label };
}

export function isChoiceType(type: FieldType): boolean {
  return type === 'singleChoice' || type === 'multipleChoice';
}

export function fieldFormFromSchema(field: TFieldSchema | null): FieldFormValues {
  if (!field) return { name: '', type: 'text', choices: [newChoiceDraft()] };
  return { name: field.name, type: field.type, choices: field.choices.map((choice) => ({ ...newChoiceDraft(choice.label), id: choice.id })) };
}

function filledChoices(values: FieldFormValues) {
  return values.choices.map((choice) => ({ ...choice, label: choice.label.trim() })).filter((choice) => choice.label !== '');
}

/** `others`: the account's other fields, whose names this one may not take (case and spaces aside). */
export function validateFieldForm(values: FieldFormValues, others: readonly TFieldSchema[], t: Translate, nameLabel: string): FieldFormErrors {
  const errors: FieldFormErrors = {};
  const nameError = validate(values.name, [required(), maxLength(CONTACT_LIMITS.fieldNameLength)], nameLabel, t);
  if (nameError) errors.name = nameError;
  else if (others.some((field) => fieldNameKey(field.name) === fieldNameKey(values.name))) errors.name = t(`errors:${ERROR_CODES.FIELD_NAME_USED}`);
  // Labels are capped by the inputs and the count by the editor, so only emptiness is left to check.
  if (isChoiceType(values.type) && filledChoices(values).length === 0) errors.choices = t(`errors:${ERROR_CODES.NO_CHOICES}`);
  return errors;
}

function choicesOf(values: FieldFormValues) {
  return filledChoices(values).map((choice) => (choice.id ? { id: choice.id, label: choice.label } : { label: choice.label }));
}

export function toCreateFieldRequest(values: FieldFormValues): TCreateFieldRequest {
  return { name: values.name.trim(), type: values.type, choices: isChoiceType(values.type) ? choicesOf(values) : [] };
}

/** Only what changed: a rename, and the choices of a choice field (kept ids keep their stored values). */
export function toUpdateFieldRequest(values: FieldFormValues, field: TFieldSchema): TUpdateFieldRequest {
  const name = values.name.trim();
  return {
    ...(name !== field.name ? { name } : {}),
    ...(isChoiceType(field.type) ? { choices: choicesOf(values) } : {}),
  };
}

/** Which editor field a server error belongs under; null for the error dialog. */
export function fieldFormErrorOf(code: string): keyof FieldFormErrors | null {
  if (code === ERROR_CODES.FIELD_NAME_USED) return 'name';
  if (code === ERROR_CODES.NO_CHOICES || code === ERROR_CODES.INVALID_CHOICE) return 'choices';
  return null;
}
