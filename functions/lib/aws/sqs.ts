import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { once } from './clients.js';

export function sqsClient(): SQSClient {
  return once('sqs', () => new SQSClient({}));
}

/** Puts one message on a queue. */
export async function sendQueueMessage(queueUrl: string, body: string): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
}

/** What SendMessageBatch takes at most in one call. */
export const SEND_BATCH_LIMIT = 10;

/**
 * Puts messages on a queue, 10 to a call; entries the queue refused are sent again (a bounded
 * number of times), so a caller's checkpoint never passes a message that was not stored.
 */
export async function sendQueueMessages(queueUrl: string, messages: ReadonlyArray<{ body: string; delaySeconds?: number }>): Promise<void> {
  for (let start = 0; start < messages.length; start += SEND_BATCH_LIMIT) {
    let entries = messages.slice(start, start + SEND_BATCH_LIMIT).map((message, index) => ({
      Id: String(index),
      MessageBody: message.body,
      DelaySeconds: message.delaySeconds,
    }));
    for (let attempt = 1; entries.length > 0; attempt += 1) {
      const answer = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: entries }));
      const failed = new Set((answer.Failed ?? []).map((failure) => failure.Id));
      entries = entries.filter((entry) => failed.has(entry.Id));
      if (entries.length > 0 && attempt >= 5) throw new Error(`queue refused ${entries.length} messages: ${JSON.stringify(answer.Failed)}`);
      if (entries.length > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}
