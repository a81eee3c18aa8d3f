/**
 * Finding contacts: the list with its quick search and sorting, advanced-search conditions,
 * group membership, counts. Every filter becomes one predicate (shared/domain/contact-filter.ts)
 * evaluated while contacts stream from the store, so no call holds an account in memory.
 */
import { SERVICE_TIME_ZONE } from '../../../shared/constants.js';
import {
  checkConditions,
  compileConditions,
  compileQuickSearch,
  quickSearchIdentity,
  referencedGroupIds,
  type ContactPredicate,
} from '../../../shared/domain/contact-filter.js';
import { toApiContact, type ContactRecord } from '../../../shared/domain/contacts.js';
import { defaultPhoneCountry } from '../../../shared/domain/phone.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TConditionTree, TContactFilter, TContactSearchResponse, TContactSort } from '../../../shared/schemas/contact-search.js';
import type { TFieldSchema } from '../../../shared/schemas/contacts.js';
import { SYSTEM_GROUP_IDS } from '../../../shared/schemas/groups.js';
import { getAccount } from '../../data/accounts.js';
import { getContactSet, type ContactSet } from '../../data/contact-sets.js';
import { getContactsByIdentities, getHighestContactId, scanContacts, walkContacts } from '../../data/contacts.js';
import { listGroups, type GroupRecord } from '../../data/groups.js';
import { createLimiter } from '../../lib/concurrency.js';
import { listContactFields } from './contact-fields.js';

/** What evaluating filters of one account needs: its fields, its groups and its time zone. */
export type FilterContext = {
  tuid: string;
  fields: TFieldSchema[];
  groups: Map<string, GroupRecord>;
  timeZone: string;
};

export async function loadFilterContext(tuid: string): Promise<FilterContext> {
  const [fields, groups, account] = await Promise.all([listContactFields(tuid), listGroups(tuid), getAccount(tuid)]);
  return { tuid, fields, groups: new Map(groups.map((group) => [group.id, group])), timeZone: account?.timezone ?? SERVICE_TIME_ZONE };
}

export function isSystemGroupId(id: string): boolean {
  return id === SYSTEM_GROUP_IDS.withEmail || id === SYSTEM_GROUP_IDS.withMobile;
}

export function hasGroup({ context, id }: { context: FilterContext; id: string }): boolean {
  return isSystemGroupId(id) || context.groups.has(id);
}

/** Checks a condition tree against the account; auto-update groups may refer to groups but never to themselves. */
export function checkConditionTree({ context, tree, ownGroupId }: { context: FilterContext; tree: TConditionTree; ownGroupId?: string }): TConditionTree {
  const checked = checkConditions(tree, { fields: context.fields, hasGroup: (id) => hasGroup({ context, id }) });
  if (ownGroupId !== undefined && groupsReachedFrom(context, referencedGroupIds(checked)).has(ownGroupId)) {
    throw new AppError(ERROR_CODES.INVALID_CONDITION, 'An auto-update group cannot refer to itself.');
  }
  return checked;
}

/** Every group a set of groups depends on, through auto-update groups' conditions. */
function groupsReachedFrom(context: FilterContext, start: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (reached.has(id)) continue;
    reached.add(id);
    const conditions = context.groups.get(id)?.conditions;
    if (conditions) pending.push(...referencedGroupIds(conditions));
  }
  return reached;
}

/**
 * Membership tests of groups, with the snapshot sets they need read once. A group deleted after
 * an auto-update group referred to it has no members.
 */
export async function loadGroupMembership({ context, groupIds }: { context: FilterContext; groupIds: readonly string[] }): Promise<(groupId: string) => ContactPredicate> {
  const needed = [...groupsReachedFrom(context, groupIds)].filter((id) => context.groups.get(id)?.type === 'S');
  // A profile asks about every group at once: at most 16 set reads run together.
  const limit = createLimiter(16);
  const sets = new Map<string, ContactSet>(await Promise.all(needed.map((id) => limit(async () => [id, await getContactSet(context.tuid, id)] as const))));
  const compiled = new Map<string, ContactPredicate>();
  const visiting = new Set<string>();
  const memberOf = (groupId: string): ContactPredicate => {
    const known = compiled.get(groupId);
    if (known) return known;
    if (groupId === SYSTEM_GROUP_IDS.withEmail) return (c) => c.email !== null;
    if (groupId === SYSTEM_GROUP_IDS.withMobile) return (c) => c.mobile !== null;
    const group = context.groups.get(groupId);
    if (!group) return () => false;
    if (group.type === 'S') {
      const set = sets.get(groupId)!;
      return (c) => set.has(c.id);
    }
    // Stored before a cycle check existed, or raced into one: a cycle selects nobody rather than looping.
    if (visiting.has(groupId) || !group.conditions) return () => false;
    visiting.add(groupId);
    const predicate = compileConditions(group.conditions, context.fields, { memberOf, timeZone: context.timeZone });
    visiting.delete(groupId);
    compiled.set(groupId, predicate);
    return predicate;
  };
  return memberOf;
}

