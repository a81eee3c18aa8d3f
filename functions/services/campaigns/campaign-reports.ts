/**
 * Email campaign reports (spec §2.1 campaign-report views, §3 "Campaign report state", §7
 * "Reports"): the campaign's state and counters with every view, the timeline and links on the
 * overview, one page of recipients on a list view, and a list view's every recipient exported as
 * a file by the export worker.
 */
import { guardPauseInEffect } from '../../../shared/domain/deliverability-guard.js';
import { type CampaignFamily } from '../../../shared/domain/campaign-channels.js';
import { type CampaignCounters, listViewCount, percentSent } from '../../../shared/domain/campaign-report.js';
import {
  reportExportColumns,
  reportListName,
  reportMode,
  toReportRow,
  type ReportListView,
} from '../../../shared/domain/campaign-engagement.js';
import type { TCampaignReportResponse, TCampaignReportState, TReportRow } from '../../../shared/schemas/campaigns.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { z } from 'zod';
import type { ZReportPathParams, ZReportQuery } from '../../../shared/schemas/campaigns.js';
import { getCampaignCounters, getCampaignCountersWithCountries, getTrackedLinks } from '../../data/campaign-counters.js';
import { getEngagements, getReportTotals, listReportEntries, listTimeline, reportEntryPages, type ReportEntry, type ReportTotals } from '../../data/campaign-engagement.js';
import type { CampaignRecord } from '../../data/campaigns.js';
import { exportTimeFormatter } from '../../../shared/domain/contact-export.js';
import { EXPORT_NAME_MAX, type ExportFormat, type TExportJob, type TExportJobSource } from '../../../shared/schemas/exports.js';
import type { ExportSource } from '../../lib/files/export/export-source.js';
import { requireCampaign } from './campaigns.js';
import { queueExport } from '../exports/exports.js';

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
    guardPause: guardPauseInEffect({ status: campaign.status, lastModifiedTime: campaign.lastModifiedTime, guardPauses: campaign.run?.guardPauses ?? [] }),
  };
}

/** Every tracked link with its clicks, in message order. */
function linksOf(urls: readonly string[], totals: ReportTotals) {
  return urls.map((url, index) => ({ index, url, ...(totals.links.get(index) ?? { clicks: 0, uniqueClicks: 0 }) }));
}

/** How many recipients a list holds: the overview's number for it (the click view of one link: that link's clickers). */
function listTotal(view: ReportListView, link: number | undefined, counters: CampaignCounters, totals: ReportTotals): number {
  return listViewCount(view, counters, link === undefined ? undefined : (totals.links.get(link)?.uniqueClicks ?? 0));
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
  const campaign = await requireCampaign({ tuid, campaignId, family: options.family });
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

/** The export's name (and file name): `<campaign>-<view>`, the campaign's name cut to fit. */
function reportExportName(campaignName: string, view: ReportListView): string {
  return `${campaignName.slice(0, EXPORT_NAME_MAX - view.length - 1)}-${view}`;
}

/**
 * POST email/stat/{view}/{campaignId}/export: queues an export of a list view's every recipient
 * (of one link, in the click view with `link`), followed on /exports like a contact export. The
 * worker reads the list then, so the file is the list as it stands when the export runs.
 */
export async function startCampaignReportExport(options: {
  tuid: string;
  loginTuid: string;
  family: CampaignFamily;
  view: ReportView;
  campaignId: string;
  query: ReportQuery;
  format: ExportFormat;
  now: Date;
}): Promise<TExportJob> {
  const { tuid, family, view, campaignId, query } = options;
  if (view === 'overview') throw new AppError(ERROR_CODES.INVALID_INPUT, 'view: the overview has no list to export.');
  const campaign = await requireCampaign({ tuid, campaignId, family });
  const link = chosenLink(view, query.link, await getTrackedLinks(tuid, campaignId));
  return queueExport({
    ...options,
    name: reportExportName(campaign.name, view),
    source: { kind: 'campaignReport', family, campaignId, campaignName: campaign.name, view, ...(link && { link }) },
  });
}

/** A report list's rows for the export worker, newest first; a campaign deleted since throws VAL-REC-01 (the export fails). */
export async function openReportExportSource(options: { tuid: string; source: Extract<TExportJobSource, { kind: 'campaignReport' }>; timeZone: string }): Promise<ExportSource> {
  const { tuid, source } = options;
  const { campaignId, view, link } = source;
  await requireCampaign({ tuid, campaignId, family: source.family });
  const [counters, totals] = await Promise.all([getCampaignCounters(tuid, campaignId), getReportTotals(tuid, campaignId)]);
  const expected = listTotal(view, link?.index, counters, totals);
  const columns = reportExportColumns(view, { family: source.family, withLink: link !== undefined, formatTime: exportTimeFormatter(options.timeZone) });
  let read = 0;
  return {
    columns,
    sheetName: view,
    expected,
    share: () => (expected === 0 ? 1 : Math.min(1, read / expected)),
    rows: (async function* () {
      for await (const entries of reportEntryPages(tuid, campaignId, reportListName(view, link?.index))) {
        read += entries.length;
        const rows = await rowsOf({ tuid, campaignId, view, entries, link });
        yield rows.map((row) => columns.map((column) => column.cell(row)));
      }
    })(),
  };
}
