/**
 * The file manager (spec §2.2 sidebar, §7 getFileManagerPublicUrlPrefix): folders and hosted
 * files of an account, uploaded by the browser straight to the content bucket with a presigned
 * PUT and recorded by a confirm call that measures the real object. Usage is a counter kept in the
 * same transactions as the files, within the quota (the account's content storage: the 50 MB free
 * baseline plus what it bought); crossing 75% and 100% tells the owner once (storageLimit).
 */
import {
  contentTypeOfName,
  entryNameKey,
  FILE_MANAGER_LIMITS,
  fitsQuota,
  keepsFileType,
  matchesContentType,
  numberedName,
  storageLevel,
  storageNoticeToSend,
  storageQuotaBytes,
  type StorageLevel,
  type TFileContentType,
} from '../../../shared/domain/file-manager.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import {
  ROOT_FOLDER_ID,
  type TCreateFolderRequest,
  type TCreateUploadRequest,
  type TCreateUploadResponse,
  type TEntry,
  type TFileEntry,
  type TListEntriesQuery,
  type TListEntriesResponse,
  type TPublicUrlPrefixResponse,
  type TStorageUsage,
} from '../../../shared/schemas/file-manager.js';
import { getAccount } from '../../data/accounts.js';
import {
  createFolderRecord,
  createPendingUpload,
  deleteFileRecord,
  deleteFolderRecord,
  deletePendingUpload,
  entrySortKey,
  findEntryByName,
  getEntry,
  getPendingUpload,
  getUsage,
  listChildFolders,
  listFolderEntries,
  moveEntryRecord,
  recordUploadedFile,
  renameEntryRecord,
  setNoticeLevel,
  type EntryRecord,
  type FileRecord,
  type FolderRecord,
  type PendingUpload,
  type WriteOutcome,
} from '../../data/file-manager.js';
import { objectKeys } from '../../data/object-keys.js';
import { ttlSeconds } from '../../data/table-client.js';
import { contentHosting, contentUrl, copyContentObject, deleteContentObject, presignContentUpload, readContentHead } from '../../lib/aws/content-storage.js';
import { timeOrderedId } from '../../lib/time-ordered-id.js';
import { createNotification } from '../notifications/notifications.js';

/** How long a presigned upload URL works; the pending upload is kept a little longer. */
const UPLOAD_URL_SECONDS = 15 * 60;
const PENDING_UPLOAD_MS = 60 * 60 * 1000;
/** Bytes read to check that a file is what its type claims. */
const SNIFF_BYTES = 16;
/** Numbered names tried for an upload whose name the folder already has. */
const NAME_ATTEMPTS = 50;

const notFound = () => new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This file or folder no longer exists.');
const nameTaken = (name: string) => new AppError(ERROR_CODES.RECORD_NAME_EXISTS, `This folder already has something named '${name}'.`);

function toApiFile(file: FileRecord): TFileEntry {
  const { id, parentId, name, size, contentType, updateTime } = file;
  return { kind: 'file', id, parentId, name, size, contentType, url: contentUrl(file.objectKey), updateTime };
}

function toApiEntry(entry: EntryRecord): TEntry {
  if (entry.kind === 'folder') return { kind: 'folder', id: entry.id, parentId: entry.parentId, name: entry.name, updateTime: entry.updateTime };
  return toApiFile(entry);
}

/** The account's public prefix: every hosted file's URL starts with it (spec §7). */
export function getPublicUrlPrefix(options: { tuid: string }): TPublicUrlPrefixResponse {
  const { tuid } = options;
  return { publicURLPrefix: `${contentHosting().publicUrl}/${encodeURIComponent(tuid)}/` };
}

async function quotaOf(tuid: string): Promise<number> {
  const account = await getAccount(tuid);
  if (!account) throw new AppError(ERROR_CODES.USER_NOT_FOUND, 'This account no longer exists.');
  return storageQuotaBytes(account.credits.storageMb);
}