/** One predicate for a filter (conditions AND quick search AND group), or null when it selects everyone. */
export async function compileContactFilter({ context, filter }: { context: FilterContext; filter: TContactFilter }): Promise<ContactPredicate | null> {
  const parts: ContactPredicate[] = [];
  const conditions = filter.conditions ? checkConditionTree({ context, tree: filter.conditions }) : null;
  if (filter.groupId !== undefined && !hasGroup({ context, id: filter.groupId })) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This group no longer exists.');
  const memberOf = await loadGroupMembership({ context, groupIds: [...(conditions ? referencedGroupIds(conditions) : []), ...(filter.groupId ? [filter.groupId] : [])] });
  if (filter.groupId !== undefined) parts.push(memberOf(filter.groupId));
  if (conditions) parts.push(compileConditions(conditions, context.fields, { memberOf, timeZone: context.timeZone }));
  if (filter.quickSearch) parts.push(compileQuickSearch(filter.quickSearch, context.fields, defaultPhoneCountry(context.timeZone)));
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : (c) => parts.every((part) => part(c));
}

/**
 * The contacts a filter selects when its quick search is a whole email address or mobile number
 * (quickSearchIdentity): read through the identity items, then held to the filter's group and
 * conditions. Null when the quick search is not one, and the blocks must be searched.
 */
async function exactMatches({ context, filter }: { context: FilterContext; filter: TContactFilter }): Promise<ContactRecord[] | null> {
  const identity = filter.quickSearch ? quickSearchIdentity(filter.quickSearch, defaultPhoneCountry(context.timeZone)) : null;
  if (!identity) return null;
  const predicate = await compileContactFilter({ context, filter: { ...filter, quickSearch: undefined } });
  const holders = await getContactsByIdentities(context.tuid, 'email' in identity ? { emails: [identity.email], mobiles: [] } : { emails: [], mobiles: identity.mobiles });
  return predicate ? holders.filter(predicate) : holders;
}

/** Contacts the filter selects, streamed from every shard at once (looked up when the quick search names them exactly). */
export async function* streamMatchingContacts({ context, filter }: { context: FilterContext; filter: TContactFilter }): AsyncGenerator<ContactRecord[]> {
  const exact = await exactMatches({ context, filter });
  if (exact) {
    if (exact.length > 0) yield exact;
    return;
  }
  const predicate = await compileContactFilter({ context, filter });
  for await (const block of scanContacts(context.tuid)) {
    const matching = predicate ? block.filter(predicate) : block;
    if (matching.length > 0) yield matching;
  }
}

/** How many contacts a filter selects; the unfiltered list and the system lists are kept counts. */
export async function countContacts({ context, filter }: { context: FilterContext; filter: TContactFilter }): Promise<number> {
  const onlyGroup = filter.groupId !== undefined && !filter.conditions && !filter.quickSearch;
  if (!filter.groupId && !filter.conditions && !filter.quickSearch) return (await getAccount(context.tuid))?.contactCount ?? 0;
  const exact = await exactMatches({ context, filter });
  if (exact) return exact.length;
  if (onlyGroup) {
    const group = context.groups.get(filter.groupId!);
    if (group?.type === 'S') return group.memberCount;
    if (isSystemGroupId(filter.groupId!)) {
      const account = await getAccount(context.tuid);
      return (filter.groupId === SYSTEM_GROUP_IDS.withEmail ? account?.emailContactCount : account?.mobileContactCount) ?? 0;
    }
  }
  let count = 0;
  for await (const matching of streamMatchingContacts({ context, filter })) count += matching.length;
  return count;
}

const DEFAULT_SORT: TContactSort = { field: 'createTime', direction: 'desc' };

type SortValue = string | number | null;

/** A position in a sorted list: the sort it belongs to, the last row's sort value and id. */
type Cursor = { sort: string; value: SortValue; id: number };

const sortSignature = (sort: TContactSort) => `${sort.field}:${sort.direction}`;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string, sort: TContactSort): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (cursor.sort === sortSignature(sort) && Number.isInteger(cursor.id)) return cursor;
  } catch {
    // Falls through to the error below.
  }
  throw new AppError(ERROR_CODES.INVALID_INPUT, 'The page cursor does not belong to this list; start from the first page.');
}

