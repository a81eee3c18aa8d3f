/**
 * The file manager's calls: a folder page, folders, uploads (reserve, PUT to storage with
 * progress, confirm), rename, delete and usage, and files by id (an MMS names its media by id).
 * Only lazily loaded pages and the drawer import this module.
 */
import { useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import type { TCreateUploadResponse, TEntry, TFileEntry, TFilesByIdResponse, TListEntriesResponse, TStorageUsage } from '../../../shared/schemas/file-manager.js';
import type { TFileContentType } from '../../../shared/domain/file-manager.js';
import { apiRequest } from './client.js';
import { uploadImportFile } from './imports.js';

export type { TEntry, TFileEntry, TListEntriesResponse, TStorageUsage };

const FILES_PATH = '/api/v1/pageBasedAPI/file-manager';
const ENTRIES_PATH = `${FILES_PATH}/entries`;
const USAGE_PATH = `${FILES_PATH}/usage`;

const entriesKey = (folderId: string, cursor?: string) => [ENTRIES_PATH, folderId, cursor ?? ''] as const;

/** One page of a folder (folders first, then files, by name). */
export function useFolder(folderId: string, cursor?: string) {
  const { data, error, isLoading } = useSWR(entriesKey(folderId, cursor), ([path, id, after]) =>
    apiRequest<TListEntriesResponse>({ path, query: { folderId: id, cursor: after || undefined } }),
  );
  return { page: data, error, isLoading };
}

/** Files by id (those still there); nothing is asked while `enabled` is false or there are no ids. */
export function useFilesById(ids: readonly string[], enabled = true): ReadonlyMap<string, TFileEntry> {
  const key = enabled && ids.length > 0 ? ([`${FILES_PATH}/files`, [...ids].sort().join(',')] as const) : null;
  const { data } = useSWR(key, ([path, joined]) => apiRequest<TFilesByIdResponse>({ path, query: { ids: joined } }));
  return useMemo(() => new Map((data?.files ?? []).map((file) => [file.id, file])), [data]);
}

export function useStorageUsage() {
  const { data } = useSWR(USAGE_PATH, (path: string) => apiRequest<TStorageUsage>({ path }));
  return data;
}

/** Every folder page and the usage bar are read again after a change. */
export async function refreshFiles(): Promise<void> {
  await Promise.all([mutate((key) => Array.isArray(key) && key[0] === ENTRIES_PATH), mutate(USAGE_PATH)]);
}

export async function createFolder(parentId: string, name: string): Promise<TEntry> {
  const { entry } = await apiRequest<{ entry: TEntry }>({ method: 'POST', path: `${FILES_PATH}/folders`, body: { parentId, name } });
  await refreshFiles();
  return entry;
}

/**
 * Uploads one file into a folder: reserves it (type, size and quota are checked before any byte
 * is sent), PUTs it to storage reporting 0–100, and confirms it.
 */
export async function uploadFile(options: { folderId: string; file: File; contentType: TFileContentType; onProgress(percent: number): void; signal?: AbortSignal }): Promise<TFileEntry> {
  const { folderId, file, contentType } = options;
  const reserved = await apiRequest<TCreateUploadResponse>({ method: 'POST', path: `${FILES_PATH}/uploads`, body: { folderId, name: file.name, size: file.size, contentType } });
  await uploadImportFile({ ...reserved, id: reserved.uploadId }, file, options.onProgress, options.signal);
  const { entry } = await apiRequest<{ entry: TFileEntry }>({ method: 'POST', path: `${FILES_PATH}/uploads/${encodeURIComponent(reserved.uploadId)}/confirm` });
  return entry;
}

export async function renameEntry(id: string, name: string): Promise<TEntry> {
  const { entry } = await apiRequest<{ entry: TEntry }>({ method: 'PUT', path: `${ENTRIES_PATH}/${encodeURIComponent(id)}/name`, body: { name } });
  await refreshFiles();
  return entry;
}

export async function moveEntry(id: string, parentId: string): Promise<TEntry> {
  const { entry } = await apiRequest<{ entry: TEntry }>({ method: 'PUT', path: `${ENTRIES_PATH}/${encodeURIComponent(id)}/parent`, body: { parentId } });
  await refreshFiles();
  return entry;
}

export async function deleteEntries(ids: readonly string[]): Promise<number> {
  try {
    const { deleted } = await apiRequest<{ deleted: number }>({ method: 'DELETE', path: ENTRIES_PATH, body: { ids } });
    return deleted;
  } finally {
    // A refused folder may come after deleted files: the list shows what is left either way.
    await refreshFiles();
  }
}
