/**
 * Which condition operators fit which kind of field, and which take a value: the one table the
 * server's checks and the browser's condition builder both read. Free of other imports (no phone
 * parsing), so the browser can load it cheaply.
 */
import type { ConditionOperator } from '../schemas/contact-search.js';
import type { FieldType, TFieldSchema } from '../schemas/contacts.js';

/**
 * A condition field's kind: the contact's email and mobile (with subscribe and bounce state), a
 * custom field of each type, the contact's own create/update times (never empty), group membership.
 */
export type FieldKind = 'email' | 'mobile' | 'timestamp' | 'group' | FieldType;

const TEXT_OPERATORS = ['equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'isEmpty', 'isNotEmpty'] as const;
const DATE_OPERATORS = ['on', 'before', 'after'] as const;
const EMPTINESS_OPERATORS = ['isEmpty', 'isNotEmpty'] as const;
export const CHANNEL_OPERATORS = ['subscribed', 'unsubscribed', 'bounced', 'notBounced'] as const;

/** The operators each kind of field offers, in the order a picker lists them. */
export const OPERATORS_BY_KIND: Readonly<Record<FieldKind, readonly ConditionOperator[]>> = {
  email: [...TEXT_OPERATORS, ...CHANNEL_OPERATORS],
  mobile: [...TEXT_OPERATORS, ...CHANNEL_OPERATORS],
  text: TEXT_OPERATORS,
  number: ['equals', 'notEquals', 'greaterThan', 'lessThan', ...EMPTINESS_OPERATORS],
  date: [...DATE_OPERATORS, ...EMPTINESS_OPERATORS],
  timestamp: DATE_OPERATORS,
  singleChoice: ['equals', 'notEquals', ...EMPTINESS_OPERATORS],
  multipleChoice: ['contains', 'notContains', ...EMPTINESS_OPERATORS],
  group: ['inGroup', 'notInGroup'],
};

/** Operators that test a state rather than compare with a value. */
export const VALUELESS_OPERATORS: ReadonlySet<ConditionOperator> = new Set([...EMPTINESS_OPERATORS, ...CHANNEL_OPERATORS]);

/** The kind of a condition's field, or null when the account has no such field. */
export function fieldKindOf(field: string, fields: readonly TFieldSchema[]): FieldKind | null {
  if (field === 'email' || field === 'mobile' || field === 'group') return field;
  if (field === 'createTime' || field === 'updateTime') return 'timestamp';
  const id = field.startsWith('field:') ? field.slice('field:'.length) : null;
  return fields.find((candidate) => candidate.id === id)?.type ?? null;
}