/** The value a sort compares; choices sort by their labels, missing values last. */
function sortValueReader(sort: TContactSort, fields: readonly TFieldSchema[]): (c: ContactRecord) => SortValue {
  switch (sort.field) {
    case 'email':
      return (c) => c.email;
    case 'mobile':
      return (c) => c.mobile;
    case 'createTime':
      return (c) => c.createTime;
    case 'updateTime':
      return (c) => c.updateTime;
  }
  const field = fields.find((candidate) => `field:${candidate.id}` === sort.field);
  if (!field) throw new AppError(ERROR_CODES.UNKNOWN_FIELD, `There is no field '${sort.field}'.`);
  const labels = new Map(field.choices.map((choice) => [choice.id, choice.label.toLowerCase()]));
  return (c) => {
    const value = c.fields[field.id];
    if (value === undefined) return null;
    if (Array.isArray(value)) return value.map((id) => labels.get(id) ?? '').sort()[0] ?? null;
    if (typeof value === 'string') return labels.get(value) ?? value.toLowerCase();
    return value;
  };
}

/** Orders rows by (value, id) in the sort's direction; missing values come last either way. */
function compareRows(direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: SortedRow, b: SortedRow): number => {
    if (a.value === null || b.value === null) {
      if (a.value !== b.value) return a.value === null ? 1 : -1;
      return sign * (a.id - b.id);
    }
    if (a.value < b.value) return -sign;
    if (a.value > b.value) return sign;
    return sign * (a.id - b.id);
  };
}

type SortedRow = { value: SortValue; id: number };

/** The first `wanted` rows after `after` in the sort's order, kept while blocks stream past: memory holds `wanted` rows, never the account. */
async function bestRows(options: {
  blocks: AsyncIterable<ContactRecord[]> | Iterable<ContactRecord[]>;
  matches: (c: ContactRecord) => boolean;
  readValue: (c: ContactRecord) => SortValue;
  compare: (a: SortedRow, b: SortedRow) => number;
  after: SortedRow | null;
  wanted: number;
}): Promise<ContactRecord[]> {
  const { matches, readValue, compare, after, wanted } = options;
  let best: Array<SortedRow & { contact: ContactRecord }> = [];
  for await (const block of options.blocks) {
    for (const contact of block) {
      if (!matches(contact)) continue;
      const row = { value: readValue(contact), id: contact.id, contact };
      if (after && compare(row, after) <= 0) continue;
      if (best.length >= wanted && compare(row, best[best.length - 1]!) >= 0) continue;
      best.push(row);
      // Kept sorted and short: at most `wanted` rows.
      best.sort(compare);
      if (best.length > wanted) best = best.slice(0, wanted);
    }
  }
  return best.map((row) => row.contact);
}

/**
 * One page of a list. A quick search that names contacts exactly is looked up (a page of at most
 * a few). In creation order (the default, newest first) it walks blocks in id order from the
 * cursor and stops when the page is full; any other order keeps the best `limit` rows after the
 * cursor while streaming every contact once. No page counts the list first.
 */
export async function searchContacts({ context, request }: { context: FilterContext; request: TContactFilter & { sort?: TContactSort; cursor?: string; limit: number } }): Promise<TContactSearchResponse> {
  const sort = request.sort ?? DEFAULT_SORT;
  const cursor = request.cursor ? decodeCursor(request.cursor, sort) : null;
  const wanted = request.limit + 1;
  const exact = await exactMatches({ context, filter: request });
  const predicate = exact ? null : await compileContactFilter({ context, filter: request });
  const matches = (c: ContactRecord) => predicate === null || predicate(c);
  let rows: ContactRecord[] = [];

  if (sort.field === 'createTime' && !exact) {
    const highestId = await getHighestContactId(context.tuid);
    const startId = cursor ? cursor.id + (sort.direction === 'desc' ? -1 : 1) : sort.direction === 'desc' ? highestId : 0;
    for await (const block of walkContacts(context.tuid, { direction: sort.direction, startId, highestId })) {
      for (const contact of block) if (matches(contact)) rows.push(contact);
      if (rows.length >= wanted) break;
    }
  } else {
    // Creation order is id order: the cursor's id alone places a row.
    const byId = sort.field === 'createTime';
    rows = await bestRows({
      blocks: exact ? [exact] : scanContacts(context.tuid),
      matches,
      readValue: byId ? () => null : sortValueReader(sort, context.fields),
      compare: compareRows(sort.direction),
      after: cursor ? { value: byId ? null : cursor.value, id: cursor.id } : null,
      wanted,
    });
  }

  const page = rows.slice(0, request.limit);
  const last = page[page.length - 1];
  const readValue = sort.field === 'createTime' ? (c: ContactRecord) => c.createTime : sortValueReader(sort, context.fields);
  return {
    data: page.map((contact) => toApiContact(contact, context.fields)),
    nextCursor: rows.length > request.limit && last ? encodeCursor({ sort: sortSignature(sort), value: readValue(last), id: last.id }) : null,
  };
}
