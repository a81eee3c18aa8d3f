/**
 * Replies to our phone numbers (two-way SMS through SNS): an opt-out keyword unsubscribes the
 * number from campaign SMS. A redelivered reply changes nothing twice (functions/services/campaigns/inbound-sms.ts).
 */
import { createQueueWorker } from '../lib/worker.js';
import { ZInboundSmsMessage } from '../queues/inbound-sms.js';
import { processInboundSms } from '../services/campaigns/inbound-sms.js';

export const handler = createQueueWorker(ZInboundSmsMessage, (message) => processInboundSms(message, new Date()));
