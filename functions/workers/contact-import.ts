/**
 * Runs contact imports (spec §4 Import). One message per import; a redelivered message resumes at
 * the import's checkpoint (functions/services/imports/contact-import.ts), so nothing is done twice.
 * A run whose invocation is running out of time sends the import's message again and ends: a
 * fresh invocation continues from the checkpoint at once, instead of this one being stopped at
 * the limit and the message waiting out its visibility timeout (and counting towards the DLQ).
 */
import { createQueueWorker } from '../lib/worker.js';
import { enqueueContactImport, ZContactImportMessage } from '../queues/contact-import.js';
import { runContactImport } from '../services/imports/contact-import.js';

export const handler = createQueueWorker(ZContactImportMessage, async (message, _record, context) => {
  const ended = await runContactImport({ ...message, remainingMs: () => context.getRemainingTimeInMillis() });
  if (ended === 'continues') await enqueueContactImport(message);
});
