/**
 * Email campaign calls (spec §2.1 /emails, §7 "Campaign saving", "Reports"): the paged list, the
 * wizard's create/load/save/lock/check-title, list changes and state actions, and the report.
 * Every change revalidates what shows campaigns.
 */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE, TIMEOUTS_MS } from '../../../shared/constants.js';
import type { CampaignTab, EmailReportView } from '../../../shared/domain/campaigns.js';
import type {
  EmailWizardStep,
  TCampaignActionRequest,
  TCampaignListResponse,
  TCampaignLoadResponse,
  TCampaignReportResponse,
  TCampaignResponse,
  TCampaignSummary,
  TEmailCampaignCommand,
  TSaveCampaignResponse,
} from '../../../shared/schemas/campaigns.js';
import { getToken } from '../session/session.js';
import { apiRequest } from './client.js';
import { keyPath } from './request-keys.js';

export type { TCampaignSummary, TEmailCampaignCommand };

const API = '/api/v1/pageBasedAPI';
const CAMPAIGNS_PATH = `${API}/email/campaigns`;
const SAVE_PATH = `${API}/create-campaign/save`;
const LOCK_PATH = `${SAVE_PATH}/lock`;
const STAT_PATH = `${API}/email/stat`;

/** Email campaigns are Email; a base campaign (a reusable design) is base_email. */
export type EmailCampaignType = 'Email' | 'base_email';

const campaignPath = (id: string) => `${CAMPAIGNS_PATH}/${encodeURIComponent(id)}`;

export type CampaignListQuery = { tab: CampaignTab; search: string; tag: string; page: number };

/** One page (from 1) of the campaigns, newest first; the previous page stays shown while the next loads. */
export function useCampaignList(query: CampaignListQuery) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useSWR<TCampaignListResponse, unknown, readonly [string, CampaignTab, string, string, number]>(
    [CAMPAIGNS_PATH, query.tab, query.search, query.tag, query.page],
    ([path, tab, search, tag, page]) => apiRequest({ path, query: { tab, search: search || undefined, tag: tag || undefined, page, limit: LIST_PAGE_SIZE } }),
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/** The largest page the list answers: a picker of earlier campaigns shows the latest this many. */
const MAX_PAGE_SIZE = 100;

/** The latest sent campaigns, for the recipients step (include or exclude their audiences). */
export function useSentCampaigns() {
  const { data, error } = useSWR<TCampaignListResponse, unknown, readonly [string, 'sent-picker']>([CAMPAIGNS_PATH, 'sent-picker'], ([path]) =>
    apiRequest({ path, query: { tab: 'sent', page: 1, limit: MAX_PAGE_SIZE } }),
  );
  return { campaigns: data?.data, error };
}

/** Refetches every list and report (a state change shows in both). */
async function revalidateCampaigns(): Promise<void> {
  await mutate((key) => [CAMPAIGNS_PATH, STAT_PATH].includes(keyPath(key) ?? ''));
}

export async function createCampaign(campaignName: string, type: EmailCampaignType = 'Email'): Promise<string> {
  const { id } = await apiRequest<{ id: string }>({ method: 'POST', path: SAVE_PATH, body: { campaignName, type } });
  await revalidateCampaigns();
  return id;
}

/** The saved command and the campaign around it; `timestamp` defeats caches between two loads. */
export function loadCampaign(id: string): Promise<TCampaignLoadResponse> {
  return apiRequest<TCampaignLoadResponse>({ path: SAVE_PATH, query: { id, timestamp: new Date().toISOString() }, timeoutMs: TIMEOUTS_MS.loadAndTitleCheck });
}

/** A campaign's latest saved name (the command's, once the wizard has saved one), for pages outside the wizard; null `id` = not asked. */
export function useCampaignName(id: string | null) {
  const { data, error } = useSWR<TCampaignLoadResponse, unknown, readonly [string, string] | null>(id ? [SAVE_PATH, id] : null, ([, campaignId]) => loadCampaign(campaignId));
  return { name: data ? (data.command.name ?? data.campaign.name) : undefined, error };
}

/** Saves only the keys of `command` (spec §7); `source` names the step, `mode` auto for the timer. */
export function saveCampaign(options: { id: string; type: EmailCampaignType; command: TEmailCampaignCommand; source: EmailWizardStep; mode: 'auto' | 'manual' }): Promise<TSaveCampaignResponse> {
  return apiRequest<TSaveCampaignResponse>({
    method: 'POST',
    path: SAVE_PATH,
    query: { source: options.source, mode: options.mode },
    body: { id: options.id, command: options.command, type: options.type },
  });
}

/** Whether another campaign already has this name (spec §5: trimmed, any case). */
export async function isCampaignTitleTaken(title: string, id?: string): Promise<boolean> {
  const { duplicated } = await apiRequest<{ duplicated: boolean }>({
    method: 'POST',
    path: `${API}/create-campaign/check-title`,
    body: { id, title },
    timeoutMs: TIMEOUTS_MS.loadAndTitleCheck,
  });
  return duplicated;
}

/** Takes or renews the edit lock; another editor's lock answers VALIDATE_BEING_MODIFIED with `lockedBy`. */
export function lockCampaign(id: string): Promise<{ heartbeatMs: number }> {
  return apiRequest({ path: LOCK_PATH, query: { id, timestamp: new Date().toISOString() } });
}

export async function unlockCampaign(id: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: LOCK_PATH, query: { id } });
}