/** Files of the account by id, in the order asked; ids of folders, missing or other accounts' files are left out. */
export async function getFilesById(options: { tuid: string; ids: readonly string[] }): Promise<TFileEntry[]> {
  const { tuid, ids } = options;
  const entries = await Promise.all([...new Set(ids)].map((id) => getEntry(tuid, id)));
  return entries.flatMap((entry) => (entry?.kind === 'file' ? [toApiFile(entry)] : []));
}

export async function getStorageUsage(options: { tuid: string }): Promise<TStorageUsage> {
  const { tuid } = options;
  const [usage, quotaBytes] = await Promise.all([getUsage(tuid), quotaOf(tuid)]);
  return { usedBytes: Math.max(0, usage.usedBytes), quotaBytes, fileCount: Math.max(0, usage.fileCount) };
}

/** A folder of the account (the root always exists), or RECORD_NOT_FOUND. */
async function requireFolder(tuid: string, folderId: string): Promise<FolderRecord | null> {
  if (folderId === ROOT_FOLDER_ID) return null;
  const entry = await getEntry(tuid, folderId);
  if (!entry || entry.kind !== 'folder') throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This folder no longer exists.');
  return entry;
}

/** The folders from the root down to `folder`: at most the depth limit of reads. */
async function pathTo(tuid: string, folder: FolderRecord | null): Promise<Array<{ id: string; name: string }>> {
  const path: Array<{ id: string; name: string }> = [];
  let current = folder;
  while (current && path.length <= FILE_MANAGER_LIMITS.folderDepth) {
    path.unshift({ id: current.id, name: current.name });
    const parent = current.parentId === ROOT_FOLDER_ID ? null : await getEntry(tuid, current.parentId);
    current = parent?.kind === 'folder' ? parent : null;
  }
  return [{ id: ROOT_FOLDER_ID, name: '' }, ...path];
}

/** A page cursor is the sort key of the page's last entry, opaque to the client. */
const encodeCursor = (sortKey: string) => Buffer.from(sortKey, 'utf8').toString('base64url');
function decodeCursor(tuid: string, folderId: string, cursor: string): string {
  const sortKey = Buffer.from(cursor, 'base64url').toString('utf8');
  // A cursor of another folder would page through that folder.
  const prefix = entrySortKey(tuid, { parentId: folderId, kind: 'folder', nameKey: '' }).slice(0, -2);
  if (!sortKey.startsWith(prefix)) throw new AppError(ERROR_CODES.INVALID_INPUT, 'cursor: not a cursor of this folder');
  return sortKey;
}

/** One page of a folder: folders first, then files, each by name. */
export async function listFolder(options: { tuid: string; query: TListEntriesQuery }): Promise<TListEntriesResponse> {
  const { tuid, query } = options;
  const folder = await requireFolder(tuid, query.folderId);
  const afterSk = query.cursor ? decodeCursor(tuid, query.folderId, query.cursor) : undefined;
  const [page, path] = await Promise.all([listFolderEntries({ tuid, parentId: query.folderId, limit: query.limit, afterSk }), pathTo(tuid, folder)]);
  return { path, entries: page.entries.map(toApiEntry), nextCursor: page.lastSk ? encodeCursor(page.lastSk) : undefined };
}

function failure(outcome: WriteOutcome, name: string): AppError {
  switch (outcome) {
    case 'nameTaken':
      return nameTaken(name);
    case 'parentMissing':
      return new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This folder no longer exists.');
    case 'quota':
      return new AppError(ERROR_CODES.STORAGE_LIMIT, 'There is not enough content storage left for this file.');
    case 'notEmpty':
      return new AppError(ERROR_CODES.FOLDER_NOT_EMPTY, `'${name}' is not empty: delete what it holds first.`);
    default:
      return notFound();
  }
}

