/**
 * The outbound-mail queue's message: one transactional mail under an idempotency key, sent by
 * functions/workers/outbound-mail.ts at most once however often SQS delivers it.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZOutboundMailMessage = z.object({
  /** Idempotency key: a redelivered message with the same id is sent once. */
  id: z.string().min(1),
  message: z.object({
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
    tags: z.record(z.string(), z.string()).optional(),
  }),
});
export type TOutboundMailMessage = z.infer<typeof ZOutboundMailMessage>;

/**
 * Queues one mail under a new idempotency key and answers the key. Not parsed here: an address
 * sign-up accepts may still fail zod's stricter email check, and that must not fail the request
 * that asked for the mail (the worker refuses it instead).
 */
export async function enqueueMail(mail: TOutboundMailMessage['message']): Promise<string> {
  const id = randomUUID();
  const body: TOutboundMailMessage = { id, message: mail };
  await sendQueueMessage(config().QUEUE_URL_OUTBOUND_MAIL, JSON.stringify(body));
  return id;
}
