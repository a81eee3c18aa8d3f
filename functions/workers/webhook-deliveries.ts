/**
 * Delivers webhook events to the accounts' endpoints, one signed attempt per message; failures go
 * back on the queue with growing delays (functions/services/webhooks/deliveries.ts).
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZWebhookDeliveryMessage } from '../queues/webhook-deliveries.js';
import { attemptWebhookDelivery } from '../services/webhooks/deliveries.js';

export const handler = createQueueWorker(ZWebhookDeliveryMessage, async (message) => {
  await attemptWebhookDelivery(message, new Date());
});
