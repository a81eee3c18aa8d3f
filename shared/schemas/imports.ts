import { z } from 'zod';
import { ZTimeOrderedId } from './common.js';

/** Contact imports (spec §2.1 import-contacts, §4 Import): upload, preview and mapping, start, progress. */

/** Imports of up to 200 MB (the issue asks for at least 100 MB / 1,000,000 rows). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
export const MAX_IMPORT_COLUMNS = 100;

/** The encodings a CSV may be read in (iconv-lite's names). */
export const IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'big5', 'gb18030', 'windows-1252'] as const;
export const IMPORT_DELIMITERS = [',', ';', '\t'] as const;

/** Where a column goes: the contact's email or mobile, a subscription, a custom field, or nowhere (null). */
export const ZColumnTarget = z.string().regex(/^(email|mobile|emailSubscribe|smsSubscribe|field:[a-z0-9]{1,20})$/).nullable();

/**
 * What an import brings in: contacts, or addresses to unsubscribe (spec §2.1
 * import-unsubscribed-emails, import-unsubscribed-mobile-numbers).
 */
export const IMPORT_KINDS = ['contacts', 'unsubscribedEmails', 'unsubscribedMobiles'] as const;
export type TImportKind = (typeof IMPORT_KINDS)[number];

/** POST data-import/upload: reserves an import and answers where the browser puts the file. */
export const ZCreateImportUploadRequest = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  kind: z.enum(IMPORT_KINDS).default('contacts'),
  size: z.number().int().min(1).max(MAX_IMPORT_BYTES),
});
export const ZImportUploadResponse = z.object({ id: z.string(), uploadUrl: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()) });
export type TImportUploadResponse = z.infer<typeof ZImportUploadResponse>;

/** A ZIP entry's or a worksheet's name, as the preview listed it. */
const ZImportPartName = z.string().min(1).max(255);

/**
 * POST data-import/{id}/preview: the user may override the detected encoding or delimiter, and
 * choose the file of a ZIP archive (`entry`) and the sheet of a workbook (`sheet`), each among
 * those the preview lists (the first by default).
 */
export const ZImportPreviewRequest = z.strictObject({
  encoding: z.enum(IMPORT_ENCODINGS).optional(),
  delimiter: z.enum(IMPORT_DELIMITERS).optional(),
  entry: ZImportPartName.optional(),
  sheet: ZImportPartName.optional(),
});
/** How an upload is packed: gzip, or a ZIP archive with the entry read; absent for a file as it is. */
const ZImportContainer = { archive: z.enum(['gzip', 'zip']).optional(), entry: ZImportPartName.optional() };
export const ZImportFileFormat = z.union([
  z.object({ format: z.literal('csv'), encoding: z.enum(IMPORT_ENCODINGS), delimiter: z.enum(IMPORT_DELIMITERS), ...ZImportContainer }),
  z.object({ format: z.literal('xlsx'), sheet: ZImportPartName.optional(), ...ZImportContainer }),
]);
export const ZImportPreviewResponse = z.object({
  format: ZImportFileFormat,
  /** The first row, as the file has it. */
  headers: z.array(z.string()),
  /** Up to 10 rows after the first. */
  rows: z.array(z.array(z.string())),
  /** The guessed target of each column. */
  mapping: z.array(ZColumnTarget),
  /** The CSV and XLSX files of a ZIP archive, to choose from (`entry`); empty for any other file. */
  entries: z.array(z.string()),
  /** The visible sheets of a workbook, to choose from (`sheet`); empty for a CSV file. */
  sheets: z.array(z.string()),
});
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;

/** POST data-import/{id}/start */
export const ZStartImportRequest = z.strictObject({
  mapping: z.array(ZColumnTarget).min(1).max(MAX_IMPORT_COLUMNS),
  hasHeader: z.boolean().default(true),
  existing: z.enum(['update', 'skip']),
  groupIds: z.array(z.string().min(1).max(64)).max(20).default([]),
});
export type TStartImportRequest = z.infer<typeof ZStartImportRequest>;

/** POST data-import/{id}/stop takes no body. */
export const ZStopImportRequest = z.strictObject({});

/** Spec §4's import states, plus `limitReached`: a free account's import that stopped at its contact limit. */
export const IMPORT_JOB_STATUSES = ['uploading', 'queued', 'importing', 'finished', 'stopped', 'aborted', 'limitReached'] as const;
/** The statuses an import ends in: its report's lists exist, and no delivery runs it again. */
export const IMPORT_END_STATUSES = ['finished', 'stopped', 'aborted', 'limitReached'] as const satisfies ReadonlyArray<(typeof IMPORT_JOB_STATUSES)[number]>;
export type TImportEnd = (typeof IMPORT_END_STATUSES)[number];
export const isImportEnded = (status: string): status is TImportEnd => (IMPORT_END_STATUSES as readonly string[]).includes(status);

export const ZImportJob = z.object({
  id: z.string(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  /** The upload's format (csv until a preview has read it), which the report's row lists take. */
  fileFormat: z.enum(['csv', 'xlsx']),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Data rows done. */
  position: z.number().int(),
  /** `notImported`: rows left out because the free account's contact limit was reached (the stopping row and every row after it). */
  counts: z.object({
    created: z.number().int(),
    changed: z.number().int(),
    skipped: z.number().int(),
    duplicated: z.number().int(),
    errors: z.number().int(),
    notImported: z.number().int(),
  }),
  /** Why it stopped, aborted or reached the limit, in English. */
  reason: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TImportJob = z.infer<typeof ZImportJob>;
export const ZImportJobResponse = z.object({ import: ZImportJob });
export const ZImportJobList = z.object({ data: z.array(ZImportJob) });

/** GET data-import/details/get-file/{id}?type= (spec §7): a row list of the report (and the rows the contact limit left out), or the uploaded file. */
export const IMPORT_FILE_TYPES = ['duplicated', 'error', 'created', 'changed', 'notImported', 'file'] as const;
export const ZImportFileQuery = z.strictObject({ type: z.enum(IMPORT_FILE_TYPES) });
export type TImportFileType = (typeof IMPORT_FILE_TYPES)[number];

/** The importId of a route's path; a malformed one is bad input (400), checked before anything is read. */
export const ZImportPathParams = z.object({ importId: ZTimeOrderedId });
