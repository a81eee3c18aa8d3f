/**
 * Contact exports (spec §2.1 /exports, §4 Export): start one, follow the list while jobs run,
 * stop one, and fetch a fresh short-lived link to a finished file.
 */
import useSWR, { mutate } from 'swr';
import type { TExportDownloadResponse, TExportJob, TStartExportRequest } from '../../../shared/schemas/exports.js';
import { apiRequest } from './client.js';

export type { TExportJob };

export const EXPORTS_PATH = '/api/v1/pageBasedAPI/data-export';
const exportPath = (id: string) => `${EXPORTS_PATH}/${encodeURIComponent(id)}`;
/** While a job is queued or running the list is refetched this often (the socket's progress events come sooner). */
const RUNNING_REFRESH_MS = 3000;

export function isExportRunning(job: Pick<TExportJob, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'exporting';
}

export async function startExport(request: TStartExportRequest): Promise<TExportJob> {
  const { export: job } = await apiRequest<{ export: TExportJob }>({ method: 'POST', path: `${EXPORTS_PATH}/start`, body: request });
  await mutate(EXPORTS_PATH);
  return job;
}

export async function stopExport(id: string): Promise<TExportJob> {
  const { export: job } = await apiRequest<{ export: TExportJob }>({ method: 'POST', path: `${exportPath(id)}/stop` });
  await mutate(EXPORTS_PATH);
  return job;
}

/** A link to the file, valid for minutes: asked for at each download, never stored. */
export function fetchExportDownload(id: string): Promise<TExportDownloadResponse> {
  return apiRequest<TExportDownloadResponse>({ path: `${exportPath(id)}/download` });
}

/** Refetches the list now (a progress event arrived). */
export function revalidateExports(): Promise<unknown> {
  return mutate(EXPORTS_PATH);
}

/** The poll while an export runs; one function for every render (see refreshWhileImportRuns in imports.ts). */
function refreshWhileExportsRun(latest: { data: TExportJob[] } | undefined): number {
  return latest?.data.some(isExportRunning) ? RUNNING_REFRESH_MS : 0;
}

/** The account's exports, newest first; refetched every few seconds while any of them runs. */
export function useExports() {
  const { data, error, isLoading, mutate: revalidate } = useSWR<{ data: TExportJob[] }, unknown, string>(EXPORTS_PATH, (path) => apiRequest<{ data: TExportJob[] }>({ path }), {
    refreshInterval: refreshWhileExportsRun,
  });
  return { jobs: data?.data, error, isLoading, refetch: () => revalidate() };
}
