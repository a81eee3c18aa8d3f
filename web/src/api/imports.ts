/**
 * Contact imports (spec §2.1 import-contacts, §4 Import): reserve an upload, put the file straight
 * into storage, preview and map it, start the worker, and follow the job.
 */
import { mutate } from 'swr';
import { imports } from '../../../shared/contracts/imports.js';
import { importFileName } from '../../../shared/domain/import-report.js';
import type { TImportFileType, TImportJob, TImportKind, TImportPreviewResponse, TImportUploadResponse, TStartImportRequest } from '../../../shared/schemas/imports.js';
import { IMPORT_ENCODINGS } from '../../../shared/schemas/imports.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import { ApiError, CLIENT_ERROR_CODES } from './errors.js';
import { saveBlob } from './save-file.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TImportFileType, TImportJob, TImportKind, TImportPreviewResponse };
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

const importKey = (importId: string) => routeKey(imports.routes.get, { params: { importId } });
const listKey = routeKey(imports.routes.list, {});
/** A job the worker has not finished yet is refetched this often. */
const RUNNING_REFRESH_MS = 2000;

export function isImportRunning(job: TImportJob): boolean {
  return job.status === 'queued' || job.status === 'importing';
}

/** Reserves an import for a file; answers where the browser puts the bytes. */
export function createImportUpload(file: { name: string; size: number }, kind: TImportKind): Promise<TImportUploadResponse> {
  return callRoute(imports.routes.createUpload, { body: { fileName: file.name, size: file.size, kind } });
}

/**
 * Downloads one of the report's row lists, or the uploaded file (spec §7 get-file: a blob within
 * 50 s), and saves it under the spec's name.
 */
export async function downloadImportFile(job: TImportJob, type: TImportFileType): Promise<void> {
  saveBlob(await callRoute(imports.routes.getFile, { params: { importId: job.id }, query: { type } }), importFileName(job, type));
}

/**
 * PUTs the file to the presigned URL; XMLHttpRequest because fetch reports no upload progress.
 * `onProgress` gets 0–100.
 */
export function uploadImportFile(target: TImportUploadResponse, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(target.method, target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(new ApiError({ message: `Upload failed (${request.status})`, httpStatus: request.status }));
    };
    request.onerror = () => reject(new ApiError({ code: CLIENT_ERROR_CODES.NETWORK, message: 'Upload failed' }));
    request.onabort = () => reject(new ApiError({ code: ERROR_CODES.CANCELLED, cancelled: true }));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** What the user chose of the file: its encoding (instead of the detected one), the ZIP archive's file, the workbook's sheet. */
export type ImportPreviewChoice = { encoding?: ImportEncoding; entry?: string; sheet?: string };

/** Reads the uploaded file's format, first rows and a guessed mapping, as the user chose to read it. */
export function previewImport(id: string, options: ImportPreviewChoice = {}): Promise<TImportPreviewResponse> {
  return callRoute(imports.routes.preview, { params: { importId: id }, body: options });
}

export async function startImport(id: string, request: TStartImportRequest): Promise<TImportJob> {
  const { import: job } = await callRoute(imports.routes.start, { params: { importId: id }, body: request });
  await mutate(importKey(id), { import: job }, { revalidate: false });
  await mutate(listKey);
  return job;
}

export async function stopImport(id: string): Promise<TImportJob> {
  const { import: job } = await callRoute(imports.routes.stop, { params: { importId: id } });
  await mutate(importKey(id), { import: job }, { revalidate: false });
  await mutate(listKey);
  return job;
}

/**
 * The poll of a running import. One function for every render: swr restarts its polling timer
 * whenever `refreshInterval` changes, so an inline arrow, new on each render, would keep pushing
 * the next poll back while progress events re-render the page, and the status would never move.
 */
function refreshWhileImportRuns(latest: { import: TImportJob } | undefined): number {
  return latest && isImportRunning(latest.import) ? RUNNING_REFRESH_MS : 0;
}

/** One import, refetched every 2 s while it is queued or importing; null `id` = not asked. */
export function useImport(id: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(imports.routes.get, id ? { params: { importId: id } } : null, {
    refreshInterval: refreshWhileImportRuns,
  });
  return { job: data?.import, error, isLoading, refetch: () => revalidate() };
}

/** The account's imports, newest first. */
export function useImports() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(imports.routes.list, {});
  return { jobs: data?.data, error, isLoading, refetch: () => revalidate() };
}