export async function createFolder(options: { tuid: string; input: TCreateFolderRequest; now: Date }): Promise<TEntry> {
  const { tuid, input, now } = options;
  const parent = await requireFolder(tuid, input.parentId);
  if ((await pathTo(tuid, parent)).length > FILE_MANAGER_LIMITS.folderDepth) {
    throw new AppError(ERROR_CODES.LIMIT_REACHED, `Folders can be nested ${FILE_MANAGER_LIMITS.folderDepth} levels deep.`);
  }
  const at = now.toISOString();
  const folder: FolderRecord = { kind: 'folder', id: timeOrderedId(now), parentId: input.parentId, name: input.name, nameKey: entryNameKey(input.name), createTime: at, updateTime: at };
  const outcome = await createFolderRecord(tuid, folder);
  if (outcome !== 'ok') throw failure(outcome, input.name);
  return toApiEntry(folder);
}

function checkType(name: string, contentType: string): TFileContentType {
  const byName = contentTypeOfName(name);
  if (!byName || byName !== contentType) {
    throw new AppError(ERROR_CODES.FILE_REJECTED, 'Upload JPG, PNG, GIF or WebP images, or PDF documents, named with their extension.');
  }
  return byName;
}

function checkSize(size: number): void {
  if (size > FILE_MANAGER_LIMITS.fileBytes) throw new AppError(ERROR_CODES.FILE_REJECTED, `Files can be up to ${FILE_MANAGER_LIMITS.fileBytes / 1024 / 1024} MB.`);
}

/** The asked name, or the first numbered one the folder does not have yet. */
async function freeName(tuid: string, folderId: string, name: string): Promise<string> {
  for (let attempt = 1; attempt <= NAME_ATTEMPTS; attempt += 1) {
    const candidate = numberedName(name, attempt);
    if (!(await findEntryByName(tuid, folderId, entryNameKey(candidate)))) return candidate;
  }
  throw nameTaken(name);
}

/**
 * Reserves an upload and answers where the browser PUTs the file. Type, size and quota are checked
 * here so a refused file is never sent; the confirm call checks them again on the real object.
 */
export async function createUpload(options: { tuid: string; input: TCreateUploadRequest; now: Date }): Promise<TCreateUploadResponse> {
  const { tuid, input, now } = options;
  const contentType = checkType(input.name, input.contentType);
  checkSize(input.size);
  await requireFolder(tuid, input.folderId);
  const [usage, quotaBytes] = await Promise.all([getUsage(tuid), quotaOf(tuid)]);
  if (!fitsQuota(usage.usedBytes, input.size, quotaBytes)) throw failure('quota', input.name);
  const name = await freeName(tuid, input.folderId, input.name);
  const uploadId = timeOrderedId(now);
  const objectKey = objectKeys.contentFile(tuid, uploadId, name);
  // Bytes land under the pending prefix first: what is never confirmed expires there, uncounted.
  const pendingKey = objectKeys.pendingUpload(tuid, uploadId);
  await createPendingUpload(tuid, {
    uploadId,
    parentId: input.folderId,
    name,
    contentType,
    declaredSize: input.size,
    pendingKey,
    objectKey,
    createTime: now.toISOString(),
    expiresAt: ttlSeconds(new Date(now.getTime() + PENDING_UPLOAD_MS)),
  });
  const uploadUrl = await presignContentUpload(pendingKey, { contentType, size: input.size, expiresInSeconds: UPLOAD_URL_SECONDS });
  return { uploadId, name, uploadUrl, method: 'PUT', headers: { 'content-type': contentType } };
}

/** Refuses an uploaded file: its objects are removed and the reservation spent, then the error is thrown. */
async function discardUpload(tuid: string, upload: PendingUpload, error: AppError, options: { copied?: boolean } = {}): Promise<never> {
  await deleteContentObject(upload.pendingKey);
  if (options.copied) await deleteContentObject(upload.objectKey);
  await deletePendingUpload(tuid, upload.uploadId);
  throw error;
}

/**
 * Records an uploaded file with its real size and tells the owner when usage crosses a notice
 * level. Idempotent: a confirm repeated after success answers the same file and counts nothing twice.
 */
