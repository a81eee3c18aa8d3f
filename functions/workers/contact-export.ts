/**
 * Runs exports (spec §4 Export): contacts, and campaign report lists (the queue kept its first
 * name). One message per export; a redelivered message for a finished export does nothing, and
 * one for an export whose run died writes the file again under the same job
 * (functions/services/export-run.ts).
 */
import { z } from 'zod';
import { QUEUES } from '../routes.js';
import { createQueueWorker } from '../lib/worker.js';
import { runExport } from '../services/export-run.js';

export const ZContactExportMessage = z.object({ tuid: z.string().min(1), exportId: z.string().min(1) });

const MAX_RECEIVES = QUEUES.find((queue) => queue.name === 'contact-export')?.maxReceiveCount ?? 1;

export const handler = createQueueWorker(ZContactExportMessage, async ({ tuid, exportId }, record) => {
  const receives = Number(record.attributes.ApproximateReceiveCount) || 1;
  await runExport({ tuid, exportId, lastAttempt: receives >= MAX_RECEIVES });
});
