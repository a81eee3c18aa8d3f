/**
 * Names of an import report's downloads (spec §7 data-import get-file): the upload's name with a
 * suffix per row list, in the upload's format; the upload itself keeps its own name. One rule for
 * the link the server signs and the file the browser saves.
 */
import type { TImportFileType } from '../schemas/imports.js';

export const IMPORT_LIST_SUFFIXES: Record<Exclude<TImportFileType, 'file'>, string> = {
  created: 'newly-created-contacts',
  changed: 'changed-contacts',
  duplicated: 'duplicated-contacts',
  error: 'error-contacts',
  notImported: 'not-imported-contacts',
};

export function importFileName(job: { fileName: string; fileFormat: 'csv' | 'xlsx' }, type: TImportFileType): string {
  if (type === 'file') return job.fileName;
  // A gzip file's name ends in its inner file's extension and .gz: both go.
  const base = job.fileName.replace(/\.gz$/i, '').replace(/\.[^.]*$/, '');
  return `${base}-${IMPORT_LIST_SUFFIXES[type]}.${job.fileFormat}`;
}