export async function confirmUpload(options: { tuid: string; uploadId: string; now: Date }): Promise<TFileEntry> {
  const { tuid, uploadId, now } = options;
  const upload = await getPendingUpload(tuid, uploadId);
  if (!upload || upload.expiresAt * 1000 < now.getTime()) {
    // Already confirmed (a retry): the file carries the upload's id.
    const done = await getEntry(tuid, uploadId);
    if (done?.kind === 'file') return toApiFile(done);
    throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This upload has expired: upload the file again.');
  }
  const object = await readContentHead(upload.pendingKey, SNIFF_BYTES);
  if (!object) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'The file has not been uploaded yet.');
  const contentType = checkType(upload.name, upload.contentType);
  if (object.size > FILE_MANAGER_LIMITS.fileBytes) {
    await discardUpload(tuid, upload, new AppError(ERROR_CODES.FILE_REJECTED, `Files can be up to ${FILE_MANAGER_LIMITS.fileBytes / 1024 / 1024} MB.`));
  }
  if (!matchesContentType(object.head, contentType)) {
    await discardUpload(tuid, upload, new AppError(ERROR_CODES.FILE_REJECTED, `This file is not a ${contentType} file.`));
  }
  // The lasting copy, stored as the checked type whatever the browser sent; repeated by a retry.
  await copyContentObject(upload.pendingKey, upload.objectKey, contentType);
  const at = now.toISOString();
  const file: FileRecord = {
    kind: 'file',
    id: uploadId,
    parentId: upload.parentId,
    name: upload.name,
    nameKey: entryNameKey(upload.name),
    size: object.size,
    contentType,
    objectKey: upload.objectKey,
    createTime: at,
    updateTime: at,
  };
  const quotaBytes = await quotaOf(tuid);
  let outcome = await recordUploadedFile({ tuid, uploadId, file, quotaBytes });
  // Another upload took the name since this one was reserved: number it, as the reservation would have.
  for (let attempt = 1; outcome === 'nameTaken' && attempt < 3; attempt += 1) {
    file.name = await freeName(tuid, file.parentId, upload.name);
    file.nameKey = entryNameKey(file.name);
    outcome = await recordUploadedFile({ tuid, uploadId, file, quotaBytes });
  }
  if (outcome === 'gone') {
    // A concurrent confirm of the same upload won: answer what it recorded.
    const done = await getEntry(tuid, uploadId);
    if (done?.kind === 'file') return toApiFile(done);
    throw notFound();
  }
  if (outcome !== 'ok') await discardUpload(tuid, upload, failure(outcome, upload.name), { copied: true });
  await deleteContentObject(upload.pendingKey);
  await noticeStorageLevel(tuid, quotaBytes, now);
  return toApiFile(file);
}

/**
 * Tells the owner when usage has climbed past 75% or 100% since they were last told, once per
 * crossing: the level told is moved with a condition, so of racing requests one sends. When usage
 * falls back under a level, the level is lowered so a later crossing is told again.
 */
async function noticeStorageLevel(tuid: string, quotaBytes: number, now: Date): Promise<void> {
  const usage = await getUsage(tuid);
  const current = storageLevel(usage.usedBytes, quotaBytes);
  const notified = usage.noticeLevel as StorageLevel;
  if (current < notified) {
    await setNoticeLevel(tuid, notified, current);
    return;
  }
  const notice = storageNoticeToSend(notified, current);
  if (notice === null || !(await setNoticeLevel(tuid, notified, notice))) return;
  await createNotification({
    userId: tuid,
    type: 'storageLimit',
    messageType: `reached${notice}`,
    severity: notice === 100 ? 2 : 1,
    values: { sizeOfStorage: Math.round(quotaBytes / 1024 / 1024) },
    now,
  });
}

/** Renames a file or folder in its folder; a file keeps its type and its public URL. */
export async function renameEntry(options: { tuid: string; entryId: string; name: string; now: Date }): Promise<TEntry> {
  const { tuid, name, now } = options;
  const entry = options.entryId === ROOT_FOLDER_ID ? null : await getEntry(tuid, options.entryId);
  if (!entry) throw notFound();
  if (entry.kind === 'file' && !keepsFileType(entry.name, name)) {
    throw new AppError(ERROR_CODES.FILE_REJECTED, `Keep the file's extension: '${name}' would change its type.`);
  }
  const outcome = await renameEntryRecord({ tuid, entry, name, nameKey: entryNameKey(name), now: now.toISOString() });
  if (outcome !== 'ok') throw failure(outcome, name);
  return toApiEntry({ ...entry, name, nameKey: entryNameKey(name), updateTime: now.toISOString() });
}

