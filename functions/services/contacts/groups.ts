/**
 * Groups (spec §3 "Group"): snapshot groups hold hand-picked members, auto-update groups (type D)
 * hold conditions and are evaluated on each use, and the two system lists are auto-update groups
 * nobody can edit. Deleting a group never deletes contacts.
 */
import { CONTACT_LIMITS } from '../../../shared/constants.js';
import { parseContactId } from '../../../shared/domain/contacts.js';
import { referencedGroupIds } from '../../../shared/domain/contact-filter.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TConditionTree, TContactFilter, TContactSearchResponse, TContactSort } from '../../../shared/schemas/contact-search.js';
import { SYSTEM_GROUP_IDS, type TCreateGroupRequest, type TGroup, type TGroupListResponse, type TUpdateGroupRequest } from '../../../shared/schemas/groups.js';
import { getAccount } from '../../data/accounts.js';
import { changeContactSet, deleteContactSet } from '../../data/contact-sets.js';
import { getContacts } from '../../data/contacts.js';
import {
  deleteGroupRecord,
  getGroup,
  GroupNameTaken,
  insertGroup,
  listGroups,
  memberCountChange,
  updateGroupRecord,
  type GroupRecord,
} from '../../data/groups.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { publish } from '../notifications/realtime.js';
import { checkConditionTree, countContacts, isSystemGroupId, loadFilterContext, searchContacts, streamMatchingContacts, type FilterContext } from './contact-search.js';

export const SYSTEM_GROUPS: ReadonlyArray<{ id: string; name: string; conditions: TConditionTree }> = [
  { id: SYSTEM_GROUP_IDS.withEmail, name: 'All Contacts with Emails', conditions: { match: 'all', rules: [{ field: 'email', operator: 'isNotEmpty' }] } },
  { id: SYSTEM_GROUP_IDS.withMobile, name: 'All Contacts with Mobile', conditions: { match: 'all', rules: [{ field: 'mobile', operator: 'isNotEmpty' }] } },
];

function toApiGroup(group: GroupRecord, count: number | null): TGroup {
  return { id: group.id, name: group.name, type: group.type, editable: true, conditions: group.conditions, count, createTime: group.createTime, updateTime: group.updateTime };
}

/** The system lists, counted from the account's kept counts. */
async function systemGroups(tuid: string): Promise<TGroup[]> {
  const account = await getAccount(tuid);
  const created = account?.createTime ?? new Date(0).toISOString();
  return SYSTEM_GROUPS.map((group) => ({
    ...group,
    type: 'D',
    editable: false,
    count: (group.id === SYSTEM_GROUP_IDS.withEmail ? account?.emailContactCount : account?.mobileContactCount) ?? 0,
    createTime: created,
    updateTime: created,
  }));
}

function requireGroup(context: FilterContext, groupId: string): GroupRecord {
  const group = context.groups.get(groupId);
  if (!group) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This group no longer exists.');
  return group;
}

function refuseSystemGroup(groupId: string): void {
  if (isSystemGroupId(groupId)) throw new AppError(ERROR_CODES.GROUP_NOT_EDITABLE, 'System lists cannot be changed.');
}

/** The groups page: system lists first, then the newest; auto-update groups are counted on demand. */
export async function listGroupsPage(options: { tuid: string; page: number; limit: number; search?: string; type?: 'S' | 'D' }): Promise<TGroupListResponse> {
  const { tuid, page, limit, search, type } = options;
  const [system, groups] = await Promise.all([systemGroups(tuid), listGroups(tuid)]);
  const wanted = search?.toLowerCase();
  const all = [...system, ...groups.reverse().map((group) => toApiGroup(group, group.type === 'S' ? group.memberCount : null))].filter(
    (group) => (!wanted || group.name.toLowerCase().includes(wanted)) && (!type || group.type === type),
  );
  return { data: all.slice((page - 1) * limit, page * limit), total: all.length };
}

/** How many contacts a group has now; an auto-update group is evaluated. */
export async function countGroup({ tuid, groupId }: { tuid: string; groupId: string }): Promise<number> {
  const context = await loadFilterContext(tuid);
  if (!isSystemGroupId(groupId)) requireGroup(context, groupId);
  return countContacts({ context, filter: { groupId } });
}

export async function getGroupDetails({ tuid, groupId }: { tuid: string; groupId: string }): Promise<TGroup> {
  if (isSystemGroupId(groupId)) return (await systemGroups(tuid)).find((group) => group.id === groupId)!;
  const context = await loadFilterContext(tuid);
  const group = requireGroup(context, groupId);
  return toApiGroup(group, await countContacts({ context, filter: { groupId } }));
}

function nameTaken(): AppError {
  return new AppError(ERROR_CODES.RECORD_NAME_EXISTS, 'A group with this name already exists.');
}

