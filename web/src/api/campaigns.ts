/**
 * Campaign calls (spec §2.1 /emails and /sms-and-mms, §7 "Campaign saving", "Reports"): the paged
 * list, the wizard's create/load/save/lock/check-title, list changes and state actions, the report,
 * and for SMS and MMS the cost of the saved campaign. Both families answer in the same shapes under
 * their own paths (email at the API's top, SMS and MMS under sms/), so every call names its family,
 * or takes it from the campaign type it is given. Every change revalidates what shows campaigns.
 */
import useSWR, { mutate } from 'swr';
import { LIST_PAGE_SIZE } from '../../../shared/constants.js';
import { familyRoute } from '../../../shared/contracts/campaign-families.js';
import { campaignReports } from '../../../shared/contracts/campaign-reports.js';
import { campaigns } from '../../../shared/contracts/campaigns.js';
import { type CampaignFamily, type CampaignType, channelOfType, familyOfChannel } from '../../../shared/domain/campaign-channels.js';
import { type EmailReportView } from '../../../shared/domain/campaign-report.js';
import { type CampaignTab } from '../../../shared/domain/campaign-tabs.js';
import type { TCampaignActionRequest, TCampaignCommand, TCampaignCostResponse, TCampaignSummary, TEmailCampaignCommand, TSmsCampaignCommand } from '../../../shared/schemas/campaigns.js';
import type { ExportFormat, TExportJob } from '../../../shared/schemas/exports.js';
import { getToken } from '../session/session.js';
import { revalidateExports } from './exports.js';
import { callRoute, pathOf, routeKey, useRoute, type CallAnswer, type CallInput } from './routes.js';

export type { CampaignFamily, TCampaignCostResponse, TCampaignSummary, TEmailCampaignCommand, TSmsCampaignCommand };

type Routes = typeof campaigns.routes;

/** Email campaigns are Email; a base campaign (a reusable design) is base_email. */
export type EmailCampaignType = 'Email' | 'base_email';
export type SmsCampaignType = 'SMS' | 'MMS' | 'base_sms';

export function familyOfType(type: CampaignType): CampaignFamily {
  return familyOfChannel(channelOfType(type));
}

export type CampaignListQuery = { tab: CampaignTab; search: string; tag: string; page: number };

/** One page (from 1) of the family's campaigns, newest first; the previous page stays shown while the next loads. */
export function useCampaignList(family: CampaignFamily, query: CampaignListQuery) {
  const { data, error, isLoading, isValidating, mutate: revalidate } = useRoute(
    familyRoute(campaigns.routes, family, 'list'),
    { query: { tab: query.tab, search: query.search || undefined, tag: query.tag || undefined, page: query.page, limit: LIST_PAGE_SIZE } },
    { keepPreviousData: true },
  );
  return { list: data, error, isLoading, isValidating, refetch: () => revalidate() };
}

/** The largest page the list answers: a picker of earlier campaigns shows the latest this many. */
const MAX_PAGE_SIZE = 100;

/** The family's latest sent campaigns, for the recipients step (include or exclude their audiences). */
export function useSentCampaigns(family: CampaignFamily) {
  const { data, error } = useRoute(familyRoute(campaigns.routes, family, 'list'), { query: { tab: 'sent', page: 1, limit: MAX_PAGE_SIZE } });
  return { campaigns: data?.data, error };
}

/** The routes whose answers show campaigns' states: every list and report. */
const LISTS_AND_REPORTS: readonly string[] = [campaigns.routes.emailList, campaigns.routes.smsList, campaignReports.routes.emailView, campaignReports.routes.smsView].map(
  (route) => route.name,
);

/** Refetches every list and report (a state change shows in all of them). */
async function revalidateCampaigns(): Promise<void> {
  await mutate((key) => Array.isArray(key) && typeof key[1] === 'string' && LISTS_AND_REPORTS.includes(key[1]));
}

type SaveInput = {
  query?: { source: string; mode: 'auto' | 'manual' };
  body: { campaignName: string; type: CampaignType } | { id: string; command: TCampaignCommand; type: CampaignType };
};

