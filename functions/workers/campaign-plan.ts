/** Plans campaign runs: recipients, credits, delivery batches (functions/services/campaigns/campaign-send/plan.ts). */
import { createQueueWorker } from '../lib/worker.js';
import { ZCampaignPlanMessage } from '../queues/campaign-plan.js';
import { planCampaignRun } from '../services/campaigns/campaign-send/plan.js';

export const handler = createQueueWorker(ZCampaignPlanMessage, (message) => planCampaignRun(message));
