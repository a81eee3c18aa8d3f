/**
 * The account's custom contact fields (spec §3 contact schema): text, number, date, single and
 * multiple choice, with unique names. Changes are read-modify-write under the list's version, so
 * two people adding a field with the same name at once cannot both succeed.
 */
import { CONTACT_LIMITS } from '../../../shared/constants.js';
import { DEFAULT_FIELDS, fieldNameKey } from '../../../shared/domain/contacts.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TCreateFieldRequest, TFieldChoice, TFieldSchema, TUpdateFieldRequest } from '../../../shared/schemas/contacts.js';
import { conditionFields } from '../../../shared/domain/contact-filter.js';
import { getAccount } from '../../data/accounts.js';
import { getFieldList, saveFieldList, type FieldList } from '../../data/contact-fields.js';
import { listGroups } from '../../data/groups.js';

async function readFieldList(tuid: string): Promise<FieldList> {
  const stored = await getFieldList(tuid);
  if (stored) return stored;
  // The default fields came with the account.
  const createTime = (await getAccount(tuid))?.createTime ?? new Date(0).toISOString();
  return { fields: DEFAULT_FIELDS.map((field) => ({ ...field, choices: [], createTime })), nextField: DEFAULT_FIELDS.length + 1, version: 0 };
}

/** The account's fields, in the order they were made. */
/** The field definitions of the account acted on; another owner's schema answers as missing. */
export async function listFieldSchemas({ tuid, owner }: { tuid: string; owner?: string }): Promise<{ schemas: TFieldSchema[]; groupOwnerId: string }> {
  return { schemas: owner && owner !== tuid ? [] : await listContactFields(tuid), groupOwnerId: tuid };
}

export async function listContactFields(tuid: string): Promise<TFieldSchema[]> {
  return (await readFieldList(tuid)).fields;
}

const CHANGE_ATTEMPTS = 5;

/** Applies a change to the latest list, again if someone else wrote it meanwhile. */
async function changeFieldList<T>(tuid: string, change: (list: FieldList) => { list: FieldList; result: T }): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await readFieldList(tuid);
    const { list, result } = change(current);
    if (await saveFieldList(tuid, { ...list, version: current.version })) return result;
    if (attempt >= CHANGE_ATTEMPTS) throw new AppError(ERROR_CODES.GENERIC, 'The fields are being changed by someone else; try again.');
  }
}

function assertNameFree(fields: readonly TFieldSchema[], name: string, exceptId?: string): void {
  if (fields.some((field) => field.id !== exceptId && fieldNameKey(field.name) === fieldNameKey(name))) {
    throw new AppError(ERROR_CODES.FIELD_NAME_USED, 'This field name is already in use');
  }
}

/** Choices keep their ids; new ones get the next free number; labels are unique within the field. */
function settleChoices(existing: readonly TFieldChoice[], wanted: ReadonlyArray<{ id?: string; label: string }>): TFieldChoice[] {
  const known = new Set(existing.map((choice) => choice.id));
  let next = existing.reduce((max, choice) => Math.max(max, Number(choice.id.replace(/\D/g, '')) || 0), 0) + 1;
  const labels = new Set<string>();
  return wanted.map((choice) => {
    const key = choice.label.trim().toLowerCase();
    if (labels.has(key)) throw new AppError(ERROR_CODES.INVALID_INPUT, `The choice '${choice.label}' is listed twice.`);
    labels.add(key);
    if (choice.id !== undefined && !known.has(choice.id)) throw new AppError(ERROR_CODES.INVALID_CHOICE, `There is no choice '${choice.id}'.`);
    return { id: choice.id ?? `c${next++}`, label: choice.label.trim() };
  });
}

const isChoiceType = (type: TFieldSchema['type']) => type === 'singleChoice' || type === 'multipleChoice';

export async function createContactField(options: { tuid: string; input: TCreateFieldRequest; now: Date }): Promise<TFieldSchema> {
  const { tuid, input, now } = options;
  if (!isChoiceType(input.type) && input.choices.length > 0) throw new AppError(ERROR_CODES.INVALID_INPUT, 'Only choice fields have choices.');
  return changeFieldList(tuid, (list) => {
    if (list.fields.length >= CONTACT_LIMITS.customFields) throw new AppError(ERROR_CODES.LIMIT_REACHED, `An account has at most ${CONTACT_LIMITS.customFields} fields.`);
    assertNameFree(list.fields, input.name);
    const field: TFieldSchema = { id: `f${list.nextField}`, name: input.name, type: input.type, choices: settleChoices([], input.choices), createTime: now.toISOString() };
    return { list: { ...list, fields: [...list.fields, field], nextField: list.nextField + 1 }, result: field };
  });
}

export async function updateContactField(options: { tuid: string; fieldId: string; input: TUpdateFieldRequest }): Promise<TFieldSchema> {
  const { tuid, fieldId, input } = options;
  return changeFieldList(tuid, (list) => {
    const field = list.fields.find((candidate) => candidate.id === fieldId);
    if (!field) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This field no longer exists.');
    if (input.choices !== undefined && !isChoiceType(field.type)) throw new AppError(ERROR_CODES.INVALID_INPUT, 'Only choice fields have choices.');
    if (input.name !== undefined) assertNameFree(list.fields, input.name, fieldId);
    const updated: TFieldSchema = {
      ...field,
      name: input.name ?? field.name,
      choices: input.choices === undefined ? field.choices : settleChoices(field.choices, input.choices),
    };
    return { list: { ...list, fields: list.fields.map((candidate) => (candidate.id === fieldId ? updated : candidate)) }, result: updated };
  });
}

/**
 * Removes a field. Its values stay in the stored contacts until each is next written, but no
 * answer shows them and the id is never given to another field.
 */
export async function deleteContactField(options: { tuid: string; fieldId: string }): Promise<void> {
  const { tuid, fieldId } = options;
  const usedBy = (await listGroups(tuid)).filter((group) => group.conditions && conditionFields(group.conditions).includes(`field:${fieldId}`)).map((group) => group.name);
  if (usedBy.length > 0) throw new AppError(ERROR_CODES.IN_USE, `The field is used by the auto-update group(s) ${usedBy.map((name) => `'${name}'`).join(', ')}.`);
  await changeFieldList(tuid, (list) => {
    if (!list.fields.some((field) => field.id === fieldId)) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This field no longer exists.');
    return { list: { ...list, fields: list.fields.filter((field) => field.id !== fieldId) }, result: undefined };
  });
}
