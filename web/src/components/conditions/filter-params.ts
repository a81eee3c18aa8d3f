/**
 * A contact search in the URL (`?conditions=<json>&quickSearch=<text>`): the advanced search keeps
 * its last search there, so back, reload and "save as group" (groups/save-group) all see the same
 * search. What comes from a URL is checked by shape before it is used; the server checks the rest.
 */
import type { ConditionOperator, TCondition, TConditionGroup, TConditionTree, TContactFilter } from '../../../../shared/schemas/contact-search.js';
import { OPERATORS_BY_KIND } from '../../../../shared/domain/condition-operators.js';

const FILTER_PARAMS = { conditions: 'conditions', quickSearch: 'quickSearch' } as const;

const OPERATORS: ReadonlySet<string> = new Set(Object.values(OPERATORS_BY_KIND).flat());

type Unknown = Record<string, unknown>;

const isObject = (value: unknown): value is Unknown => typeof value === 'object' && value !== null && !Array.isArray(value);
const isMatch = (value: unknown): value is 'all' | 'any' => value === 'all' || value === 'any';

function asCondition(value: unknown): TCondition | null {
  if (!isObject(value) || typeof value.field !== 'string' || typeof value.operator !== 'string' || !OPERATORS.has(value.operator)) return null;
  const operator = value.operator as ConditionOperator;
  if (value.value === undefined) return { field: value.field, operator };
  return typeof value.value === 'string' || typeof value.value === 'number' ? { field: value.field, operator, value: value.value } : null;
}

function asGroup(value: unknown): TConditionGroup | null {
  if (!isObject(value) || !isMatch(value.match) || !Array.isArray(value.rules) || value.rules.length === 0) return null;
  const rules = value.rules.map(asCondition);
  return rules.every((rule) => rule !== null) ? { match: value.match, rules: rules as TCondition[] } : null;
}

/** The tree in a URL parameter, or null when there is none or it is not a tree. */
export function parseConditionTree(text: string | null): TConditionTree | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || !isMatch(value.match) || !Array.isArray(value.rules) || value.rules.length === 0) return null;
  const rules = value.rules.map((rule) => (isObject(rule) && 'rules' in rule ? asGroup(rule) : asCondition(rule)));
  return rules.every((rule) => rule !== null) ? { match: value.match, rules: rules as TConditionTree['rules'] } : null;
}

/** The search the URL holds, or null when it holds none. */
export function filterFromParams(params: URLSearchParams): TContactFilter | null {
  const conditions = parseConditionTree(params.get(FILTER_PARAMS.conditions));
  const quickSearch = params.get(FILTER_PARAMS.quickSearch)?.trim() ?? '';
  if (!conditions && !quickSearch) return null;
  return { ...(conditions && { conditions }), ...(quickSearch && { quickSearch }) };
}

export function filterToParams(filter: TContactFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.conditions) params.set(FILTER_PARAMS.conditions, JSON.stringify(filter.conditions));
  if (filter.quickSearch) params.set(FILTER_PARAMS.quickSearch, filter.quickSearch);
  return params;
}
