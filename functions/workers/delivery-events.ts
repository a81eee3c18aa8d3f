/**
 * Records delivery events (SES, and End User Messaging SMS/MMS, through SNS) and tracking events
 * (the public links) in campaign reports and suppresses hard-bounced, complaining and unsubscribed
 * addresses and numbers. A redelivered
 * message changes nothing twice (functions/services/campaigns/delivery-events.ts).
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZDeliveryEventMessage } from '../queues/delivery-events.js';
import { processDeliveryEvent } from '../services/campaigns/delivery-events.js';

export const handler = createQueueWorker(ZDeliveryEventMessage, (message) => processDeliveryEvent(message, new Date()));
