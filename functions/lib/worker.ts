/**
 * The shape of every SQS worker: Powertools' BatchProcessor with partial batch responses, so one
 * bad record is retried (and ends in the dead-letter queue) without redelivering the others; each
 * record body is parsed with a zod schema before the worker's own function sees it.
 */
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from 'zod';
import { withCorrelationIds } from './logger.js';

export function createQueueWorker<S extends z.ZodType>(
  schema: S,
  /** `context` is the invocation's: a long job reads its time left from it. */
  processRecord: (body: z.output<S>, record: SQSRecord, context: Context) => Promise<void>,
): (event: SQSEvent, context: Context) => Promise<SQSBatchResponse> {
  // A processor per invocation: one keeps its batch's records and failures in fields, which
  // concurrent invocations in one process (the local host's poller, the benches) would share.
  return (event, context) =>
    processPartialResponse(
      event,
      (record: SQSRecord) =>
        withCorrelationIds({ correlation_id: record.messageId }, async () => {
          const body = schema.parse(JSON.parse(record.body));
          await processRecord(body, record, context);
        }),
      new BatchProcessor(EventType.SQS),
      { context, throwOnFullBatchFailure: false },
    );
}
