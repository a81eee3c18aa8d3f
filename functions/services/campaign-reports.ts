/**
 * Email campaign reports (spec §2.1 campaign-report views, §3 "Campaign report state", §7
 * "Reports"): the campaign's state and counters with every view, the timeline and links on the
 * overview, one page of recipients on a list view, and a list view's every recipient as CSV.
 */
import { percentSent, type CampaignCounters, type CampaignFamily } from '../../shared/domain/campaigns.js';
import {
  reportCsvCells,
  reportCsvColumns,
  reportListName,
  reportMode,
  toReportRow,
  type ReportListView,
} from '../../shared/domain/campaign-engagement.js';
import type { TCampaignReportResponse, TCampaignReportState, TReportRow } from '../../shared/schemas/campaigns.js';
import { AppError, ERROR_CODES } from '../../shared/errors.js';
import type { z } from 'zod';
import type { ZReportPathParams, ZReportQuery } from '../../shared/schemas/campaigns.js';
import { getCampaignCountersWithCountries, getTrackedLinks } from '../data/campaign-counters.js';
import { getEngagements, getReportTotals, listReportEntries, listTimeline, reportEntryPages, type ReportEntry, type ReportTotals } from '../data/campaign-engagement.js';
import type { CampaignRecord } from '../data/campaigns.js';
import { CSV_BOM, csvLine } from '../exports/csv.js';
import { attachmentDisposition } from '../lib/aws/storage.js';
import { requireCampaign } from './campaigns.js';

type ReportView = z.output<typeof ZReportPathParams>['view'];
type ReportQuery = z.output<typeof ZReportQuery>;

function reportStateOf(campaign: CampaignRecord, view: ReportView, counters: CampaignCounters, loginTuid: string): TCampaignReportState {
  return {
    campaignId: campaign.id,
    view,
    type: campaign.type,
    title: campaign.name,
    tags: campaign.tags,
    status: campaign.status,
    pcSent: percentSent(counters),
    lastModifiedTime: campaign.lastModifiedTime,
    startTime: campaign.run?.startTime ?? null,
    estimatedEndTime: campaign.run?.finishTime ?? campaign.run?.estimatedEndTime ?? null,
    scheduleTime: campaign.scheduleTime,
    mode: reportMode(campaign),
    isShowAcceptOrRejectApproveButton: campaign.approval?.state === 'waiting' && campaign.approval.approvers.includes(loginTuid),
    approval: campaign.approval?.state ?? null,
    draftReason: campaign.draftReason,
  };
}

/** Every tracked link with its clicks, in message order. */
function linksOf(urls: readonly string[], totals: ReportTotals) {
  return urls.map((url, index) => ({ index, url, ...(totals.links.get(index) ?? { clicks: 0, uniqueClicks: 0 }) }));
}

/** How many recipients a list holds: the counters count the engagement lists, the totals item the rest. */
function listTotal(view: ReportListView, link: number | undefined, counters: CampaignCounters, totals: ReportTotals): number {
  switch (view) {
    case 'delivery':
      return totals.delivery;
    case 'open':
      return counters.uniqueOpens;
    case 'click':
      return link === undefined ? counters.uniqueClicks : (totals.links.get(link)?.uniqueClicks ?? 0);
    case 'bounce':
      return totals.bounce;
    case 'unsubscribe':
      return counters.unsubscribes;
  }
}

/** The click view of one link needs that link to exist; another number is bad input. */
function chosenLink(view: ReportListView, link: number | undefined, urls: readonly string[]): { index: number; url: string } | undefined {
  if (view !== 'click' || link === undefined) return undefined;
  const url = urls[link];
  if (url === undefined) throw new AppError(ERROR_CODES.INVALID_INPUT, `link: this campaign has no link ${link}.`);
  return { index: link, url };
}

async function rowsOf(options: { tuid: string; campaignId: string; view: ReportListView; entries: readonly ReportEntry[]; link?: { index: number; url: string } }): Promise<TReportRow[]> {
  const { tuid, campaignId, view, entries, link } = options;
  const engagements = await getEngagements(tuid, campaignId, entries.map((entry) => entry.contactId));
  return entries.flatMap((entry) => {
    const engagement = engagements.get(entry.contactId);
    return engagement ? [toReportRow(view, entry.contactId, engagement, link)] : [];
  });
}

/** GET email/stat/{view}/{campaignId}: another account's campaign answers VAL-REC-01 like a missing one. */
export async function getCampaignReport(options: { tuid: string; loginTuid: string; family: CampaignFamily; view: ReportView; campaignId: string; query: ReportQuery }): Promise<TCampaignReportResponse> {
  const { tuid, loginTuid, view, campaignId, query } = options;
  const campaign = await requireCampaign(tuid, campaignId, options.family);
  const [{ counters, countries }, totals, urls] = await Promise.all([getCampaignCountersWithCountries(tuid, campaignId), getReportTotals(tuid, campaignId), getTrackedLinks(tuid, campaignId)]);
  const state = reportStateOf(campaign, view, counters, loginTuid);
  if (view === 'overview') return { state, counters, timeline: await listTimeline(tuid, campaignId), links: linksOf(urls, totals), countries, failureReasons: totals.failureReasons };
  const link = chosenLink(view, query.link, urls);
  const entries = await listReportEntries({ tuid, campaignId, list: reportListName(view, query.link), offset: (query.page - 1) * query.limit, limit: query.limit });
  return {
    state,
    counters,
    ...(view === 'click' ? { links: linksOf(urls, totals) } : {}),
    rows: await rowsOf({ tuid, campaignId, view, entries, link }),
    total: listTotal(view, query.link, counters, totals),
  };
}

/** GET email/stat/{view}/{campaignId}/export: a list view's every recipient, newest first, as CSV text named `<campaign>-<view>.csv`. */
export async function exportCampaignReport(options: { tuid: string; family: CampaignFamily; view: ReportView; campaignId: string; query: ReportQuery }): Promise<{ disposition: string; csv: string }> {
  const { tuid, view, campaignId, query } = options;
  if (view === 'overview') throw new AppError(ERROR_CODES.INVALID_INPUT, 'view: the overview has no list to export.');
  const campaign = await requireCampaign(tuid, campaignId, options.family);
  const link = chosenLink(view, query.link, await getTrackedLinks(tuid, campaignId));
  const parts = [CSV_BOM, csvLine(reportCsvColumns(view, link !== undefined))];
  for await (const entries of reportEntryPages(tuid, campaignId, reportListName(view, query.link))) {
    for (const row of await rowsOf({ tuid, campaignId, view, entries, link })) parts.push(csvLine(reportCsvCells(view, row)));
  }
  return { disposition: attachmentDisposition(`${campaign.name}-${view}.csv`), csv: parts.join('') };
}
