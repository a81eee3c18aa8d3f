import { z } from 'zod';
import { CONTACT_LIMITS, LIST_PAGE_SIZE } from '../constants.js';
import { ZContact } from './contacts.js';

/**
 * Advanced search over contacts: conditions on any field, combined with AND/OR groups. The same
 * tree is what an auto-update group (type D) stores.
 */

export const CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'startsWith',
  'isEmpty',
  'isNotEmpty',
  'before',
  'after',
  'on',
  'greaterThan',
  'lessThan',
  'subscribed',
  'unsubscribed',
  'bounced',
  'notBounced',
  'inGroup',
  'notInGroup',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/**
 * The field a condition reads: `email`, `mobile`, `createTime`, `updateTime`, `group`, or a custom
 * field as `field:<fieldId>`.
 */
export const ZConditionField = z
  .string()
  .regex(/^(email|mobile|createTime|updateTime|group|field:[a-z0-9]{1,20})$/, { message: 'unknown field' });

export const ZCondition = z.strictObject({
  field: ZConditionField,
  operator: z.enum(CONDITION_OPERATORS),
  /** Text, a number, a date (YYYY-MM-DD), a choice id or a group id; absent for the operators that take none. */
  value: z.union([z.string().max(CONTACT_LIMITS.textValueLength), z.number().finite()]).optional(),
});
export type TCondition = z.infer<typeof ZCondition>;

export const MATCH_MODES = ['all', 'any'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** A group of conditions inside the top level; one level of nesting is enough for AND-of-ORs and OR-of-ANDs. */
export const ZConditionGroup = z.strictObject({
  match: z.enum(MATCH_MODES),
  rules: z.array(ZCondition).min(1).max(CONTACT_LIMITS.conditions),
});
export type TConditionGroup = z.infer<typeof ZConditionGroup>;

export const ZConditionTree = z
  .strictObject({
    match: z.enum(MATCH_MODES),
    rules: z.array(z.union([ZCondition, ZConditionGroup])).min(1).max(CONTACT_LIMITS.conditions),
  })
  .refine(
    (tree) => tree.rules.reduce((sum, rule) => sum + ('rules' in rule ? rule.rules.length : 1), 0) <= CONTACT_LIMITS.conditions,
    { message: `at most ${CONTACT_LIMITS.conditions} conditions` },
  );
export type TConditionTree = z.infer<typeof ZConditionTree>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
/** Columns a list can sort by; `createTime` descending (newest first) is the default and the cheapest. */
export const ZContactSort = z.strictObject({
  field: z.string().regex(/^(email|mobile|createTime|updateTime|field:[a-z0-9]{1,20})$/),
  direction: z.enum(SORT_DIRECTIONS),
});
export type TContactSort = z.infer<typeof ZContactSort>;

/** What selects contacts: conditions, a quick-search text (email, mobile, text fields), a group. All optional, combined with AND. */
export const ZContactFilter = z.strictObject({
  conditions: ZConditionTree.optional(),
  quickSearch: z.string().trim().max(100).optional(),
  groupId: z.string().min(1).max(64).optional(),
});
export type TContactFilter = z.infer<typeof ZContactFilter>;

/** POST contacts/search (and groups/{id}/contacts without groupId): one page, continued by `cursor`. */
export const ZContactSearchRequest = ZContactFilter.extend({
  sort: ZContactSort.optional(),
  cursor: z.string().max(512).optional(),
  limit: z.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type TContactSearchRequest = z.input<typeof ZContactSearchRequest>;

export const ZContactSearchResponse = z.object({
  data: z.array(ZContact),
  /** Opaque; pass it back for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TContactSearchResponse = z.infer<typeof ZContactSearchResponse>;

/** POST contacts/count: how many contacts the filter selects. */
export const ZContactCountRequest = ZContactFilter;
export const ZCountResponse = z.object({ count: z.number().int() });
export type TCountResponse = z.infer<typeof ZCountResponse>;
