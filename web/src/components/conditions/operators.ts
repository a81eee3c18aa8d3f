/**
 * What value each operator takes, on top of the shared operator table the server checks with
 * (shared/domain/condition-operators.ts): what the condition builder, its validation and its
 * summaries read.
 */
import { OPERATORS_BY_KIND, VALUELESS_OPERATORS, type FieldKind } from '../../../../shared/domain/condition-operators.js';
import type { ConditionOperator } from '../../../../shared/schemas/contact-search.js';

export type { FieldKind };

/** The kind of input a condition's value needs; null when the operator takes none. */
export type ValueKind = 'text' | 'number' | 'date' | 'choice' | 'group';

const VALUE_KIND_BY_FIELD_KIND: Record<FieldKind, ValueKind> = {
  email: 'text',
  mobile: 'text',
  text: 'text',
  number: 'number',
  date: 'date',
  timestamp: 'date',
  singleChoice: 'choice',
  multipleChoice: 'choice',
  group: 'group',
};

export function operatorsFor(kind: FieldKind): readonly ConditionOperator[] {
  return OPERATORS_BY_KIND[kind];
}

export function isOperatorAllowed(kind: FieldKind, operator: ConditionOperator): boolean {
  return OPERATORS_BY_KIND[kind].includes(operator);
}

/** The value input an operator on a field of this kind needs, or null when it takes no value. */
export function valueKindOf(kind: FieldKind, operator: ConditionOperator): ValueKind | null {
  return VALUELESS_OPERATORS.has(operator) ? null : VALUE_KIND_BY_FIELD_KIND[kind];
}
