/**
 * The inbound-sms queue's message: a reply to one of our numbers (End User Messaging two-way SMS)
 * in the SNS envelope, read by functions/workers/inbound-sms.ts. In AWS only SNS sends to it.
 */
import { sendQueueMessage } from '../lib/aws/sqs.js';
import { config } from '../lib/config.js';
import { ZSnsEnvelope } from '../lib/sns-envelope.js';

export const ZInboundSmsMessage = ZSnsEnvelope;

/** Queues a reply as SNS would (the local sink stands in for it): the envelope is sent as it is, checked against what the worker reads. */
export async function enqueueInboundSmsNotification(envelope: string): Promise<void> {
  const queueUrl = config().QUEUE_URL_INBOUND_SMS;
  if (!queueUrl) throw new Error('QUEUE_URL_INBOUND_SMS must be set for the sink to take SMS replies');
  ZInboundSmsMessage.parse(JSON.parse(envelope));
  await sendQueueMessage(queueUrl, envelope);
}
