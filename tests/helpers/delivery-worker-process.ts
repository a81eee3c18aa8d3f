/**
 * The campaign-delivery worker in a process of its own, as its Lambda runs: it handles the
 * delivery messages in DELIVERY_MESSAGES (a JSON array) as one SQS event and exits. The table, queues and sink come from the
 * environment the test gives it (its embedded emulators), so a test can SIGKILL it mid-send.
 */
import type { SQSEvent } from 'aws-lambda';
import { QUEUES } from '../../functions/routes.js';
import { handler } from '../../functions/workers/campaign-delivery.js';
import { lambdaContext } from '../../infra/local/lambda-runtime.js';

const bodies = JSON.parse(process.env.DELIVERY_MESSAGES ?? '[]') as unknown[];
if (bodies.length === 0) throw new Error('DELIVERY_MESSAGES is not set');
const queue = QUEUES.find((candidate) => candidate.name === 'campaign-delivery')!;
const event: SQSEvent = {
  Records: bodies.map((body, index) => ({
    messageId: `message-${index}`,
    receiptHandle: `message-${index}`,
    body: JSON.stringify(body),
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()), SenderId: 'test', ApproximateFirstReceiveTimestamp: String(Date.now()) },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:campaign-delivery',
    awsRegion: 'us-east-1',
  })),
};
const answer = await handler(event, lambdaContext(queue.worker, queue.visibilityTimeoutSeconds * 1000));
process.exitCode = answer.batchItemFailures.length > 0 ? 1 : 0;
