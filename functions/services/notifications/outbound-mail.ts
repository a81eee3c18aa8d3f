/**
 * Transactional mail goes through the outbound-mail queue (functions/queues/outbound-mail.ts), so
 * a slow or failing transport never fails the API call that asked for the mail, and a failed send
 * is retried. Sending claims the message's id first, so SQS delivering it twice sends it once.
 */
import { mailTransport } from '../../channels/mail.js';
import { claimMailDelivery, markMailSent } from '../../data/mail-deliveries.js';
import type { TOutboundMailMessage } from '../../queues/outbound-mail.js';

/**
 * Sends one queued mail unless it was sent already. `claimMs` is how long the claim keeps other
 * workers off it: the queue's visibility timeout, after which SQS hands the message out again.
 */
export async function sendQueuedMail(options: { mail: TOutboundMailMessage; now: Date; claimMs: number }): Promise<void> {
  const { id, message } = options.mail;
  const claim = await claimMailDelivery(id, options.now, options.claimMs);
  if (claim === 'sent') return;
  // Another worker is sending it right now: fail this record so SQS retries it later.
  if (claim === 'busy') throw new Error(`mail ${id} is being sent by another worker`);
  const { messageId } = await mailTransport().send(message);
  await markMailSent(id, messageId);
}
