import { SQSClient } from '@aws-sdk/client-sqs';
import { once } from './clients.js';

export function sqsClient(): SQSClient {
  return once('sqs', () => new SQSClient({}));
}