/** The save path of the type's family: a body with a campaignName creates a draft (answering its id), one with an id saves. */
function postToSavePath(type: CampaignType, input: SaveInput): Promise<CallAnswer<Routes['emailSave']> | CallAnswer<Routes['smsSave']>> {
  const route = familyRoute(campaigns.routes, familyOfType(type), 'save');
  // The type names the family, whose command the draft holds (use-campaign-draft.ts); the server checks both.
  return callRoute(route, input as CallInput<typeof route>);
}

/** Creates a draft of `type` (its family's create call) and answers its id. */
export async function createCampaign(campaignName: string, type: CampaignType = 'Email'): Promise<string> {
  const answer = await postToSavePath(type, { body: { campaignName, type } });
  if (!('id' in answer)) throw new Error('The save path answered a create as a save.');
  await revalidateCampaigns();
  return answer.id;
}

/**
 * The saved command and the campaign around it (the family's command: email, or SMS and MMS);
 * `timestamp` defeats caches between two loads.
 */
export function loadCampaign(family: CampaignFamily, id: string) {
  return callRoute(familyRoute(campaigns.routes, family, 'load'), { query: { id, timestamp: new Date().toISOString() } });
}

/** A campaign's latest saved name (the command's, once the wizard has saved one), for pages outside the wizard; null `id` = not asked. */
export function useCampaignName(family: CampaignFamily, id: string | null) {
  // Keyed without the timestamp, which only the request carries.
  const { data, error } = useSWR(id ? routeKey(familyRoute(campaigns.routes, family, 'load'), { query: { id } }) : null, id ? () => loadCampaign(family, id) : null);
  return { name: data ? (data.command.name ?? data.campaign.name) : undefined, error };
}

/** What a save reports it kept but found wrong: pasted addresses (email) or numbers (SMS, MMS) that are not valid. */
export type SaveAnswer = { lastModifiedTime: string; invalidEntries: string[] };

const costInput = (id: string): CallInput<Routes['smsCost']> => ({ params: { campaignId: id } });

/**
 * Saves only the keys of `command` (spec §7) through the family of `type`; `source` names the step,
 * `mode` auto for the timer.
 */
export async function saveCampaign(options: { id: string; type: CampaignType; command: TCampaignCommand; source: string; mode: 'auto' | 'manual' }): Promise<SaveAnswer> {
  const answer = await postToSavePath(options.type, {
    query: { source: options.source, mode: options.mode },
    body: { id: options.id, command: options.command, type: options.type },
  });
  if ('id' in answer) throw new Error('The save path answered a save as a create.');
  // A saved SMS campaign costs what it now holds: the cost panel asks again.
  if (familyOfType(options.type) === 'sms') void mutate(routeKey(campaigns.routes.smsCost, costInput(options.id)));
  return { lastModifiedTime: answer.lastModifiedTime, invalidEntries: 'invalidNumbers' in answer ? answer.invalidNumbers : answer.invalidEmails };
}

/** Whether another campaign of the family already has this name (spec §5: trimmed, any case). */
export async function isCampaignTitleTaken(family: CampaignFamily, title: string, id?: string): Promise<boolean> {
  const { duplicated } = await callRoute(familyRoute(campaigns.routes, family, 'checkTitle'), { body: { id, title } });
  return duplicated;
}

/** Takes or renews the edit lock; another editor's lock answers VALIDATE_BEING_MODIFIED with `lockedBy`. */
export function lockCampaign(family: CampaignFamily, id: string): Promise<{ heartbeatMs: number }> {
  return callRoute(familyRoute(campaigns.routes, family, 'lock'), { query: { id, timestamp: new Date().toISOString() } });
}

export async function unlockCampaign(family: CampaignFamily, id: string): Promise<void> {
  await callRoute(familyRoute(campaigns.routes, family, 'unlock'), { query: { id } });
}

