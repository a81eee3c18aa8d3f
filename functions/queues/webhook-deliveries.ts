/**
 * The webhook-deliveries queue's message: one attempt of one event's delivery to one endpoint,
 * carrying the body as signed (so a retry sends the same bytes without a read) and when it is due.
 * Consumed by functions/workers/webhook-deliveries.ts.
 */
import { z } from 'zod';
import { MAX_QUEUE_DELAY_S } from '../../shared/domain/campaign-send.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks.js';
import { sendQueueMessages } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZWebhookDeliveryMessage = z.object({
  tuid: z.string().min(1),
  endpointId: z.string().min(1),
  deliveryId: z.string().min(1),
  eventId: z.string().min(1),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  body: z.string(),
  /** When the event happened (ISO): the 24 hours of retries count from it. */
  createdAt: z.iso.datetime(),
  /** This attempt's number, 1 for the first. */
  attempt: z.number().int().min(1),
  /** Epoch ms before which the attempt is not made (a retry's back-off); 0 for at once. */
  notBefore: z.number().int().nonnegative(),
});
export type TWebhookDeliveryMessage = z.infer<typeof ZWebhookDeliveryMessage>;

/** Queues attempts, each hidden until its time or for SQS's longest delay (15 minutes), whichever is sooner. */
export async function enqueueWebhookDeliveries(messages: readonly TWebhookDeliveryMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await sendQueueMessages(
    config().QUEUE_URL_WEBHOOK_DELIVERIES,
    messages.map((message) => ({
      body: JSON.stringify(ZWebhookDeliveryMessage.parse(message)),
      delaySeconds: Math.min(MAX_QUEUE_DELAY_S, Math.max(0, Math.ceil((message.notBefore - now.getTime()) / 1000))),
    })),
  );
}