/** Releases the lock while the page is being closed: a keepalive request outlives the page (best effort; the lease ends anyway). */
export function unlockCampaignOnExit(id: string): void {
  const token = getToken();
  if (!token) return;
  void fetch(`${LOCK_PATH}?id=${encodeURIComponent(id)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

export async function renameCampaign(id: string, name: string): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'PUT', path: `${campaignPath(id)}/name`, body: { name } });
  await revalidateCampaigns();
  return campaign;
}

export async function tagCampaign(id: string, tags: readonly string[]): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'PUT', path: `${campaignPath(id)}/tags`, body: { tags } });
  await revalidateCampaigns();
  return campaign;
}

export async function replicateCampaign(id: string): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'POST', path: `${campaignPath(id)}/replicate`, body: {} });
  await revalidateCampaigns();
  return campaign;
}

export async function deleteCampaigns(ids: readonly string[]): Promise<void> {
  await apiRequest({ method: 'DELETE', path: CAMPAIGNS_PATH, body: { ids } });
  await revalidateCampaigns();
}

/** One state change of spec §4 (send, schedule, pause, approve...). */
export async function takeCampaignAction(id: string, request: TCampaignActionRequest): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'POST', path: `${campaignPath(id)}/actions`, body: request });
  await revalidateCampaigns();
  return campaign;
}

/** The link of the campaign's online version, for a preview. */
export async function generateOnlineVersion(id: string, type: EmailCampaignType): Promise<string> {
  const { url } = await apiRequest<{ url: string }>({ method: 'POST', path: `${API}/email/campaign/generateOnlineVersion`, body: { id, type } });
  return url;
}

export type ReportQuery = { view: EmailReportView; campaignId: string; type: EmailCampaignType; page: number; link?: number };
type ReportKey = readonly [string, EmailReportView, string, EmailCampaignType, number, number | undefined];

/**
 * The report request of the page; a newer one aborts the one still on its way (spec §4 "Reports"),
 * so a slow overview never lands on top of the list the user switched to.
 */
let inProgress: AbortController | null = null;

function fetchReport([path, view, campaignId, type, page, link]: ReportKey): Promise<TCampaignReportResponse> {
  inProgress?.abort();
  const controller = new AbortController();
  inProgress = controller;
  return apiRequest<TCampaignReportResponse>({
    path: `${path}/${view}/${encodeURIComponent(campaignId)}`,
    query: { type, page, limit: LIST_PAGE_SIZE, link },
    timeoutMs: TIMEOUTS_MS.stats,
    signal: controller.signal,
  }).finally(() => {
    if (inProgress === controller) inProgress = null;
  });
}

/** A report view, refetched every `refreshInterval` ms (0: not), as swr polls: a number, so equal values keep one timer. */
export function useCampaignReport(query: ReportQuery | null, refreshInterval: number) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TCampaignReportResponse, unknown, ReportKey | null>(
    query ? [STAT_PATH, query.view, query.campaignId, query.type, query.page, query.link] : null,
    fetchReport,
    { keepPreviousData: true, refreshInterval },
  );
  return { report: data, error, isLoading, refetch: () => revalidate() };
}

/** Downloads a report view as a CSV file named `fileName`. */
export async function exportCampaignReport(view: EmailReportView, campaignId: string, type: EmailCampaignType, fileName: string): Promise<void> {
  const blob = await apiRequest<Blob>({ path: `${STAT_PATH}/${view}/${encodeURIComponent(campaignId)}/export`, query: { type }, timeoutMs: TIMEOUTS_MS.stats, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
