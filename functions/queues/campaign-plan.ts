/**
 * The campaign-plan queue's message: one run of one campaign. A send (first run) or a recovery
 * (a stopped campaign sent to the recipients it did not reach yet) is planned by the planner
 * worker (functions/workers/campaign-plan.ts); the run id makes a message for an older run a no-op.
 */
import { z } from 'zod';
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';

export const ZCampaignPlanMessage = z.object({
  tuid: z.string().min(1),
  campaignId: z.string().min(1),
  runId: z.string().min(1),
  kind: z.enum(['send', 'recover']),
});
export type TCampaignPlanMessage = z.infer<typeof ZCampaignPlanMessage>;

export async function enqueueCampaignPlan(message: TCampaignPlanMessage): Promise<void> {
  await sendQueueMessage(config().QUEUE_URL_CAMPAIGN_PLAN, JSON.stringify(ZCampaignPlanMessage.parse(message)));
}
