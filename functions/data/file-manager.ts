/**
 * The file manager's folders, hosted files, pending uploads and usage counter, in the account's
 * files partition (keys.ts). Invariants are transaction conditions: a name is unique per folder
 * (files and folders alike), a folder holds a child count so only an empty one is deleted and
 * nothing lands in a deleted one, and usage never passes the quota.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { cancellationCodes, conditionHeld, isConditionFailure, queryPages, table, transactWrite } from './table-client.js';

export type FolderRecord = { kind: 'folder'; id: string; parentId: string; name: string; nameKey: string; createTime: string; updateTime: string };
export type FileRecord = {
  kind: 'file';
  id: string;
  parentId: string;
  name: string;
  nameKey: string;
  size: number;
  contentType: string;
  /** The object in the content bucket; it never changes, so a renamed file keeps its public URL. */
  objectKey: string;
  createTime: string;
  updateTime: string;
};
export type EntryRecord = FolderRecord | FileRecord;

export type PendingUpload = {
  uploadId: string;
  parentId: string;
  name: string;
  contentType: string;
  declaredSize: number;
  /** Where the browser PUTs the bytes (under PENDING_CONTENT_PREFIX, expired by a lifecycle rule). */
  pendingKey: string;
  /** Where a confirmed file lives for good. */
  objectKey: string;
  createTime: string;
  /** TTL (epoch seconds): an upload never confirmed is housekeeping. */
  expiresAt: number;
};

/** `folderMoves` counts moved folders: a folder move is judged on the tree as of that count (moveEntryRecord). */
export type UsageRecord = { usedBytes: number; fileCount: number; noticeLevel: number; folderMoves: number };

const ROOT = 'root';
const ENTRY_FIELDS = ['kind', 'id', 'parentId', 'name', 'nameKey', 'size', 'contentType', 'objectKey', 'createTime', 'updateTime'] as const;

function entryOf(item: Record<string, unknown>): EntryRecord {
  const entry: Record<string, unknown> = {};
  for (const field of ENTRY_FIELDS) if (item[field] !== undefined) entry[field] = item[field];
  return entry as EntryRecord;
}

const otherKind = (kind: EntryRecord['kind']) => (kind === 'folder' ? 'file' : 'folder');

/** The parent's child counter moves with each child; a missing parent cancels the transaction. */
function parentCount(tuid: string, parentId: string, delta: 1 | -1) {
  if (parentId === ROOT) return [];
  const { name } = table();
  return [
    {
      Update: {
        TableName: name,
        Key: keys.fileLocator(tuid, parentId),
        UpdateExpression: 'ADD childCount :delta',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':delta': delta },
      },
    },
  ];
}

/** The two items of an entry: the listing entry and the id locator (which also counts a folder's children). */
function putEntryItems(tuid: string, entry: EntryRecord) {
  const { name } = table();
  return [
    { Put: { TableName: name, Item: { ...keys.fileEntry(tuid, entry.parentId, entry.kind, entry.nameKey), ...entry }, ConditionExpression: 'attribute_not_exists(PK)' } },
    // The same name must not be taken by the other kind either.
    { ConditionCheck: { TableName: name, Key: keys.fileEntry(tuid, entry.parentId, otherKind(entry.kind), entry.nameKey), ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
}

export type WriteOutcome = 'ok' | 'nameTaken' | 'parentMissing' | 'quota' | 'gone' | 'notEmpty' | 'treeChanged';

/** Maps a cancelled transaction's first failed item to an outcome by its role. */
function outcomeOf(error: unknown, roles: WriteOutcome[]): WriteOutcome {
  if (!isConditionFailure(error)) throw error;
  const codes = cancellationCodes(error);
  const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
  return roles[failed] ?? roles[0] ?? 'gone';
}

// Access pattern: an entry by its id.
export async function getEntry(tuid: string, entryId: string): Promise<(EntryRecord & { childCount?: number }) | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.fileLocator(tuid, entryId), ConsistentRead: true }));
  return answer.Item ? { ...entryOf(answer.Item), childCount: Number(answer.Item.childCount ?? 0) } : null;
}

