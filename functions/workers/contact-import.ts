/**
 * Runs contact imports (spec §4 Import). One message per import; a redelivered message resumes at
 * the import's checkpoint (functions/services/imports/contact-import.ts), so nothing is done twice.
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZContactImportMessage } from '../queues/contact-import.js';
import { runContactImport } from '../services/imports/contact-import.js';

export const handler = createQueueWorker(ZContactImportMessage, async ({ tuid, importId }) => {
  await runContactImport({ tuid, importId });
});
