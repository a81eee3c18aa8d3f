/**
 * Sends queued transactional mail through the configured transport, at most once per message id
 * even when SQS delivers a message twice.
 */
import { mailTransport } from '../channels/mail.js';
import { claimMailDelivery, markMailSent } from '../data/mail-deliveries.js';
import { createQueueWorker } from '../lib/worker.js';
import { QUEUES } from '../routes.js';
import { ZOutboundMail } from '../services/outbound-mail.js';

const visibilityTimeoutMs = (QUEUES.find((queue) => queue.name === 'outbound-mail')?.visibilityTimeoutSeconds ?? 60) * 1000;

export const handler = createQueueWorker(ZOutboundMail, async ({ id, message }) => {
  const claim = await claimMailDelivery(id, new Date(), visibilityTimeoutMs);
  if (claim === 'sent') return;
  // Another worker is sending it right now: fail this record so SQS retries it later.
  if (claim === 'busy') throw new Error(`mail ${id} is being sent by another worker`);
  const { messageId } = await mailTransport().send(message);
  await markMailSent(id, messageId);
});
