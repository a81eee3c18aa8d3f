/** Plans campaign runs: recipients, credits, delivery batches (functions/services/campaign-send/plan.ts). */
import { createQueueWorker } from '../lib/worker.js';
import { planCampaignRun } from '../services/campaign-send/plan.js';
import { ZCampaignPlanMessage } from '../services/campaign-send/plan-queue.js';

export const handler = createQueueWorker(ZCampaignPlanMessage, (message) => planCampaignRun(message));
