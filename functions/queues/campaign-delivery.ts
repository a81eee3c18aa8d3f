/**
 * The campaign-delivery queue's message: one batch of one run's recipients (contact ids, at most
 * DELIVERY_BATCH_SIZE), its sequence number in the run, and the earliest time it may start (the
 * run's rate slot; 0 for at once). Consumed by functions/workers/campaign-delivery.ts.
 */
import { z } from 'zod';
import { DELIVERY_BATCH_SIZE, MAX_QUEUE_DELAY_S } from '../../shared/domain/campaign-send.js';
import { sendQueueMessages } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZCampaignDeliveryMessage = z.object({
  tuid: z.string().min(1),
  campaignId: z.string().min(1),
  runId: z.string().min(1),
  seq: z.number().int().nonnegative(),
  contactIds: z.array(z.number().int().positive()).min(1).max(DELIVERY_BATCH_SIZE),
  notBefore: z.number().int().nonnegative(),
});
export type TCampaignDeliveryMessage = z.infer<typeof ZCampaignDeliveryMessage>;

/** Puts batches on the queue, each hidden until shortly before its slot (SQS delays up to 15 minutes). */
export async function enqueueDeliveryBatches(batches: readonly TCampaignDeliveryMessage[], now: number): Promise<void> {
  await sendQueueMessages(
    config().QUEUE_URL_CAMPAIGN_DELIVERY,
    batches.map((batch) => ({
      body: JSON.stringify(ZCampaignDeliveryMessage.parse(batch)),
      delaySeconds: Math.min(MAX_QUEUE_DELAY_S, Math.max(0, Math.floor((batch.notBefore - now) / 1000))),
    })),
  );
}
