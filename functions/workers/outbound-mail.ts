/**
 * Sends queued transactional mail through the configured transport, at most once per message id
 * even when SQS delivers a message twice (functions/services/notifications/outbound-mail.ts).
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZOutboundMailMessage } from '../queues/outbound-mail.js';
import { QUEUES } from '../routes.js';
import { sendQueuedMail } from '../services/notifications/outbound-mail.js';

const visibilityTimeoutMs = (QUEUES.find((queue) => queue.name === 'outbound-mail')?.visibilityTimeoutSeconds ?? 60) * 1000;

export const handler = createQueueWorker(ZOutboundMailMessage, (mail) => sendQueuedMail({ mail, now: new Date(), claimMs: visibilityTimeoutMs }));
