/**
 * An import's uploaded file as its rows' reader takes it: the stored object, unpacked when it is
 * a gzip file or a ZIP archive (the entry the preview chose), read as it is consumed.
 */
import type { ImportJob } from '../../data/imports.js';
import { readObjectRanges } from '../../lib/aws/storage.js';
import { openContainedFile } from '../../lib/files/import/file-container.js';
import type { TFileFormat } from '../../lib/files/import/file-format.js';

/**
 * The file inside the upload as a stream, and how many stored bytes reading it takes
 * (`onStoredBytes` counts them). The upload exists once the import has been previewed, so its
 * absence is a fault.
 */
export async function openImportFile({ job, onStoredBytes }: { job: Pick<ImportJob, 'id' | 'fileKey' | 'format'>; onStoredBytes?: (bytes: number) => void }) {
  const file = await readObjectRanges(job.fileKey);
  if (!file) throw new Error(`The upload of import ${job.id} is missing.`);
  return openContainedFile(file, job.format as TFileFormat, { onStoredBytes });
}
