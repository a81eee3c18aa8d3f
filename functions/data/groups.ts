/**
 * Groups of an account: one item per group under the account, a name item that keeps names
 * unique (case-insensitive), and for snapshot groups a contact set (contact-sets.ts) whose
 * member count the group item carries. An account has at most 1,000 groups, so the list is one
 * query.
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TConditionTree } from '../../shared/schemas/contact-search.js';
import type { GroupType } from '../../shared/schemas/groups.js';
import { normalizeName } from '../../shared/domain/text.js';
import { keys } from './keys.js';
import { cancellationCodes, queryPages, table, transactWrite } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type GroupRecord = {
  id: string;
  name: string;
  type: GroupType;
  /** An auto-update group's conditions; null for a snapshot group. */
  conditions: TConditionTree | null;
  /** A snapshot group's members; 0 for an auto-update group (it is counted on use). */
  memberCount: number;
  createTime: string;
  updateTime: string;
};

/** Group names are unique regardless of case, surrounding spaces and Unicode form. */
export function groupNameKey(name: string): string {
  return normalizeName(name).toLowerCase();
}

function toRecord(item: Record<string, unknown>): GroupRecord {
  return {
    id: String(item.id),
    name: String(item.name),
    type: item.type === 'D' ? 'D' : 'S',
    conditions: (item.conditions as TConditionTree | undefined) ?? null,
    memberCount: Number(item.memberCount ?? 0),
    createTime: String(item.createTime),
    updateTime: String(item.updateTime),
  };
}

export class GroupNameTaken extends Error {}

/** Every group of the account, oldest first. */
export async function listGroups(tuid: string): Promise<GroupRecord[]> {
  const groups: GroupRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': keys.groupPrefix },
  })) {
    groups.push(...page.map(toRecord));
  }
  return groups;
}

export async function getGroup(tuid: string, groupId: string): Promise<GroupRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.group(tuid, groupId), ConsistentRead: true }));
  return answer.Item ? toRecord(answer.Item) : null;
}

function nameClaim(tuid: string, group: Pick<GroupRecord, 'id' | 'name'>): TransactItem {
  const { name } = table();
  return { Put: { TableName: name, Item: { ...keys.groupName(tuid, groupNameKey(group.name)), groupId: group.id }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

function nameRelease(tuid: string, group: Pick<GroupRecord, 'id' | 'name'>): TransactItem {
  const { name } = table();
  return { Delete: { TableName: name, Key: keys.groupName(tuid, groupNameKey(group.name)), ConditionExpression: 'groupId = :id', ExpressionAttributeValues: { ':id': group.id } } };
}

async function writeClaimingName(items: TransactItem[], nameItemIndex: number): Promise<void> {
  try {
    await transactWrite(items);
  } catch (error) {
    if (nameItemIndex >= 0 && cancellationCodes(error)[nameItemIndex] === 'ConditionalCheckFailed') throw new GroupNameTaken();
    throw error;
  }
}

export async function insertGroup(tuid: string, group: GroupRecord): Promise<void> {
  const { name } = table();
  await writeClaimingName([{ Put: { TableName: name, Item: { ...keys.group(tuid, group.id), ...group }, ConditionExpression: 'attribute_not_exists(PK)' } }, nameClaim(tuid, group)], 1);
}

/** Renames and/or re-conditions a group; a new name is claimed and the old one released together. */
export async function updateGroupRecord(tuid: string, before: GroupRecord, changes: { name: string; conditions: TConditionTree | null; updateTime: string }): Promise<void> {
  const { name } = table();
  const renamed = groupNameKey(changes.name) !== groupNameKey(before.name);
  const update: TransactItem = {
    Update: {
      TableName: name,
      Key: keys.group(tuid, before.id),
      UpdateExpression: 'SET #name = :name, conditions = :conditions, updateTime = :updateTime',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': changes.name, ':conditions': changes.conditions, ':updateTime': changes.updateTime },
    },
  };
  await writeClaimingName(renamed ? [update, nameRelease(tuid, before), nameClaim(tuid, { id: before.id, name: changes.name })] : [update], renamed ? 2 : -1);
}

export async function deleteGroupRecord(tuid: string, group: GroupRecord): Promise<void> {
  const { name } = table();
  await transactWrite([{ Delete: { TableName: name, Key: keys.group(tuid, group.id) } }, nameRelease(tuid, group)]);
}

/** The group's member counter, as the item a contact-set change writes with each chunk; fails once the group is gone. */
export function memberCountChange(tuid: string, groupId: string, delta: number): TransactItem {
  const { name } = table();
  return {
    Update: {
      TableName: name,
      Key: keys.group(tuid, groupId),
      UpdateExpression: 'ADD memberCount :delta',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}
