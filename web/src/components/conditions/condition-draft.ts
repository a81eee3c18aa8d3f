/**
 * The condition builder's state while the user edits it, and its conversion to and from the
 * ZConditionTree the API takes. Values stay strings while typed; rules carry a key so React keeps
 * each row's focus as rows come and go. Pure, so the rules are unit-tested.
 */
import { CONTACT_LIMITS } from '../../../../shared/constants.js';
import type { ConditionOperator, MatchMode, TCondition, TConditionTree } from '../../../../shared/schemas/contact-search.js';
import { findField, type ConditionFieldOption, type GroupChoice } from './condition-fields.js';
import { isOperatorAllowed, operatorsFor, valueKindOf, type ValueKind } from './operators.js';

export type DraftCondition = { key: string; field: string; operator: ConditionOperator; value: string };
export type DraftGroup = { key: string; match: MatchMode; rules: DraftCondition[] };
export type DraftRule = DraftCondition | DraftGroup;
export type ConditionDraft = { match: MatchMode; rules: DraftRule[] };

/** Why a condition cannot be sent yet; each has a message under `search:conditions.problem.`. */
export type ConditionProblem = 'unknownField' | 'valueRequired' | 'notANumber' | 'invalidDate' | 'tooLong' | 'choiceRequired' | 'groupRequired';
export type DraftProblems = {
  /** By the condition's key. */
  conditions: Record<string, ConditionProblem>;
  /** The whole tree: no condition at all, or more than the limit. */
  tree: 'empty' | 'tooMany' | null;
};

let lastKey = 0;
function nextKey(): string {
  lastKey += 1;
  return `rule-${lastKey}`;
}

export function isDraftGroup(rule: DraftRule): rule is DraftGroup {
  return 'rules' in rule;
}

/** A new condition: the email field, which every account has, with its most common operator. */
function newCondition(): DraftCondition {
  return { key: nextKey(), field: 'email', operator: 'contains', value: '' };
}

/** A nested group usually says "any of these" inside an "all of" search (or the other way round). */
function newGroup(parentMatch: MatchMode): DraftGroup {
  return { key: nextKey(), match: parentMatch === 'all' ? 'any' : 'all', rules: [newCondition()] };
}

export function emptyDraft(): ConditionDraft {
  return { match: 'all', rules: [newCondition()] };
}

function draftCondition(condition: TCondition): DraftCondition {
  return { key: nextKey(), field: condition.field, operator: condition.operator, value: condition.value === undefined ? '' : String(condition.value) };
}

export function draftFromTree(tree: TConditionTree): ConditionDraft {
  return {
    match: tree.match,
    rules: tree.rules.map((rule) => ('rules' in rule ? { key: nextKey(), match: rule.match, rules: rule.rules.map(draftCondition) } : draftCondition(rule))),
  };
}

export function countConditions(draft: ConditionDraft): number {
  return draft.rules.reduce((sum, rule) => sum + (isDraftGroup(rule) ? rule.rules.length : 1), 0);
}