// Access pattern: an entry of a folder by kind and name key (is the name taken?).
export async function findEntryByName(tuid: string, parentId: string, nameKey: string): Promise<EntryRecord | null> {
  const { db, name } = table();
  const answers = await Promise.all(
    (['folder', 'file'] as const).map((kind) => db.send(new GetCommand({ TableName: name, Key: keys.fileEntry(tuid, parentId, kind, nameKey), ConsistentRead: true }))),
  );
  const item = answers.find((answer) => answer.Item)?.Item;
  return item ? entryOf(item) : null;
}

// Access pattern: one page of a folder's entries, folders first, each kind by name key.
export async function listFolderEntries(options: { tuid: string; parentId: string; limit: number; afterSk?: string }): Promise<{ entries: EntryRecord[]; lastSk?: string }> {
  const { db, name } = table();
  const partition = keys.filesPartition(options.tuid);
  const answer = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': keys.fileEntryPrefix(options.parentId) },
      Limit: options.limit,
      ExclusiveStartKey: options.afterSk ? { PK: partition, SK: options.afterSk } : undefined,
    }),
  );
  const lastSk = answer.LastEvaluatedKey?.SK;
  return { entries: (answer.Items ?? []).map(entryOf), lastSk: typeof lastSk === 'string' ? lastSk : undefined };
}

/** The sort key an entry has in its folder's listing (a page cursor points at one). */
export function entrySortKey(tuid: string, entry: Pick<EntryRecord, 'parentId' | 'kind' | 'nameKey'>): string {
  return keys.fileEntry(tuid, entry.parentId, entry.kind, entry.nameKey).SK;
}

/** A new folder in its parent: 'nameTaken' or 'parentMissing' when a condition fails. */
export async function createFolderRecord(tuid: string, folder: FolderRecord): Promise<WriteOutcome> {
  const { name } = table();
  try {
    await transactWrite([
      ...putEntryItems(tuid, folder),
      { Put: { TableName: name, Item: { ...keys.fileLocator(tuid, folder.id), ...folder, childCount: 0 }, ConditionExpression: 'attribute_not_exists(PK)' } },
      ...parentCount(tuid, folder.parentId, 1),
    ]);
    return 'ok';
  } catch (error) {
    return outcomeOf(error, ['nameTaken', 'nameTaken', 'gone', 'parentMissing']);
  }
}

export async function createPendingUpload(tuid: string, upload: PendingUpload): Promise<void> {
  const { db, name } = table();
  await db.send(new PutCommand({ TableName: name, Item: { ...keys.fileUpload(tuid, upload.uploadId), ...upload } }));
}

// Access pattern: a pending upload by id.
export async function getPendingUpload(tuid: string, uploadId: string): Promise<PendingUpload | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.fileUpload(tuid, uploadId), ConsistentRead: true }));
  return (answer.Item as PendingUpload | undefined) ?? null;
}

export async function deletePendingUpload(tuid: string, uploadId: string): Promise<void> {
  const { db, name } = table();
  await db.send(new DeleteCommand({ TableName: name, Key: keys.fileUpload(tuid, uploadId) }));
}

/**
 * Records an uploaded file in one transaction: the pending upload is spent (so a retried confirm
 * counts nothing twice), the name is taken, the parent still exists and counts it, and usage grows
 * by the real size only while it stays within `quotaBytes`.
 */
