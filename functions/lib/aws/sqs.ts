import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { once } from './clients.js';

export function sqsClient(): SQSClient {
  return once('sqs', () => new SQSClient({}));
}

/** Puts one message on a queue. */
export async function sendQueueMessage(queueUrl: string, body: string): Promise<void> {
  await sqsClient().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body }));
}
