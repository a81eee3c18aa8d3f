import { z } from 'zod';
import { ZContactFilter } from './contact-search.js';
import { ZTimeOrderedId } from './common.js';
import { CAMPAIGN_FAMILIES } from '../domain/campaign-channels.js';

/** Exports (spec §2.1 /exports, §4 Export) of contacts and of campaign report lists: start one, follow it, download its file. */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export's name: the notification's exportName and the downloaded file's name. */
export const EXPORT_NAME_MAX = 100;

/** Days a finished export's file is kept (the data bucket's lifecycle rule removes it then). */
export const EXPORT_FILE_RETENTION_DAYS = 7;

/** How many exports of an account may be queued or running at once. */
export const MAX_RUNNING_EXPORTS = 3;

/** A search to export: conditions and/or a quick-search text (and optionally a group), as the advanced search sends them. */
const ZSearchFilter = ZContactFilter.refine((filter) => Boolean(filter.conditions || filter.quickSearch || filter.groupId), {
  message: 'a search needs conditions, a text or a group',
});

/** Which contacts: all of them, one group's (snapshot or auto-update), or a search's result. */
export const ZExportSource = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('group'), groupId: z.string().min(1).max(64) }),
  z.strictObject({ kind: z.literal('search'), filter: ZSearchFilter }),
]);
export type TExportSource = z.infer<typeof ZExportSource>;

/** POST data-export/start */
export const ZStartExportRequest = z.strictObject({
  name: z.string().trim().min(1).max(EXPORT_NAME_MAX),
  format: z.enum(EXPORT_FORMATS),
  source: ZExportSource,
});
export type TStartExportRequest = z.infer<typeof ZStartExportRequest>;

/** POST email/stat/{view}/{campaignId}/export (and sms/): the file's format; CSV unless asked. */
export const ZStartReportExportRequest = z.strictObject({ format: z.enum(EXPORT_FORMATS).default('csv') });

/** POST data-export/{id}/stop takes no body. */
export const ZStopExportRequest = z.strictObject({});

/**
 * queued → exporting → finished (file ready), or stopped by the user, or failed (could not start
 * or run). A finished export whose file passed its retention shows as expired.
 */
export const EXPORT_JOB_STATUSES = ['queued', 'exporting', 'finished', 'stopped', 'failed', 'expired'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The list views of a campaign report that export (every view but the overview). */
export const REPORT_EXPORT_VIEWS = ['delivery', 'open', 'click', 'bounce', 'failed', 'skipped', 'unsubscribe'] as const;

/**
 * The source as the list shows it: a group keeps the name it had when the export started, a
 * campaign report its campaign's name, the view and (click view) the one link's index and URL.
 */
export const ZExportJobSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('group'), groupId: z.string(), groupName: z.string() }),
  z.object({ kind: z.literal('search'), filter: ZContactFilter }),
  z.object({
    kind: z.literal('campaignReport'),
    family: z.enum(CAMPAIGN_FAMILIES),
    campaignId: z.string(),
    campaignName: z.string(),
    view: z.enum(REPORT_EXPORT_VIEWS),
    link: z.object({ index: z.number().int(), url: z.string() }).optional(),
  }),
]);
export type TExportJobSource = z.infer<typeof ZExportJobSource>;

export const ZExportJob = z.object({
  id: z.string(),
  name: z.string(),
  format: z.enum(EXPORT_FORMATS),
  source: ZExportJobSource,
  status: z.enum(EXPORT_JOB_STATUSES),
  /** Rows written so far (all of them once finished). */
  records: z.number().int(),
  /** 0–100 while exporting. */
  progress: z.number().min(0).max(100),
  /** Bytes of the finished file. */
  fileSize: z.number().int().nullable(),
  /** Why it stopped or failed: 'stoppedByUser', 'groupDeleted', 'invalidSearch', 'error'. */
  reason: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  finishTime: z.string().nullable(),
  /** When the file is removed (finished exports only). */
  expiresAt: z.string().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;
export const ZExportJobResponse = z.object({ export: ZExportJob });
export const ZExportJobList = z.object({ data: z.array(ZExportJob) });

/** GET data-export/{id}/download: a short-lived link to the file. */
export const ZExportDownloadResponse = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() });
export type TExportDownloadResponse = z.infer<typeof ZExportDownloadResponse>;

/** The exportId of a route's path; a malformed one is bad input (400), checked before anything is read. */
export const ZExportPathParams = z.object({ exportId: ZTimeOrderedId });
