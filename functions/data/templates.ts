/**
 * Templates of an account. The table holds a small metadata item per template (name, kind, who
 * and when, size, the edit lock, and the key of its current content object) and a name item that
 * keeps names unique (case-insensitive). The content itself (HTML plus a drag-and-drop project
 * that can pass DynamoDB's 400 KB item limit) lives in the data bucket, one immutable object per
 * saved version; the metadata item names the current one, so switching versions is one
 * conditional write and a reader never sees half a save.
 *
 * The edit lock is three attributes of the metadata item rather than an item of its own, so a
 * save's "the caller still holds a live lock" check and its content switch are one condition.
 * Its expiry is `lockExpiresAt`, never the table's TTL attribute: TTL would delete the template.
 */
import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EditLockHolder } from '../../shared/domain/templates.js';
import type { EmailEditor, TemplateKind, TTemplateContent } from '../../shared/schemas/templates.js';
import { deleteObject, readObjectText, writeObject } from '../lib/aws/storage.js';
import { timeOrderedId } from '../lib/time-ordered-id.js';
import { claimEditLock, editLockOf, lockCondition, releaseEditLock, type LockRequirement } from './edit-locks.js';
import { nameClaimItem, nameReleaseItem, writeClaimingName as writeNameTransaction } from './name-claims.js';
import { keys } from './keys.js';
import { objectKeys } from './object-keys.js';
import { queryPages, table, updateFields } from './table-client.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type TemplateUser = { loginTuid: string; name: string };

export type TemplateRecord = {
  id: string;
  name: string;
  /** templateNameKey(name): the unique key and what name searches match. */
  nameKey: string;
  kind: TemplateKind;
  editor: EmailEditor | null;
  /** Bytes of the current content object. */
  size: number;
  snippet: string | null;
  /** Data bucket key of the current content version. */
  contentKey: string;
  createTime: string;
  updateTime: string;
  createdBy: TemplateUser;
  updatedBy: TemplateUser;
  /** As stored; it may have lapsed (see liveEditLock). */
  lock: EditLockHolder | null;
};

/** What a content version contributes to the metadata item. */
export type StoredContent = { contentKey: string; size: number; snippet: string | null; editor: EmailEditor | null };

export class TemplateNameTaken extends Error {}

function toRecord(item: Record<string, unknown>): TemplateRecord {
  return {
    id: String(item.id),
    name: String(item.name),
    nameKey: String(item.nameKey),
    kind: item.kind === 'sms' || item.kind === 'mms' ? item.kind : 'email',
    editor: item.editor === 'dragAndDrop' || item.editor === 'code' || item.editor === 'convertedPage' ? item.editor : null,
    size: Number(item.size ?? 0),
    snippet: typeof item.snippet === 'string' ? item.snippet : null,
    contentKey: String(item.contentKey),
    createTime: String(item.createTime),
    updateTime: String(item.updateTime),
    createdBy: { loginTuid: String(item.createdBy), name: String(item.createdByName ?? '') },
    updatedBy: { loginTuid: String(item.updatedBy), name: String(item.updatedByName ?? '') },
    lock: editLockOf(item),
  };
}

function toItem(tuid: string, record: TemplateRecord): Record<string, unknown> {
  return {
    ...keys.template(tuid, record.id),
    id: record.id,
    name: record.name,
    nameKey: record.nameKey,
    kind: record.kind,
    editor: record.editor,
    size: record.size,
    snippet: record.snippet,
    contentKey: record.contentKey,
    createTime: record.createTime,
    updateTime: record.updateTime,
    createdBy: record.createdBy.loginTuid,
    createdByName: record.createdBy.name,
    updatedBy: record.updatedBy.loginTuid,
    updatedByName: record.updatedBy.name,
  };
}

// Access pattern: one template by id (consistent: a save or lock is judged on it).
export async function getTemplateRecord(tuid: string, templateId: string): Promise<TemplateRecord | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.template(tuid, templateId), ConsistentRead: true }));
  return answer.Item ? toRecord(answer.Item) : null;
}

/** Items read per request while a filter drops most of them. */
const FILTERED_PAGE_ITEMS = 200;

