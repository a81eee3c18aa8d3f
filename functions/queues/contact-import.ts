/**
 * The contact-import queue's message: one import job, run by functions/workers/contact-import.ts;
 * a redelivery resumes at the job's checkpoint.
 */
import { z } from 'zod';
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZContactImportMessage = z.object({ tuid: z.string().min(1), importId: z.string().min(1) });
export type TContactImportMessage = z.infer<typeof ZContactImportMessage>;

export async function enqueueContactImport(message: TContactImportMessage): Promise<void> {
  await sendQueueMessage(config().QUEUE_URL_CONTACT_IMPORT, JSON.stringify(ZContactImportMessage.parse(message)));
}