/** Folder levels from `folderId` down to its deepest folder (1 for a folder without folders); reads at most the depth limit down. */
async function folderHeight(tuid: string, folderId: string, levelsLeft: number = FILE_MANAGER_LIMITS.folderDepth): Promise<number> {
  if (levelsLeft <= 1) return 1;
  const children = await listChildFolders(tuid, folderId);
  const heights = await Promise.all(children.map((child) => folderHeight(tuid, child.id, levelsLeft - 1)));
  return 1 + Math.max(0, ...heights);
}

/**
 * Moves a file or folder into another folder under its name (RECORD_NAME_EXISTS when taken
 * there). A folder never goes inside itself, and the folders it holds stay within the depth limit.
 * A file keeps its public URL.
 */
/** Folder moves judged again after another folder move won the race; they need to race that often at once. */
const MOVE_ATTEMPTS = 3;

export async function moveEntry(options: { tuid: string; entryId: string; parentId: string; now: Date }): Promise<TEntry> {
  const { tuid, parentId, now } = options;
  for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
    const entry = options.entryId === ROOT_FOLDER_ID ? null : await getEntry(tuid, options.entryId);
    if (!entry) throw notFound();
    if (entry.parentId === parentId) return toApiEntry(entry);
    // A folder's checks are judged on the tree as of this count (moveEntryRecord).
    const folderMovesRead = entry.kind === 'folder' ? (await getUsage(tuid)).folderMoves : undefined;
    const path = await pathTo(tuid, await requireFolder(tuid, parentId));
    if (entry.kind === 'folder') {
      if (path.some((step) => step.id === entry.id)) throw new AppError(ERROR_CODES.INVALID_INPUT, 'A folder cannot be moved into itself or a folder inside it.');
      if (path.length - 1 + (await folderHeight(tuid, entry.id)) > FILE_MANAGER_LIMITS.folderDepth) {
        throw new AppError(ERROR_CODES.LIMIT_REACHED, `Folders can be nested ${FILE_MANAGER_LIMITS.folderDepth} levels deep.`);
      }
    }
    const at = now.toISOString();
    const outcome = await moveEntryRecord({ tuid, entry, parentId, now: at, folderMovesRead });
    if (outcome === 'ok') return toApiEntry({ ...entry, parentId, updateTime: at });
    if (outcome !== 'treeChanged') throw failure(outcome, entry.name);
  }
  throw new AppError(ERROR_CODES.BEING_MODIFIED, 'The folders are being changed right now. Please try again.');
}

/**
 * Deletes files and empty folders. A folder that holds anything is refused (FOLDER_NOT_EMPTY) and
 * nothing after it is deleted; entries already gone count as deleted, so a retry is harmless. A
 * file's record goes first, then its object: a public URL stops working once the file is gone.
 */
export async function deleteEntries(options: { tuid: string; ids: readonly string[]; now: Date }): Promise<{ deleted: number }> {
  const { tuid, now } = options;
  let deleted = 0;
  let freed = false;
  try {
    for (const id of new Set(options.ids)) {
      const entry = await getEntry(tuid, id);
      if (!entry) continue;
      const outcome = entry.kind === 'file' ? await deleteFileRecord(tuid, entry) : await deleteFolderRecord(tuid, entry);
      if (outcome === 'gone') continue;
      if (outcome !== 'ok') throw failure(outcome, entry.name);
      if (entry.kind === 'file') {
        freed = true;
        await deleteContentObject(entry.objectKey);
      }
      deleted += 1;
    }
  } finally {
    if (freed) await noticeStorageLevel(tuid, await quotaOf(tuid), now);
  }
  return { deleted };
}
