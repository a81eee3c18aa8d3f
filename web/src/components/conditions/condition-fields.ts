/**
 * The fields a condition can read (ZConditionField): the contact's email and mobile, its create and
 * update times, group membership, and every custom field of the account's schema.
 */
import type { TFieldChoice, TFieldSchema } from '../../../../shared/schemas/contacts.js';
import type { FieldKind } from './operators.js';

const STANDARD_FIELDS = ['email', 'mobile', 'createTime', 'updateTime'] as const;
export const GROUP_FIELD = 'group';

export type ConditionFieldOption = {
  /** The condition's `field`: a standard field, `group`, or `field:<fieldId>`. */
  id: string;
  kind: FieldKind;
  /** The custom field's own name; standard fields and `group` are worded by the UI language. */
  customName: string | null;
  choices: readonly TFieldChoice[];
};

/** A group a condition can name (inGroup / notInGroup). */
export type GroupChoice = { id: string; name: string };

/** Standard fields first, then the custom fields in the schema's order, then group membership. */
export function conditionFieldOptions(schemas: readonly TFieldSchema[]): ConditionFieldOption[] {
  return [
    ...STANDARD_FIELDS.map((id) => ({ id, kind: id === 'email' || id === 'mobile' ? id : 'timestamp', customName: null, choices: [] }) satisfies ConditionFieldOption),
    ...schemas.map((schema) => ({ id: `field:${schema.id}`, kind: schema.type, customName: schema.name, choices: schema.choices })),
    { id: GROUP_FIELD, kind: 'group', customName: null, choices: [] },
  ];
}

export function findField(fields: readonly ConditionFieldOption[], id: string): ConditionFieldOption | undefined {
  return fields.find((field) => field.id === id);
}