// Access pattern: a page of the account's templates, newest first, optionally of one kind or
// whose name contains a fragment; `after` is the last id of the previous page.
export async function listTemplateRecords(
  tuid: string,
  options: { after?: string; limit: number; kind?: TemplateKind; nameFragment?: string },
): Promise<{ records: TemplateRecord[]; more: boolean }> {
  const { db, name } = table();
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': keys.accountPartition(tuid), ':prefix': keys.templatePrefix };
  if (options.kind) {
    filters.push('#kind = :kind');
    names['#kind'] = 'kind';
    values[':kind'] = options.kind;
  }
  if (options.nameFragment) {
    filters.push('contains(nameKey, :fragment)');
    values[':fragment'] = options.nameFragment;
  }
  const records: TemplateRecord[] = [];
  let startKey: Record<string, unknown> | undefined = options.after ? keys.template(tuid, options.after) : undefined;
  // One more than the page shows, to know whether there is a next page.
  while (records.length <= options.limit) {
    const answer = await db.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: filters.length > 0 ? filters.join(' AND ') : undefined,
        ExpressionAttributeNames: options.kind ? names : undefined,
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ConsistentRead: true,
        // Limit counts items read before the filter, so a filtered list reads wider pages.
        Limit: filters.length > 0 ? FILTERED_PAGE_ITEMS : options.limit + 1 - records.length,
        ExclusiveStartKey: startKey,
      }),
    );
    records.push(...(answer.Items ?? []).map(toRecord));
    startKey = answer.LastEvaluatedKey;
    if (!startKey) break;
  }
  return { records: records.slice(0, options.limit), more: records.length > options.limit };
}

// Access pattern: the name keys of the account's templates that start with a prefix (copy naming).
export async function findTemplateNameKeys(tuid: string, prefix: string): Promise<Set<string>> {
  const taken = new Set<string>();
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.accountPartition(tuid), ':prefix': `${keys.templateNamePrefix}${prefix}` },
    ConsistentRead: true,
  })) {
    for (const item of page) taken.add(String(item.SK).slice(keys.templateNamePrefix.length));
  }
  return taken;
}

function nameClaim(tuid: string, templateId: string, nameKey: string): TransactItem {
  return nameClaimItem(keys.templateName(tuid, nameKey), 'templateId', templateId);
}

function nameRelease(tuid: string, templateId: string, nameKey: string): TransactItem {
  return nameReleaseItem(keys.templateName(tuid, nameKey), 'templateId', templateId);
}

/** Runs a transaction; a taken name throws TemplateNameTaken. False: another condition failed. */
function writeClaimingName(items: TransactItem[], nameClaimIndex: number): Promise<boolean> {
  return writeNameTransaction(items, nameClaimIndex, () => new TemplateNameTaken());
}

/** A new template and its name claim, together; throws TemplateNameTaken. */
export async function insertTemplateRecord(tuid: string, record: TemplateRecord): Promise<void> {
  const { name } = table();
  await writeClaimingName(
    [{ Put: { TableName: name, Item: toItem(tuid, record), ConditionExpression: 'attribute_not_exists(PK)' } }, nameClaim(tuid, record.id, record.nameKey)],
    1,
  );
}

/**
 * Renames and/or switches a template to a new content version, under the lock requirement and,
 * for a switch, only if the current version is still the one the caller read (so the version it
 * replaces, and then deletes, is exactly `before.contentKey`). A new name is claimed and the old
 * one released in the same transaction. False when a condition failed (re-read to see which);
 * throws TemplateNameTaken.
 */
