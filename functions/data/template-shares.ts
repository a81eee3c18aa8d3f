/**
 * Template shares (spec §4 "Template and group sharing"). Each share is two items written in the
 * same transactions: the owner's (keyed by template and receiving account, so a second share of
 * one template to one account fails its condition) and the receiver's (keyed by the share id,
 * their "Shared with me"). Both carry the whole record, so each side reads its own partition only.
 * A copy's content is a snapshot taken when it is sent, kept in the data bucket until answered.
 */
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ShareMode, ShareRights, ShareStatus } from '../../shared/domain/template-sharing.js';
import type { TemplateKind } from '../../shared/schemas/templates.js';
import { keys } from './keys.js';
import { cancellationCodes, queryPages, table, transactWrite, updateFields } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type ShareUser = { loginTuid: string; name: string };

export type ShareRecord = {
  id: string;
  ownerTuid: string;
  templateId: string;
  receiverTuid: string;
  /** Snapshots at share time, for lists and notifications. */
  ownerName: string;
  ownerEmail: string;
  receiverName: string;
  receiverEmail: string;
  sharedBy: ShareUser;
  templateName: string;
  kind: TemplateKind;
  rights: ShareRights;
  mode: ShareMode;
  status: ShareStatus;
  /** A copy's content snapshot (data bucket key); null for a share. */
  copyContentKey: string | null;
  createTime: string;
  updateTime: string;
};

/** The owner already shared this template with this account (pending or accepted). */
export class ShareExists extends Error {}
/** The template was deleted before the share was written. */
export class SharedTemplateGone extends Error {}

function toRecord(item: Record<string, unknown>): ShareRecord {
  return {
    id: String(item.id),
    ownerTuid: String(item.ownerTuid),
    templateId: String(item.templateId),
    receiverTuid: String(item.receiverTuid),
    ownerName: String(item.ownerName ?? ''),
    ownerEmail: String(item.ownerEmail ?? ''),
    receiverName: String(item.receiverName ?? ''),
    receiverEmail: String(item.receiverEmail ?? ''),
    sharedBy: { loginTuid: String(item.sharedBy), name: String(item.sharedByName ?? '') },
    templateName: String(item.templateName),
    kind: item.kind === 'sms' || item.kind === 'mms' ? item.kind : 'email',
    rights: item.rights === 'edit' ? 'edit' : 'view',
    mode: item.mode === 'copy' ? 'copy' : 'share',
    status: item.status === 'accepted' ? 'accepted' : 'pending',
    copyContentKey: typeof item.copyContentKey === 'string' ? item.copyContentKey : null,
    createTime: String(item.createTime),
    updateTime: String(item.updateTime),
  };
}

function attributesOf(record: ShareRecord): Record<string, unknown> {
  const { sharedBy, ...rest } = record;
  return { ...rest, sharedBy: sharedBy.loginTuid, sharedByName: sharedBy.name };
}

const ownerKey = (record: Pick<ShareRecord, 'ownerTuid' | 'templateId' | 'receiverTuid'>) => keys.templateShare(record.ownerTuid, record.templateId, record.receiverTuid);
const receiverKey = (record: Pick<ShareRecord, 'receiverTuid' | 'id'>) => keys.receivedShare(record.receiverTuid, record.id);

/**
 * Writes a new share on both sides, only while the template exists and the owner has no share of
 * it with this account. Throws ShareExists or SharedTemplateGone.
 */
export async function insertShare(record: ShareRecord): Promise<void> {
  const { name } = table();
  const item = attributesOf(record);
  try {
    await transactWrite([
      { ConditionCheck: { TableName: name, Key: keys.template(record.ownerTuid, record.templateId), ConditionExpression: 'attribute_exists(PK)' } },
      { Put: { TableName: name, Item: { ...ownerKey(record), ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: name, Item: { ...receiverKey(record), ...item }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') throw new SharedTemplateGone();
    if (codes[1] === 'ConditionalCheckFailed' || codes[2] === 'ConditionalCheckFailed') throw new ShareExists();
    throw error;
  }
}

// Access pattern: the owner's share of one template with one account (may that account see it?).
export async function getTemplateShare(ownerTuid: string, templateId: string, receiverTuid: string): Promise<ShareRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: ownerKey({ ownerTuid, templateId, receiverTuid }), ConsistentRead: true }));
  return answer.Item ? toRecord(answer.Item) : null;
}

// Access pattern: one share the receiver got, by id (consistent: accepting and reading are judged on it).
export async function getReceivedShare(receiverTuid: string, shareId: string): Promise<ShareRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.receivedShare(receiverTuid, shareId), ConsistentRead: true }));
  return answer.Item ? toRecord(answer.Item) : null;
}

// Access pattern: every share an account received, oldest first (pending and accepted).
export async function listReceivedShares(receiverTuid: string): Promise<ShareRecord[]> {
  const records: ShareRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(receiverTuid), ':prefix': keys.receivedSharePrefix },
    ConsistentRead: true,
  })) {
    records.push(...page.map(toRecord));
  }
  return records;
}

// Access pattern: the shares of one of the owner's templates (the share dialog, ending them on delete).
export async function listTemplateShares(ownerTuid: string, templateId: string): Promise<ShareRecord[]> {
  const records: ShareRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(ownerTuid), ':prefix': keys.templateSharesOf(templateId) },
    ConsistentRead: true,
  })) {
    records.push(...page.map(toRecord));
  }
  return records;
}

/** Both items of a share updated alike, on the condition that it is still this share (and in `status`, if given). */
function updateBoth(record: ShareRecord, set: Record<string, unknown>, status?: ShareStatus): TransactItem[] {
  const { name } = table();
  const condition = status
    ? { expression: 'id = :id AND #status = :expectedStatus', names: { '#status': 'status' }, values: { ':id': record.id, ':expectedStatus': status } }
    : { expression: 'id = :id', values: { ':id': record.id } };
  const update = (Key: Record<string, string>): TransactItem => ({ Update: { TableName: name, Key, ...updateFields(set, { condition }) } });
  return [update(ownerKey(record)), update(receiverKey(record))];
}

async function succeeds(items: TransactItem[]): Promise<boolean> {
  try {
    await transactWrite(items);
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}

/** Marks a pending share accepted on both sides; false when it is no longer pending (answered, withdrawn). */
export async function markShareAccepted(record: ShareRecord, at: string): Promise<boolean> {
  return succeeds(updateBoth(record, { status: 'accepted', updateTime: at }, 'pending'));
}

/** Changes a share's rights on both sides; false when the share is gone. */
export async function updateShareRights(record: ShareRecord, rights: ShareRights, at: string): Promise<boolean> {
  return succeeds(updateBoth(record, { rights, updateTime: at }));
}

/**
 * Deletes both items of a share (withdrawn, left, rejected, a copy taken), on the condition that it
 * is still this share and, if given, still in `status`. False when that no longer holds, so of
 * two racing answers exactly one wins.
 */
export async function deleteShare(record: ShareRecord, status?: ShareStatus): Promise<boolean> {
  const { name } = table();
  const values: Record<string, unknown> = { ':id': record.id };
  if (status) values[':status'] = status;
  const remove = (Key: Record<string, string>): TransactItem => ({
    Delete: {
      TableName: name,
      Key,
      ConditionExpression: `id = :id${status ? ' AND #status = :status' : ''}`,
      ExpressionAttributeNames: status ? { '#status': 'status' } : undefined,
      ExpressionAttributeValues: values,
    },
  });
  return succeeds([remove(ownerKey(record)), remove(receiverKey(record))]);
}
