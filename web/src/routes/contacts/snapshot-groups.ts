/**
 * Snapshot groups as the contacts area needs them: every one, for the membership picker of the
 * form and the "Add to group" dialog, and the two changes made from here (add members, create a
 * group of the selected contacts). Keys start with the groups path, so group changes made
 * anywhere revalidate them too.
 */
import useSWR from 'swr';
import type { TCreateGroupRequest, TGroup, TGroupListResponse, TGroupResponse } from '../../../../shared/schemas/groups.js';
import { apiRequest } from '../../api/client.js';
import { revalidateContacts } from '../../api/contacts.js';

const GROUPS_PATH = '/api/v1/pageBasedAPI/groups';
/** The largest page the group list answers. */
const PAGE_LIMIT = 100;
const SNAPSHOT_GROUPS_KEY = [GROUPS_PATH, 'snapshot-groups'] as const;

async function fetchSnapshotGroups(): Promise<TGroup[]> {
  const groups: TGroup[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiRequest<TGroupListResponse>({ path: GROUPS_PATH, query: { page, limit: PAGE_LIMIT, type: 'S' } });
    groups.push(...answer.data);
    if (answer.data.length < PAGE_LIMIT || groups.length >= answer.total) return groups;
  }
}

/** Every snapshot group of the account whose members can be edited; not asked when `enabled` is false. */
export function useSnapshotGroups(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<TGroup[], unknown, typeof SNAPSHOT_GROUPS_KEY | null>(enabled ? SNAPSHOT_GROUPS_KEY : null, fetchSnapshotGroups);
  return { groups: data?.filter((group) => group.editable), error, isLoading, refetch: () => mutate() };
}

/** Adds contacts to a snapshot group. */
export async function addContactsToGroup(groupId: string, contactIds: readonly string[]): Promise<TGroup> {
  const { group } = await apiRequest<TGroupResponse>({ method: 'POST', path: `${GROUPS_PATH}/${encodeURIComponent(groupId)}/members`, body: { add: contactIds } });
  await revalidateContacts();
  return group;
}

/** A new snapshot group holding the given contacts. */
export async function createGroupOfContacts(name: string, contactIds: readonly string[]): Promise<TGroup> {
  const request: TCreateGroupRequest = { type: 'S', name: name.trim(), contactIds: [...contactIds] };
  const { group } = await apiRequest<TGroupResponse>({ method: 'POST', path: GROUPS_PATH, body: request });
  await revalidateContacts();
  return group;
}
