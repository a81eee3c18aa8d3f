/**
 * The file manager's calls: a folder page, folders, uploads (reserve, PUT to storage with
 * progress, confirm), rename, delete and usage, and files by id (an MMS names its media by id).
 * Only lazily loaded pages and the drawer import this module.
 */
import { useMemo } from 'react';
import { mutate } from 'swr';
import { fileManager } from '../../../shared/contracts/file-manager.js';
import type { TEntry, TFileEntry, TListEntriesResponse, TStorageUsage } from '../../../shared/schemas/file-manager.js';
import type { TFileContentType } from '../../../shared/domain/file-manager.js';
import { uploadImportFile } from './imports.js';
import { callRoute, isRouteKey, useRoute } from './routes.js';

export type { TEntry, TFileEntry, TListEntriesResponse, TStorageUsage };

const { routes } = fileManager;

/** One page of a folder (folders first, then files, by name). */
export function useFolder(folderId: string, cursor?: string) {
  const { data, error, isLoading } = useRoute(routes.list, { query: { folderId, cursor: cursor || undefined } });
  return { page: data, error, isLoading };
}

/** Files by id (those still there); nothing is asked while `enabled` is false or there are no ids. */
export function useFilesById(ids: readonly string[], enabled = true): ReadonlyMap<string, TFileEntry> {
  const { data } = useRoute(routes.files, enabled && ids.length > 0 ? { query: { ids: [...ids].sort().join(',') } } : null);
  return useMemo(() => new Map((data?.files ?? []).map((file) => [file.id, file])), [data]);
}

/** The account's content storage in use and its quota; nothing is asked while `enabled` is false. */
export function useStorageUsage(enabled = true) {
  return useRoute(routes.usage, enabled ? {} : null).data;
}

/** Every folder page and the usage bar are read again after a change. */
export async function refreshFiles(): Promise<void> {
  await mutate((key) => isRouteKey(key, routes.list) || isRouteKey(key, routes.usage));
}

export async function createFolder(parentId: string, name: string): Promise<TEntry> {
  const { entry } = await callRoute(routes.createFolder, { body: { parentId, name } });
  await refreshFiles();
  return entry;
}

/**
 * Uploads one file into a folder: reserves it (type, size and quota are checked before any byte
 * is sent), PUTs it to storage reporting 0–100, and confirms it.
 */
export async function uploadFile(options: { folderId: string; file: File; contentType: TFileContentType; onProgress(percent: number): void; signal?: AbortSignal }): Promise<TFileEntry> {
  const { folderId, file, contentType } = options;
  const reserved = await callRoute(routes.createUpload, { body: { folderId, name: file.name, size: file.size, contentType } });
  await uploadImportFile({ ...reserved, id: reserved.uploadId }, file, options.onProgress, options.signal);
  const { entry } = await callRoute(routes.confirmUpload, { params: { uploadId: reserved.uploadId } });
  return entry;
}

export async function renameEntry(id: string, name: string): Promise<TEntry> {
  const { entry } = await callRoute(routes.rename, { params: { entryId: id }, body: { name } });
  await refreshFiles();
  return entry;
}

export async function moveEntry(id: string, parentId: string): Promise<TEntry> {
  const { entry } = await callRoute(routes.move, { params: { entryId: id }, body: { parentId } });
  await refreshFiles();
  return entry;
}

export async function deleteEntries(ids: readonly string[]): Promise<number> {
  try {
    const { deleted } = await callRoute(routes.delete, { body: { ids: [...ids] } });
    return deleted;
  } finally {
    // A refused folder may come after deleted files: the list shows what is left either way.
    await refreshFiles();
  }
}
