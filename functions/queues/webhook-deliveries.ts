/**
 * The webhook-deliveries queue's message: one attempt of one event's delivery to one endpoint,
 * carrying the body as signed (so a retry sends the same bytes without a read) and when it is due.
 * Consumed by functions/workers/webhook-deliveries.ts.
 */
import { z } from 'zod';
import { MAX_QUEUE_DELAY_S } from '../../shared/domain/campaign-send.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks.js';
import { SEND_BATCH_LIMIT, sendQueueMessages, type QueueMessage } from '../lib/aws/sqs.js';
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

/** SendMessageBatch calls one container keeps in flight on this queue; attempts queued meanwhile wait and ride together. */
const SEND_CALLS_IN_FLIGHT = 4;

type WaitingSend = { queueUrl: string; entries: QueueMessage[]; settle: (error?: unknown) => void };
const waitingSends: WaitingSend[] = [];
let sendCallsInFlight = 0;

/** Starts calls while fewer than SEND_CALLS_IN_FLIGHT are under way, each carrying as many waiting callers as fit in one batch. */
function sendWaiting(): void {
  while (sendCallsInFlight < SEND_CALLS_IN_FLIGHT && waitingSends.length > 0) {
    const group = [waitingSends.shift()!];
    let size = group[0]!.entries.length;
    for (let next = waitingSends[0]; next && next.queueUrl === group[0]!.queueUrl && size + next.entries.length <= SEND_BATCH_LIMIT; next = waitingSends[0]) {
      group.push(waitingSends.shift()!);
      size += next.entries.length;
    }
    sendCallsInFlight += 1;
    void sendQueueMessages(group[0]!.queueUrl, group.flatMap((waiting) => waiting.entries))
      .then(
        () => group.forEach((waiting) => waiting.settle()),
        (error: unknown) => group.forEach((waiting) => waiting.settle(error ?? new Error('SendMessageBatch failed'))),
      )
      .finally(() => {
        sendCallsInFlight -= 1;
        sendWaiting();
      });
  }
}

/**
 * Queues attempts, each hidden until its time or for SQS's longest delay (15 minutes), whichever is
 * sooner; settles once they are stored. A container that queues many at once (a batch of delivery
 * events, a worker's retries) sends them 10 to a SendMessageBatch call instead of a call each: a
 * caller that finds the calls busy waits for one to finish and goes with the others waiting.
 */
export function enqueueWebhookDeliveries(messages: readonly TWebhookDeliveryMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return Promise.resolve();
  const entries = messages.map((message) => ({
    body: JSON.stringify(ZWebhookDeliveryMessage.parse(message)),
    delaySeconds: Math.min(MAX_QUEUE_DELAY_S, Math.max(0, Math.ceil((message.notBefore - now.getTime()) / 1000))),
  }));
  return new Promise((resolve, reject) => {
    waitingSends.push({ queueUrl: config().QUEUE_URL_WEBHOOK_DELIVERIES, entries, settle: (error) => (error === undefined ? resolve() : reject(error)) });
    sendWaiting();
  });
}
