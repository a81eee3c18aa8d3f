/**
 * Runs exports (spec §4 Export): contacts, and campaign report lists. One message per export; a
 * redelivered message for a finished export does nothing, and one for an export whose run died
 * writes the file again under the same job (functions/services/exports/export-run.ts).
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZExportMessage } from '../queues/export.js';
import { QUEUES } from '../routes.js';
import { runExport } from '../services/exports/export-run.js';

const MAX_RECEIVES = QUEUES.find((queue) => queue.name === 'export')?.maxReceiveCount ?? 1;

export const handler = createQueueWorker(ZExportMessage, async ({ tuid, exportId }, record) => {
  const receives = Number(record.attributes.ApproximateReceiveCount) || 1;
  await runExport({ tuid, exportId, lastAttempt: receives >= MAX_RECEIVES });
});
