/**
 * Campaign calls (spec §2.1 /emails and /sms-and-mms, §7 "Campaign saving", "Reports"): the paged
 * list, the wizard's create/load/save/lock/check-title, list changes and state actions, the report,
 * and for SMS and MMS the cost of the saved campaign. Both families answer in the same shapes under
 * their own paths (email at the API's top, SMS and MMS under sms/), so every call names its family,
 * or takes it from the campaign type it is given. Every change revalidates what shows campaigns.
 */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE, TIMEOUTS_MS } from '../../../shared/constants.js';
import { type CampaignFamily, type CampaignType, channelOfType, familyOfChannel } from '../../../shared/domain/campaign-channels.js';
import { type EmailReportView } from '../../../shared/domain/campaign-report.js';
import { type CampaignTab } from '../../../shared/domain/campaign-tabs.js';
import type {
  TCampaignActionRequest,
  TCampaignCommand,
  TCampaignCostResponse,
  TCampaignListResponse,
  TCampaignLoadResponse,
  TCampaignReportResponse,
  TCampaignResponse,
  TCampaignSummary,
  TEmailCampaignCommand,
  TSaveCampaignResponse,
  TSaveSmsCampaignResponse,
  TSmsCampaignCommand,
  TSmsCampaignLoadResponse,
} from '../../../shared/schemas/campaigns.js';
import type { ExportFormat, TExportJob } from '../../../shared/schemas/exports.js';
import { getToken } from '../session/session.js';
import { apiRequest } from './client.js';
import { revalidateExports } from './exports.js';
import { keyPath } from './request-keys.js';

export type { CampaignFamily, TCampaignCostResponse, TCampaignSummary, TEmailCampaignCommand, TSmsCampaignCommand };

const API = '/api/v1/pageBasedAPI';

/** Each family's paths (spec §7): the SMS equivalents are the email calls under sms/. */
const PATHS: Record<CampaignFamily, { save: string; wizard: string; campaigns: string; stat: string }> = {
  email: { save: `${API}/create-campaign/save`, wizard: `${API}/create-campaign`, campaigns: `${API}/email/campaigns`, stat: `${API}/email/stat` },
  sms: { save: `${API}/sms/create-campaign/save`, wizard: `${API}/sms/create-campaign`, campaigns: `${API}/sms/campaigns`, stat: `${API}/sms/stat` },
};
const EVERY_LIST_AND_REPORT = Object.values(PATHS).flatMap((paths) => [paths.campaigns, paths.stat]);

/** Email campaigns are Email; a base campaign (a reusable design) is base_email. */
export type EmailCampaignType = 'Email' | 'base_email';
export type SmsCampaignType = 'SMS' | 'MMS' | 'base_sms';

export function familyOfType(type: CampaignType): CampaignFamily {
  return familyOfChannel(channelOfType(type));
}

const campaignPath = (family: CampaignFamily, id: string) => `${PATHS[family].campaigns}/${encodeURIComponent(id)}`;

export type CampaignListQuery = { tab: CampaignTab; search: string; tag: string; page: number };