export async function recordUploadedFile(options: { tuid: string; uploadId: string; file: FileRecord; quotaBytes: number }): Promise<WriteOutcome> {
  const { tuid, file, quotaBytes } = options;
  const { name } = table();
  if (file.size > quotaBytes) return 'quota';
  try {
    await transactWrite([
      { Delete: { TableName: name, Key: keys.fileUpload(tuid, options.uploadId), ConditionExpression: 'attribute_exists(PK)' } },
      ...putEntryItems(tuid, file),
      { Put: { TableName: name, Item: { ...keys.fileLocator(tuid, file.id), ...file }, ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Update: {
          TableName: name,
          Key: keys.fileUsage(tuid),
          UpdateExpression: 'ADD usedBytes :size, fileCount :one',
          // No arithmetic in conditions: "used + size <= quota" is "used <= quota - size".
          ConditionExpression: 'attribute_not_exists(usedBytes) OR usedBytes <= :room',
          ExpressionAttributeValues: { ':size': file.size, ':one': 1, ':room': quotaBytes - file.size },
        },
      },
      ...parentCount(tuid, file.parentId, 1),
    ]);
    return 'ok';
  } catch (error) {
    return outcomeOf(error, ['gone', 'nameTaken', 'nameTaken', 'gone', 'quota', 'parentMissing']);
  }
}

/** A new name in the same folder: the listing entry moves to its new key, the locator follows. */
export async function renameEntryRecord(options: { tuid: string; entry: EntryRecord; name: string; nameKey: string; now: string }): Promise<WriteOutcome> {
  const { tuid, entry } = options;
  const { name: tableName } = table();
  const renamed: EntryRecord = { ...entry, name: options.name, nameKey: options.nameKey, updateTime: options.now };
  const locator = {
    Update: {
      TableName: tableName,
      Key: keys.fileLocator(tuid, entry.id),
      UpdateExpression: 'SET #name = :name, nameKey = :nameKey, updateTime = :now',
      ConditionExpression: 'attribute_exists(PK) AND nameKey = :oldKey',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': options.name, ':nameKey': options.nameKey, ':now': options.now, ':oldKey': entry.nameKey },
    },
  };
  try {
    if (options.nameKey === entry.nameKey) {
      // Only the case or spacing changes: the entry keeps its key.
      await transactWrite([
        locator,
        { Put: { TableName: tableName, Item: { ...keys.fileEntry(tuid, entry.parentId, entry.kind, entry.nameKey), ...renamed }, ConditionExpression: 'attribute_exists(PK)' } },
      ]);
      return 'ok';
    }
    await transactWrite([
      locator,
      { Delete: { TableName: tableName, Key: keys.fileEntry(tuid, entry.parentId, entry.kind, entry.nameKey), ConditionExpression: 'attribute_exists(PK)' } },
      ...putEntryItems(tuid, renamed),
    ]);
    return 'ok';
  } catch (error) {
    return outcomeOf(error, ['gone', 'gone', 'nameTaken', 'nameTaken']);
  }
}

// Access pattern: the folders directly inside a folder (all pages).
export async function listChildFolders(tuid: string, parentId: string): Promise<FolderRecord[]> {
  const folders: FolderRecord[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.filesPartition(tuid), ':prefix': `${keys.fileEntryPrefix(parentId)}0#` },
  })) {
    folders.push(...page.map((item) => entryOf(item) as FolderRecord));
  }
  return folders;
}

/**
 * Moves an entry to another folder under the same name: the listing entry moves to the new
 * folder's key (the name must be free there), the locator follows, and both folders' child counts
 * change (the new one must still exist).
 */
/**
 * Moves an entry to another folder. A folder's move also needs the tree to be the one its loop and
 * depth checks read (`folderMovesRead`, the usage item's count of folder moves): two folder moves
 * judged on the same tree could otherwise each pass and together make a loop (A into B, B into A).
 * The count makes folder moves of an account one at a time; 'treeChanged' means judge again.
 */
