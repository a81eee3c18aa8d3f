/** Sends campaign batches through their channel's transport (functions/services/campaigns/campaign-send/deliver.ts). */
import { createQueueWorker } from '../lib/worker.js';
import { ZCampaignDeliveryMessage } from '../queues/campaign-delivery.js';
import { QUEUES } from '../routes.js';
import { deliverBatch } from '../services/campaigns/campaign-send/deliver.js';

// A lease protects its batch as long as the batch that took it stays hidden on the queue.
const staleAfterMs = (QUEUES.find((queue) => queue.name === 'campaign-delivery')?.visibilityTimeoutSeconds ?? 120) * 1000;

export const handler = createQueueWorker(ZCampaignDeliveryMessage, (message) => deliverBatch({ message, staleAfterMs }));
