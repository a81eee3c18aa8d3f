/**
 * Object key layouts of the two buckets, in one place. Every key starts with a prefix naming what
 * the object is, then the account it belongs to. Imported by the repositories and services that
 * write objects, and by the stacks whose grants and lifecycle rules act on a prefix.
 */

/** Data bucket prefixes (private objects the functions read and write). */
export const DATA_OBJECT_PREFIXES = {
  /** Export files users download: `exports/<tuid>/<exportId>/<runId>/<download name>`. */
  exports: 'exports/',
  /** An import's upload, its batches' outcomes and its row lists: `imports/<tuid>/<importId>/…`. */
  imports: 'imports/',
  /** Template content, one object per saved version: `templates/<tuid>/<templateId>/<version>.json`. */
  templates: 'templates/',
  /** Campaign commands, one object per saved version: `campaigns/<tuid>/<campaignId>/<version>.json`. */
  campaigns: 'campaigns/',
} as const;

/**
 * Content bucket prefix of uploads not yet confirmed: `pending/<tuid>/<uploadId>`. A confirm copies
 * the object to its lasting key; a lifecycle rule removes what is never confirmed (content stack).
 */
export const PENDING_CONTENT_PREFIX = 'pending/';

function importObjectPrefix(tuid: string, importId: string): string {
  return `${DATA_OBJECT_PREFIXES.imports}${tuid}/${importId}`;
}

export const objectKeys = {
  /** A new, never overwritten object per version: a save switches to it and only then drops the old one. */
  templateContent: (tuid: string, templateId: string, version: string) => `${DATA_OBJECT_PREFIXES.templates}${tuid}/${templateId}/${version}.json`,
  /** A version's thumbnail sits beside it, so whatever drops the version drops its thumbnail. */
  templateThumbnail: (contentKey: string) => contentKey.replace(/\.json$/, '.thumbnail.svg'),
  /** Likewise one object per saved command version. */
  campaignCommand: (tuid: string, campaignId: string, version: string) => `${DATA_OBJECT_PREFIXES.campaigns}${tuid}/${campaignId}/${version}.json`,
  /** The file as the user uploaded it; never under the user's file name. */
  importUpload: (tuid: string, importId: string) => `${importObjectPrefix(tuid, importId)}/original`,
  /** One batch's outcomes, by the first row it read, so the report reads them in row order. */
  importBatchOutcomes: (tuid: string, importId: string, fromRow: number) => `${importObjectPrefix(tuid, importId)}/outcomes/${String(fromRow).padStart(10, '0')}`,
  importReportList: (tuid: string, importId: string, list: string) => `${importObjectPrefix(tuid, importId)}/report/${list}`,
  /**
   * Each run writes its own object, so a run never overwrites the file of another. The key ends in
   * the download name: where a store ignores the object's Content-Disposition (the local emulator),
   * browsers name the file after the URL's last segment.
   */
  exportFile: (tuid: string, exportId: string, runId: string, fileName: string) => `${DATA_OBJECT_PREFIXES.exports}${tuid}/${exportId}/${runId}/${fileName}`,
  pendingUpload: (tuid: string, uploadId: string) => `${PENDING_CONTENT_PREFIX}${tuid}/${uploadId}`,
  /** A confirmed file: the account (the public prefix), the file's id, then a URL-safe form of its name. */
  contentFile: (tuid: string, fileId: string, name: string) => {
    const safe = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(-80);
    return `${tuid}/${fileId}/${safe.replace(/^\.+/, '') || 'file'}`;
  },
} as const;