/** One page (from 1) of the family's campaigns, newest first; the previous page stays shown while the next loads. */
export function useCampaignList(family: CampaignFamily, query: CampaignListQuery) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useSWR<TCampaignListResponse, unknown, readonly [string, CampaignTab, string, string, number]>(
    [PATHS[family].campaigns, query.tab, query.search, query.tag, query.page],
    ([path, tab, search, tag, page]) => apiRequest({ path, query: { tab, search: search || undefined, tag: tag || undefined, page, limit: LIST_PAGE_SIZE } }),
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/** The largest page the list answers: a picker of earlier campaigns shows the latest this many. */
const MAX_PAGE_SIZE = 100;

/** The family's latest sent campaigns, for the recipients step (include or exclude their audiences). */
export function useSentCampaigns(family: CampaignFamily) {
  const { data, error } = useSWR<TCampaignListResponse, unknown, readonly [string, 'sent-picker']>([PATHS[family].campaigns, 'sent-picker'], ([path]) =>
    apiRequest({ path, query: { tab: 'sent', page: 1, limit: MAX_PAGE_SIZE } }),
  );
  return { campaigns: data?.data, error };
}

/** Refetches every list and report, and SMS costs (a state change shows in all of them). */
async function revalidateCampaigns(): Promise<void> {
  await mutate((key) => EVERY_LIST_AND_REPORT.includes(keyPath(key) ?? ''));
}

/** Creates a draft of `type` (its family's create call) and answers its id. */
export async function createCampaign(campaignName: string, type: CampaignType = 'Email'): Promise<string> {
  const { id } = await apiRequest<{ id: string }>({ method: 'POST', path: PATHS[familyOfType(type)].save, body: { campaignName, type } });
  await revalidateCampaigns();
  return id;
}

/** What loading a campaign answers, by family: the command's shape differs. */
export type CampaignLoadResponse<F extends CampaignFamily> = F extends 'email' ? TCampaignLoadResponse : TSmsCampaignLoadResponse;

/** The saved command and the campaign around it; `timestamp` defeats caches between two loads. */
export function loadCampaign<F extends CampaignFamily>(family: F, id: string): Promise<CampaignLoadResponse<F>> {
  return apiRequest<CampaignLoadResponse<F>>({ path: PATHS[family].save, query: { id, timestamp: new Date().toISOString() }, timeoutMs: TIMEOUTS_MS.loadAndTitleCheck });
}

/** A campaign's latest saved name (the command's, once the wizard has saved one), for pages outside the wizard; null `id` = not asked. */
export function useCampaignName(family: CampaignFamily, id: string | null) {
  const { data, error } = useSWR<TCampaignLoadResponse | TSmsCampaignLoadResponse, unknown, readonly [string, string] | null>(id ? [PATHS[family].save, id] : null, ([, campaignId]) =>
    loadCampaign(family, campaignId),
  );
  return { name: data ? (data.command.name ?? data.campaign.name) : undefined, error };
}

/** What a save reports it kept but found wrong: pasted addresses (email) or numbers (SMS, MMS) that are not valid. */
export type SaveAnswer = { lastModifiedTime: string; invalidEntries: string[] };

/**
 * Saves only the keys of `command` (spec §7) through the family of `type`; `source` names the step,
 * `mode` auto for the timer.
 */
export async function saveCampaign(options: { id: string; type: CampaignType; command: TCampaignCommand; source: string; mode: 'auto' | 'manual' }): Promise<SaveAnswer> {
  const family = familyOfType(options.type);
  const answer = await apiRequest<TSaveCampaignResponse | TSaveSmsCampaignResponse>({
    method: 'POST',
    path: PATHS[family].save,
    query: { source: options.source, mode: options.mode },
    body: { id: options.id, command: options.command, type: options.type },
  });
  // A saved SMS campaign costs what it now holds: the cost panel asks again.
  if (family === 'sms') void mutate(costKey(options.id));
  return { lastModifiedTime: answer.lastModifiedTime, invalidEntries: 'invalidNumbers' in answer ? answer.invalidNumbers : answer.invalidEmails };
}

/** Whether another campaign of the family already has this name (spec §5: trimmed, any case). */
export async function isCampaignTitleTaken(family: CampaignFamily, title: string, id?: string): Promise<boolean> {
  const { duplicated } = await apiRequest<{ duplicated: boolean }>({
    method: 'POST',
    path: `${PATHS[family].wizard}/check-title`,
    body: { id, title },
    timeoutMs: TIMEOUTS_MS.loadAndTitleCheck,
  });
  return duplicated;
}

/** Takes or renews the edit lock; another editor's lock answers VALIDATE_BEING_MODIFIED with `lockedBy`. */
export function lockCampaign(family: CampaignFamily, id: string): Promise<{ heartbeatMs: number }> {
  return apiRequest({ path: `${PATHS[family].save}/lock`, query: { id, timestamp: new Date().toISOString() } });
}

export async function unlockCampaign(family: CampaignFamily, id: string): Promise<void> {
  await apiRequest({ method: 'DELETE', path: `${PATHS[family].save}/lock`, query: { id } });
}

/** Releases the lock while the page is being closed: a keepalive request outlives the page (best effort; the lease ends anyway). */
export function unlockCampaignOnExit(family: CampaignFamily, id: string): void {
  const token = getToken();
  if (!token) return;
  void fetch(`${PATHS[family].save}/lock?id=${encodeURIComponent(id)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
}

export async function renameCampaign(family: CampaignFamily, id: string, name: string): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'PUT', path: `${campaignPath(family, id)}/name`, body: { name } });
  await revalidateCampaigns();
  return campaign;
}

export async function tagCampaign(family: CampaignFamily, id: string, tags: readonly string[]): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'PUT', path: `${campaignPath(family, id)}/tags`, body: { tags } });
  await revalidateCampaigns();
  return campaign;
}

export async function replicateCampaign(family: CampaignFamily, id: string): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'POST', path: `${campaignPath(family, id)}/replicate`, body: {} });
  await revalidateCampaigns();
  return campaign;
}

export async function deleteCampaigns(family: CampaignFamily, ids: readonly string[]): Promise<void> {
  await apiRequest({ method: 'DELETE', path: PATHS[family].campaigns, body: { ids } });
  await revalidateCampaigns();
}

/** One state change of spec §4 (send, schedule, pause, approve...). */
export async function takeCampaignAction(family: CampaignFamily, id: string, request: TCampaignActionRequest): Promise<TCampaignSummary> {
  const { campaign } = await apiRequest<TCampaignResponse>({ method: 'POST', path: `${campaignPath(family, id)}/actions`, body: request });
  await revalidateCampaigns();
  return campaign;
}

/** The link of the email campaign's online version, for a preview. */
export async function generateOnlineVersion(id: string, type: EmailCampaignType): Promise<string> {
  const { url } = await apiRequest<{ url: string }>({ method: 'POST', path: `${API}/email/campaign/generateOnlineVersion`, body: { id, type } });
  return url;
}

const costKey = (id: string) => `${campaignPath('sms', id)}/cost`;

/**
 * What sending the SAVED SMS or MMS campaign now would cost, per destination country, with the
 * balance and the numbers it cannot go to; asked again after every save. null `id` = not asked.
 */
export function useCampaignCost(id: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TCampaignCostResponse, unknown, string | null>(id ? costKey(id) : null, (path) =>
    apiRequest<TCampaignCostResponse>({ path, timeoutMs: TIMEOUTS_MS.stats }),
  );
  return { cost: data, error, isLoading, refetch: () => revalidate() };
}

/** The report views of SMS and MMS (spec §2.1): no opens or unsubscribes to tell of. */
export const SMS_REPORT_VIEWS = ['overview', 'delivery', 'bounce', 'click'] as const satisfies readonly EmailReportView[];

export type ReportQuery = { view: EmailReportView; campaignId: string; type: CampaignType; page: number; link?: number };
type ReportKey = readonly [string, EmailReportView, string, CampaignType, number, number | undefined];

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

/** A report view (of the type's family), refetched every `refreshInterval` ms (0: not), as swr polls: a number, so equal values keep one timer. */
export function useCampaignReport(query: ReportQuery | null, refreshInterval: number) {
  const { data, error, isLoading, mutate: revalidate } = useSWR<TCampaignReportResponse, unknown, ReportKey | null>(
    query ? [PATHS[familyOfType(query.type)].stat, query.view, query.campaignId, query.type, query.page, query.link] : null,
    fetchReport,
    { keepPreviousData: true, refreshInterval },
  );
  return { report: data, error, isLoading, refetch: () => revalidate() };
}

/** Queues an export of a report's list view (one link's clickers with `link`), followed on /exports like a contact export. */
export async function exportCampaignReport(options: { view: EmailReportView; campaignId: string; type: CampaignType; link?: number; format: ExportFormat }): Promise<TExportJob> {
  const { view, campaignId, type, link, format } = options;
  const { export: job } = await apiRequest<{ export: TExportJob }>({
    method: 'POST',
    path: `${PATHS[familyOfType(type)].stat}/${view}/${encodeURIComponent(campaignId)}/export`,
    query: { type, link },
    body: { format },
  });
  void revalidateExports();
  return job;
}