export async function moveEntryRecord(options: { tuid: string; entry: EntryRecord; parentId: string; now: string; folderMovesRead?: number }): Promise<WriteOutcome> {
  const { tuid, entry, parentId } = options;
  const { name } = table();
  const moved: EntryRecord = { ...entry, parentId, updateTime: options.now };
  const toParent = parentCount(tuid, parentId, 1);
  const fromParent = parentCount(tuid, entry.parentId, -1);
  const treeGuard =
    options.folderMovesRead === undefined
      ? []
      : [
          {
            Update: {
              TableName: name,
              Key: keys.fileUsage(tuid),
              UpdateExpression: 'SET folderMoves = :next',
              ConditionExpression: options.folderMovesRead === 0 ? 'attribute_not_exists(folderMoves) OR folderMoves = :read' : 'folderMoves = :read',
              ExpressionAttributeValues: { ':read': options.folderMovesRead, ':next': options.folderMovesRead + 1 },
            },
          },
        ];
  try {
    await transactWrite([
      {
        Update: {
          TableName: name,
          Key: keys.fileLocator(tuid, entry.id),
          UpdateExpression: 'SET parentId = :to, updateTime = :now',
          ConditionExpression: 'attribute_exists(PK) AND parentId = :from AND nameKey = :nameKey',
          ExpressionAttributeValues: { ':to': parentId, ':from': entry.parentId, ':now': options.now, ':nameKey': entry.nameKey },
        },
      },
      { Delete: { TableName: name, Key: keys.fileEntry(tuid, entry.parentId, entry.kind, entry.nameKey), ConditionExpression: 'attribute_exists(PK)' } },
      ...putEntryItems(tuid, moved),
      ...toParent,
      ...fromParent,
      ...treeGuard,
    ]);
    return 'ok';
  } catch (error) {
    const roles: WriteOutcome[] = ['gone', 'gone', 'nameTaken', 'nameTaken', ...toParent.map((): WriteOutcome => 'parentMissing'), ...fromParent.map((): WriteOutcome => 'gone'), ...treeGuard.map((): WriteOutcome => 'treeChanged')];
    return outcomeOf(error, roles);
  }
}

/** Removes a file's records and gives its bytes back to the usage counter; 'gone' if already removed. */
export async function deleteFileRecord(tuid: string, file: FileRecord): Promise<WriteOutcome> {
  const { name } = table();
  try {
    await transactWrite([
      { Delete: { TableName: name, Key: keys.fileLocator(tuid, file.id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { TableName: name, Key: keys.fileEntry(tuid, file.parentId, 'file', file.nameKey) } },
      {
        Update: {
          TableName: name,
          Key: keys.fileUsage(tuid),
          UpdateExpression: 'ADD usedBytes :minus, fileCount :minusOne',
          ExpressionAttributeValues: { ':minus': -file.size, ':minusOne': -1 },
        },
      },
      ...parentCount(tuid, file.parentId, -1),
    ]);
    return 'ok';
  } catch (error) {
    return outcomeOf(error, ['gone', 'gone', 'gone', 'gone']);
  }
}

/** Removes an empty folder; 'notEmpty' while anything is in it (the child count is the condition). */
export async function deleteFolderRecord(tuid: string, folder: FolderRecord): Promise<WriteOutcome> {
  const { name } = table();
  try {
    await transactWrite([
      {
        Delete: {
          TableName: name,
          Key: keys.fileLocator(tuid, folder.id),
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(childCount) OR childCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      { Delete: { TableName: name, Key: keys.fileEntry(tuid, folder.parentId, 'folder', folder.nameKey) } },
      ...parentCount(tuid, folder.parentId, -1),
    ]);
    return 'ok';
  } catch (error) {
    return outcomeOf(error, ['notEmpty', 'gone', 'gone']);
  }
}

// Access pattern: the account's usage counter.
export async function getUsage(tuid: string): Promise<UsageRecord> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.fileUsage(tuid), ConsistentRead: true }));
  return {
    usedBytes: Number(answer.Item?.usedBytes ?? 0),
    fileCount: Number(answer.Item?.fileCount ?? 0),
    noticeLevel: Number(answer.Item?.noticeLevel ?? 0),
    folderMoves: Number(answer.Item?.folderMoves ?? 0),
  };
}

/**
 * Moves the level the owner was last told of, from `from` to `to`; false when another request
 * moved it first (so of two racing uploads only one sends the notice).
 */
export async function setNoticeLevel(tuid: string, from: number, to: number): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.fileUsage(tuid),
        UpdateExpression: 'SET noticeLevel = :to',
        ConditionExpression: from === 0 ? 'attribute_not_exists(noticeLevel) OR noticeLevel = :from' : 'noticeLevel = :from',
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    ),
  );
}