/** Contact ids of a request that all name contacts of the account. */
async function requireContactIds(tuid: string, ids: readonly string[]): Promise<number[]> {
  const numbers = ids.map((id) => {
    const number = parseContactId(id);
    if (number === null) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no contact '${id}'.`);
    return number;
  });
  const found = await getContacts(tuid, numbers);
  const missing = numbers.find((number) => !found.has(number));
  if (missing !== undefined) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no contact '${missing}'.`);
  return [...found.keys()];
}

/** Members added from a search, a slice at a time, so the ids never all sit in memory. */
const ADD_FROM_SEARCH_SLICE = 10_000;

async function changeMembers(context: FilterContext, group: GroupRecord, change: { add: number[]; remove: number[]; fromSearch?: TContactFilter }): Promise<void> {
  const { tuid } = context;
  const apply = async (add: number[], remove: number[]) => {
    const result = await changeContactSet({ tuid, setId: group.id, add, remove, counter: (delta) => memberCountChange(tuid, group.id, delta) });
    if (!result.applied) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This group no longer exists.');
  };
  if (change.add.length > 0 || change.remove.length > 0) await apply(change.add, change.remove);
  if (change.fromSearch) {
    let slice: number[] = [];
    for await (const matching of streamMatchingContacts({ context, filter: change.fromSearch })) {
      slice.push(...matching.map((contact) => contact.id));
      if (slice.length >= ADD_FROM_SEARCH_SLICE) {
        await apply(slice, []);
        slice = [];
      }
    }
    if (slice.length > 0) await apply(slice, []);
  }
  await announceGroupSize(tuid, group.id);
}

/** Tells the account's open tabs a group's new size (the mlst event), so lists and pickers refresh. */
async function announceGroupSize(tuid: string, groupId: string): Promise<void> {
  const group = await getGroup(tuid, groupId);
  if (group) await publish(tuid, { event: 'mlst', data: { groupId, size: group.memberCount } });
}

export async function createGroup(options: { tuid: string; input: TCreateGroupRequest; now: Date }): Promise<TGroup> {
  const { tuid, input, now } = options;
  const context = await loadFilterContext(tuid);
  if (context.groups.size >= CONTACT_LIMITS.groups) throw new AppError(ERROR_CODES.LIMIT_REACHED, `An account has at most ${CONTACT_LIMITS.groups} groups.`);
  if (SYSTEM_GROUPS.some((system) => system.name.toLowerCase() === input.name.toLowerCase())) throw nameTaken();
  const conditions = input.type === 'D' ? checkConditionTree({ context, tree: input.conditions }) : null;
  const add = input.type === 'S' && input.contactIds ? await requireContactIds(tuid, input.contactIds) : [];
  const at = now.toISOString();
  const group: GroupRecord = { id: timeOrderedId(now), name: input.name, type: input.type, conditions, memberCount: 0, createTime: at, updateTime: at };
  try {
    await insertGroup(tuid, group);
  } catch (error) {
    if (error instanceof GroupNameTaken) throw nameTaken();
    throw error;
  }
  if (input.type === 'S') await changeMembers(context, group, { add, remove: [], fromSearch: input.fromSearch });
  return getGroupDetails({ tuid, groupId: group.id });
}

export async function updateGroup(options: { tuid: string; groupId: string; input: TUpdateGroupRequest; now: Date }): Promise<TGroup> {
  const { tuid, groupId, input, now } = options;
  refuseSystemGroup(groupId);
  const context = await loadFilterContext(tuid);
  const group = requireGroup(context, groupId);
  if (input.conditions && group.type !== 'D') throw new AppError(ERROR_CODES.INVALID_INPUT, 'Only auto-update groups have conditions.');
  const name = input.name ?? group.name;
  if (SYSTEM_GROUPS.some((system) => system.name.toLowerCase() === name.toLowerCase())) throw nameTaken();
  const conditions = input.conditions ? checkConditionTree({ context, tree: input.conditions, ownGroupId: groupId }) : group.conditions;
  try {
    await updateGroupRecord(tuid, group, { name, conditions, updateTime: now.toISOString() });
  } catch (error) {
    if (error instanceof GroupNameTaken) throw nameTaken();
    throw error;
  }
  return getGroupDetails({ tuid, groupId });
}

/** Deletes a group and its member set; refused while auto-update groups refer to it. Contacts stay. */
export async function deleteGroup(options: { tuid: string; groupId: string }): Promise<void> {
  const { tuid, groupId } = options;
  refuseSystemGroup(groupId);
  const context = await loadFilterContext(tuid);
  const group = requireGroup(context, groupId);
  const usedBy = [...context.groups.values()].filter((other) => other.conditions && referencedGroupIds(other.conditions).includes(groupId));
  if (usedBy.length > 0) throw new AppError(ERROR_CODES.IN_USE, `The group is used by the auto-update group(s) ${usedBy.map((other) => `'${other.name}'`).join(', ')}.`);
  await deleteGroupRecord(tuid, group);
  await deleteContactSet(tuid, groupId);
}

/** Adds and removes members of a snapshot group, by id or from a search. */
export async function changeGroupMembers(options: {
  tuid: string;
  groupId: string;
  add?: readonly string[];
  remove?: readonly string[];
  addFromSearch?: TContactFilter;
}): Promise<TGroup> {
  const { tuid, groupId } = options;
  refuseSystemGroup(groupId);
  const context = await loadFilterContext(tuid);
  const group = requireGroup(context, groupId);
  if (group.type !== 'S') throw new AppError(ERROR_CODES.GROUP_NOT_EDITABLE, 'An auto-update group has no hand-picked members: change its conditions.');
  const add = options.add ? await requireContactIds(tuid, options.add) : [];
  const remove = (options.remove ?? []).map(parseContactId).filter((id): id is number => id !== null);
  await changeMembers(context, group, { add, remove, fromSearch: options.addFromSearch });
  return getGroupDetails({ tuid, groupId });
}

/** A page of a group's members, with the contact list's search and sorting. */
export async function listGroupContacts(options: {
  tuid: string;
  groupId: string;
  request: Omit<TContactFilter, 'groupId'> & { sort?: TContactSort; cursor?: string; limit: number };
}): Promise<TContactSearchResponse> {
  const context = await loadFilterContext(options.tuid);
  if (!isSystemGroupId(options.groupId)) requireGroup(context, options.groupId);
  return searchContacts({ context, request: { ...options.request, groupId: options.groupId } });
}
