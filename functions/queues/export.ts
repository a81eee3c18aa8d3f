/**
 * The export queue's message: one export job (contacts, or a campaign report's list), run by
 * functions/workers/export.ts; a redelivery for a finished job does nothing.
 */
import { z } from 'zod';
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZExportMessage = z.object({ tuid: z.string().min(1), exportId: z.string().min(1) });
export type TExportMessage = z.infer<typeof ZExportMessage>;

export async function enqueueExport(message: TExportMessage): Promise<void> {
  await sendQueueMessage(config().QUEUE_URL_EXPORT, JSON.stringify(ZExportMessage.parse(message)));
}