/** The value input a condition shows, or null when its operator takes none (or its field is unknown). */
export function conditionValueKind(condition: DraftCondition, fields: readonly ConditionFieldOption[]): ValueKind | null {
  const field = findField(fields, condition.field);
  return field ? valueKindOf(field.kind, condition.operator) : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function conditionProblem(condition: DraftCondition, fields: readonly ConditionFieldOption[], groups: readonly GroupChoice[]): ConditionProblem | null {
  const field = findField(fields, condition.field);
  if (!field || !isOperatorAllowed(field.kind, condition.operator)) return 'unknownField';
  const kind = valueKindOf(field.kind, condition.operator);
  if (kind === null) return null;
  const value = condition.value.trim();
  switch (kind) {
    // A choice or group that is not (or no longer) on offer counts as none chosen.
    case 'choice':
      return field.choices.some((choice) => choice.id === value) ? null : 'choiceRequired';
    case 'group':
      return groups.some((group) => group.id === value) ? null : 'groupRequired';
    case 'text':
      return value === '' ? 'valueRequired' : value.length > CONTACT_LIMITS.textValueLength ? 'tooLong' : null;
    case 'number':
      return value === '' ? 'valueRequired' : Number.isFinite(Number(value)) ? null : 'notANumber';
    case 'date':
      return value === '' ? 'valueRequired' : isCalendarDay(value) ? null : 'invalidDate';
  }
}

/** Everything that would make the server refuse the tree, found before it is sent. */
export function validateDraft(draft: ConditionDraft, fields: readonly ConditionFieldOption[], groups: readonly GroupChoice[]): DraftProblems {
  const conditions: Record<string, ConditionProblem> = {};
  for (const condition of draft.rules.flatMap((rule) => (isDraftGroup(rule) ? rule.rules : [rule]))) {
    const problem = conditionProblem(condition, fields, groups);
    if (problem) conditions[condition.key] = problem;
  }
  const count = countConditions(draft);
  return { conditions, tree: count === 0 ? 'empty' : count > CONTACT_LIMITS.conditions ? 'tooMany' : null };
}

export function hasProblems(problems: DraftProblems): boolean {
  return problems.tree !== null || Object.keys(problems.conditions).length > 0;
}

function toCondition(condition: DraftCondition, fields: readonly ConditionFieldOption[]): TCondition {
  const kind = conditionValueKind(condition, fields);
  const value = condition.value.trim();
  if (kind === null) return { field: condition.field, operator: condition.operator };
  return { field: condition.field, operator: condition.operator, value: kind === 'number' ? Number(value) : value };
}

/** The tree to send; only call it on a draft without problems. */
export function treeFromDraft(draft: ConditionDraft, fields: readonly ConditionFieldOption[]): TConditionTree {
  return {
    match: draft.match,
    rules: draft.rules.map((rule) =>
      isDraftGroup(rule) ? { match: rule.match, rules: rule.rules.map((condition) => toCondition(condition, fields)) } : toCondition(rule, fields),
    ),
  };
}

/**
 * A condition whose field changed: the operator stays when the new field allows it (else the
 * field's first), and the value stays only while it means the same kind of thing.
 */
export function withField(condition: DraftCondition, fieldId: string, fields: readonly ConditionFieldOption[]): DraftCondition {
  const field = findField(fields, fieldId);
  if (!field) return { ...condition, field: fieldId };
  const operator = isOperatorAllowed(field.kind, condition.operator) ? condition.operator : operatorsFor(field.kind)[0];
  const before = conditionValueKind(condition, fields);
  const after = valueKindOf(field.kind, operator);
  const keepsValue = before === after && before !== 'choice';
  return { ...condition, field: fieldId, operator, value: keepsValue ? condition.value : '' };
}

export function withOperator(condition: DraftCondition, operator: ConditionOperator, fields: readonly ConditionFieldOption[]): DraftCondition {
  const changed = { ...condition, operator };
  return conditionValueKind(changed, fields) === null ? { ...changed, value: '' } : changed;
}

/** Edits of the draft, each returning a new draft. */
export const draftEdits = {
  setMatch(draft: ConditionDraft, match: MatchMode, groupKey?: string): ConditionDraft {
    if (!groupKey) return { ...draft, match };
    return { ...draft, rules: draft.rules.map((rule) => (rule.key === groupKey && isDraftGroup(rule) ? { ...rule, match } : rule)) };
  },

  replaceCondition(draft: ConditionDraft, next: DraftCondition): ConditionDraft {
    const replace = (condition: DraftCondition) => (condition.key === next.key ? next : condition);
    return {
      ...draft,
      rules: draft.rules.map((rule) => (isDraftGroup(rule) ? { ...rule, rules: rule.rules.map(replace) } : replace(rule))),
    };
  },

  /** Adds a condition at the top level, or inside the nested group `groupKey`. */
  addCondition(draft: ConditionDraft, groupKey?: string): ConditionDraft {
    if (!groupKey) return { ...draft, rules: [...draft.rules, newCondition()] };
    return { ...draft, rules: draft.rules.map((rule) => (rule.key === groupKey && isDraftGroup(rule) ? { ...rule, rules: [...rule.rules, newCondition()] } : rule)) };
  },

  addGroup(draft: ConditionDraft): ConditionDraft {
    return { ...draft, rules: [...draft.rules, newGroup(draft.match)] };
  },

  /** Removes a condition or a whole nested group; a nested group left empty goes with its last condition. */
  remove(draft: ConditionDraft, key: string): ConditionDraft {
    const rules = draft.rules
      .filter((rule) => rule.key !== key)
      .map((rule) => (isDraftGroup(rule) ? { ...rule, rules: rule.rules.filter((condition) => condition.key !== key) } : rule))
      .filter((rule) => !isDraftGroup(rule) || rule.rules.length > 0);
    return { ...draft, rules };
  },
};
