/**
 * A webhook-deliveries worker that does nothing but count what it is handed: the webhook-delivery
 * bench measures the queue's ceiling through the same poller with it.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export const handled = { records: 0 };

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  handled.records += event.Records.length;
  return { batchItemFailures: [] };
}