/** Releases the lock while the page is being closed: a keepalive request outlives the page (best effort; the lease ends anyway). */
export function unlockCampaignOnExit(family: CampaignFamily, id: string): void {
  const token = getToken();
  if (!token) return;
  const unlock = familyRoute(campaigns.routes, family, 'unlock');
  void fetch(`${pathOf(unlock, { query: { id } })}?id=${encodeURIComponent(id)}`, { method: unlock.method, headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => undefined,
  );
}

export async function renameCampaign(family: CampaignFamily, id: string, name: string): Promise<TCampaignSummary> {
  const { campaign } = await callRoute(familyRoute(campaigns.routes, family, 'rename'), { params: { campaignId: id }, body: { name } });
  await revalidateCampaigns();
  return campaign;
}

export async function tagCampaign(family: CampaignFamily, id: string, tags: readonly string[]): Promise<TCampaignSummary> {
  const { campaign } = await callRoute(familyRoute(campaigns.routes, family, 'tag'), { params: { campaignId: id }, body: { tags: [...tags] } });
  await revalidateCampaigns();
  return campaign;
}

export async function replicateCampaign(family: CampaignFamily, id: string): Promise<TCampaignSummary> {
  const { campaign } = await callRoute(familyRoute(campaigns.routes, family, 'replicate'), { params: { campaignId: id } });
  await revalidateCampaigns();
  return campaign;
}

export async function deleteCampaigns(family: CampaignFamily, ids: readonly string[]): Promise<void> {
  await callRoute(familyRoute(campaigns.routes, family, 'delete'), { body: { ids: [...ids] } });
  await revalidateCampaigns();
}

/** One state change of spec §4 (send, schedule, pause, approve...). */
export async function takeCampaignAction(family: CampaignFamily, id: string, request: TCampaignActionRequest): Promise<TCampaignSummary> {
  const { campaign } = await callRoute(familyRoute(campaigns.routes, family, 'action'), { params: { campaignId: id }, body: request });
  await revalidateCampaigns();
  return campaign;
}

/** The link of the email campaign's online version, for a preview. */
export async function generateOnlineVersion(id: string, type: EmailCampaignType): Promise<string> {
  const { url } = await callRoute(campaigns.routes.emailOnlineVersion, { body: { id, type } });
  return url;
}

/**
 * What sending the SAVED SMS or MMS campaign now would cost, per destination country, with the
 * balance and the numbers it cannot go to; asked again after every save. null `id` = not asked.
 */
export function useCampaignCost(id: string | null) {
  const { data, error, isLoading, mutate: revalidate } = useRoute(campaigns.routes.smsCost, id ? costInput(id) : null);
  return { cost: data, error, isLoading, refetch: () => revalidate() };
}

/** The report views of SMS and MMS (spec §2.1): no opens or unsubscribes to tell of. */
export const SMS_REPORT_VIEWS = ['overview', 'delivery', 'failed', 'skipped', 'click'] as const satisfies readonly EmailReportView[];

export type ReportQuery = { view: EmailReportView; campaignId: string; type: CampaignType; page: number; link?: number };

const reportRoute = (type: CampaignType) => familyRoute(campaignReports.routes, familyOfType(type), 'view');
const reportInput = ({ view, campaignId, type, page, link }: ReportQuery) => ({ params: { view, campaignId }, query: { type, page, limit: LIST_PAGE_SIZE, link } });

/**
 * The report request of the page; a newer one aborts the one still on its way (spec §4 "Reports"),
 * so a slow overview never lands on top of the list the user switched to.
 */
let inProgress: AbortController | null = null;

function fetchReport(query: ReportQuery) {
  inProgress?.abort();
  const controller = new AbortController();
  inProgress = controller;
  return callRoute(reportRoute(query.type), reportInput(query), { signal: controller.signal }).finally(() => {
    if (inProgress === controller) inProgress = null;
  });
}

/** A report view (of the type's family), refetched every `refreshInterval` ms (0: not), as swr polls: a number, so equal values keep one timer. */
export function useCampaignReport(query: ReportQuery | null, refreshInterval: number) {
  const { data, error, isLoading, mutate: revalidate } = useSWR(query ? routeKey(reportRoute(query.type), reportInput(query)) : null, query ? () => fetchReport(query) : null, {
    keepPreviousData: true,
    refreshInterval,
  });
  return { report: data, error, isLoading, refetch: () => revalidate() };
}

/** Queues an export of a report's list view (one link's clickers with `link`), followed on /exports like a contact export. */
export async function exportCampaignReport(options: { view: EmailReportView; campaignId: string; type: CampaignType; link?: number; format: ExportFormat }): Promise<TExportJob> {
  const { view, campaignId, type, link, format } = options;
  const { export: job } = await callRoute(familyRoute(campaignReports.routes, familyOfType(type), 'export'), { params: { view, campaignId }, query: { type, link }, body: { format } });
  void revalidateExports();
  return job;
}
