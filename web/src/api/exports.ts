/**
 * Contact exports (spec §2.1 /exports, §4 Export): start one, follow the list while jobs run,
 * stop one, and fetch a fresh short-lived link to a finished file.
 */
import { mutate } from 'swr';
import { dataExports } from '../../../shared/contracts/exports.js';
import type { TExportDownloadResponse, TExportJob, TStartExportRequest } from '../../../shared/schemas/exports.js';
import { callRoute, routeKey, useRoute } from './routes.js';

export type { TExportJob };

const listKey = routeKey(dataExports.routes.list, {});
/** While a job is queued or running the list is refetched this often (the socket's progress events come sooner). */
const RUNNING_REFRESH_MS = 3000;

export function isExportRunning(job: Pick<TExportJob, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'exporting';
}

export async function startExport(request: TStartExportRequest): Promise<TExportJob> {
  const { export: job } = await callRoute(dataExports.routes.start, { body: request });
  await mutate(listKey);
  return job;
}

export async function stopExport(id: string): Promise<TExportJob> {
  const { export: job } = await callRoute(dataExports.routes.stop, { params: { exportId: id } });
  await mutate(listKey);
  return job;
}

/** A link to the file, valid for minutes: asked for at each download, never stored. */
export function fetchExportDownload(id: string): Promise<TExportDownloadResponse> {
  return callRoute(dataExports.routes.download, { params: { exportId: id } });
}

/** Refetches the list now (a progress event arrived). */
export function revalidateExports(): Promise<unknown> {
  return mutate(listKey);
}

/** The poll while an export runs; one function for every render (see refreshWhileImportRuns in imports.ts). */
function refreshWhileExportsRun(latest: { data: TExportJob[] } | undefined): number {
  return latest?.data.some(isExportRunning) ? RUNNING_REFRESH_MS : 0;
}

/** The account's exports, newest first; refetched every few seconds while any of them runs. */
export function useExports() {
  const { data, error, isLoading, mutate: revalidate } = useRoute(dataExports.routes.list, {}, { refreshInterval: refreshWhileExportsRun });
  return { jobs: data?.data, error, isLoading, refetch: () => revalidate() };
}
