/**
 * Transactional mail goes through the outbound-mail queue, so a slow or failing transport never
 * fails the API call that asked for the mail, and a failed send is retried.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { MailMessage } from '../channels/mail.js';
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZOutboundMail = z.object({
  /** Idempotency key: a redelivered message with the same id is sent once. */
  id: z.string().min(1),
  message: z.object({
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
});
export type TOutboundMail = z.infer<typeof ZOutboundMail>;

export async function enqueueMail(message: MailMessage): Promise<string> {
  const id = randomUUID();
  const body: TOutboundMail = { id, message };
  await sendQueueMessage(config().QUEUE_URL_OUTBOUND_MAIL, JSON.stringify(body));
  return id;
}
