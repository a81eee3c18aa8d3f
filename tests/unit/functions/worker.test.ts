import type { Context, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueueWorker } from '../../../functions/lib/worker.js';
import { sqsRecord } from '../../helpers/sqs-records.js';

describe('createQueueWorker', () => {
  it('answers each of two batches invoked at once with its own failures (the local poller runs batches concurrently)', async () => {
    // Prepare: batch A's first record fails at once, its second finishes only once batch B has started.
    let startB!: () => void;
    const bStarted = new Promise<void>((resolve) => (startB = resolve));
    const worker = createQueueWorker(z.object({ fail: z.boolean(), waitFor: z.string().optional() }), async (body) => {
      if (body.waitFor === 'b') await bStarted;
      if (body.fail) throw new Error('record failed');
    });
    const batchA: SQSEvent = { Records: [sqsRecord('a-1', JSON.stringify({ fail: true })), sqsRecord('a-2', JSON.stringify({ fail: false, waitFor: 'b' }))] };
    const batchB: SQSEvent = { Records: [sqsRecord('b-1', JSON.stringify({ fail: false }))] };

    // Act
    const answerA = worker(batchA, {} as Context);
    const answerB = worker(batchB, {} as Context);
    startB();

    // Assess
    expect(await answerA).toEqual({ batchItemFailures: [{ itemIdentifier: 'a-1' }] });
    expect(await answerB).toEqual({ batchItemFailures: [] });
  });
});