export async function updateTemplateRecord(
  tuid: string,
  before: TemplateRecord,
  change: { name?: string; nameKey?: string; content?: StoredContent; updatedBy: TemplateUser; updateTime: string; lock: LockRequirement },
): Promise<boolean> {
  const { name: tableName } = table();
  const lock = lockCondition(change.lock);
  const fields = {
    updateTime: change.updateTime,
    updatedBy: change.updatedBy.loginTuid,
    updatedByName: change.updatedBy.name,
    ...(change.name !== undefined && change.nameKey !== undefined ? { name: change.name, nameKey: change.nameKey } : {}),
    ...(change.content
      ? { contentKey: change.content.contentKey, size: change.content.size, snippet: change.content.snippet, editor: change.content.editor }
      : {}),
    ...(change.lock.renewUntil ? { lockExpiresAt: change.lock.renewUntil.getTime() } : {}),
  };
  const condition = {
    expression: ['attribute_exists(PK)', lock.expression, ...(change.content ? ['contentKey = :readKey'] : [])].join(' AND '),
    values: { ...lock.values, ...(change.content ? { ':readKey': before.contentKey } : {}) },
  };
  const update: TransactItem = { Update: { TableName: tableName, Key: keys.template(tuid, before.id), ...updateFields(fields, { condition }) } };
  const renamed = change.nameKey !== undefined && change.nameKey !== before.nameKey;
  if (!renamed) return writeClaimingName([update], -1);
  return writeClaimingName([update, nameRelease(tuid, before.id, before.nameKey), nameClaim(tuid, before.id, change.nameKey!)], 2);
}

/**
 * Deletes templates and their name claims in one transaction (all or none; at most 50), refused
 * while another user holds a live lock on any. False when a condition failed (re-read to see which).
 */
export async function deleteTemplateRecords(tuid: string, records: readonly TemplateRecord[], requirement: LockRequirement): Promise<boolean> {
  if (records.length === 0) return true;
  const { name } = table();
  const lock = lockCondition(requirement);
  const items = records.flatMap((record): TransactItem[] => [
    {
      Delete: {
        TableName: name,
        Key: keys.template(tuid, record.id),
        ConditionExpression: `attribute_exists(PK) AND ${lock.expression}`,
        ExpressionAttributeValues: lock.values,
      },
    },
    nameRelease(tuid, record.id, record.nameKey),
  ]);
  return writeClaimingName(items, -1);
}

/** Takes or renews the edit lock for `holder` unless another user's lock is live; false when it is (or the template is gone). */
export function claimTemplateEditLock(tuid: string, templateId: string, holder: EditLockHolder, now: Date): Promise<boolean> {
  return claimEditLock(keys.template(tuid, templateId), holder, now);
}

/** Gives up the caller's lock; a lock someone else holds, or none, is left as it is. */
export function releaseTemplateEditLock(tuid: string, templateId: string, loginTuid: string): Promise<void> {
  return releaseEditLock(keys.template(tuid, templateId), loginTuid);
}

/** Stores one content version under a key of its own; nothing refers to it until a metadata write does. */
export async function writeTemplateContent(tuid: string, templateId: string, content: TTemplateContent, at: Date): Promise<{ contentKey: string; size: number }> {
  const body = JSON.stringify(content);
  const contentKey = objectKeys.templateContent(tuid, templateId, timeOrderedId(at));
  await writeObject(contentKey, body, 'application/json; charset=utf-8');
  return { contentKey, size: Buffer.byteLength(body) };
}

/** A content version, or null once it is gone (replaced by a newer save, or deleted). */
export async function readTemplateContent(contentKey: string): Promise<TTemplateContent | null> {
  const text = await readObjectText(contentKey);
  // Written only by writeTemplateContent from schema-checked input.
  return text === null ? null : (JSON.parse(text) as TTemplateContent);
}

/** The version a content key names: what thumbnails and caches are keyed by. */
export function templateContentVersion(contentKey: string): string {
  return contentKey.slice(contentKey.lastIndexOf('/') + 1).replace(/\.json$/, '');
}

export async function readTemplateThumbnail(contentKey: string): Promise<string | null> {
  return readObjectText(objectKeys.templateThumbnail(contentKey));
}

export async function writeTemplateThumbnail(contentKey: string, svg: string): Promise<void> {
  await writeObject(objectKeys.templateThumbnail(contentKey), svg, 'image/svg+xml; charset=utf-8');
}

/** Drops a content version and its thumbnail, if one was drawn. */
export async function deleteTemplateContent(contentKey: string): Promise<void> {
  await Promise.all([deleteObject(contentKey), deleteObject(objectKeys.templateThumbnail(contentKey))]);
}
