import type { Context, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { logger, withCorrelationIds } from '../../../functions/lib/logger.js';
import { createQueueWorker } from '../../../functions/lib/worker.js';
import { sqsRecord } from '../../helpers/sqs-records.js';

/** The JSON lines the logger wrote to stdout (where Lambda's log agent reads them). */
function captureStdout(): { lines: () => Record<string, unknown>[] } {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  return { lines: () => write.mock.calls.map(([chunk]) => JSON.parse(String(chunk))) };
}

describe('the logger', () => {
  const format = process.env.LOG_FORMAT;
  beforeEach(() => {
    process.env.LOG_FORMAT = 'json';
  });
  afterEach(() => {
    process.env.LOG_FORMAT = format;
    vi.restoreAllMocks();
  });

  it('writes one JSON line with the service, the message, its keys and the correlation id', () => {
    // Prepare
    const stdout = captureStdout();
    // Act
    withCorrelationIds({ correlation_id: 'request-1' }, () => logger.info('campaign purge', { purged: 2 }));
    // Assess
    expect(stdout.lines()).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'campaign purge', service: 'campaign-platform', correlation_id: 'request-1', purged: 2 }),
    ]);
  });

  it('keeps each concurrent invocation’s id on its own lines', async () => {
    // Prepare
    const stdout = captureStdout();
    const invocation = (id: string) =>
      withCorrelationIds({ correlation_id: id }, async () => {
        await new Promise((resolve) => setTimeout(resolve, id === 'first' ? 20 : 0));
        logger.info(`done ${id}`);
      });
    // Act
    await Promise.all([invocation('first'), invocation('second')]);
    // Assess
    expect(stdout.lines().map((line) => [line.message, line.correlation_id])).toEqual([
      ['done second', 'second'],
      ['done first', 'first'],
    ]);
  });

  it('tags what a queue worker logs with the SQS message id', async () => {
    // Prepare
    const stdout = captureStdout();
    const worker = createQueueWorker(z.object({}), async () => logger.info('record handled'));
    const event: SQSEvent = { Records: [sqsRecord('message-1'), sqsRecord('message-2')] };
    // Act
    await worker(event, {} as Context);
    // Assess
    expect(stdout.lines().map((line) => line.correlation_id).sort()).toEqual(['message-1', 'message-2']);
  });

  it('writes a readable line with the time, level, message, ids and the error’s stack when LOG_FORMAT=readable', () => {
    // Prepare
    process.env.LOG_FORMAT = 'readable';
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Act
    withCorrelationIds({ correlation_id: 'request-2', connection_id: 'conn-1' }, () => logger.error('request failed', { routeKey: 'GET /config', error: new Error('boom') }));
    // Assess
    const [line] = consoleError.mock.calls.map(([text]) => String(text));
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR request failed correlation_id=request-2 connection_id=conn-1 routeKey=GET \/config\n {4}Error: boom\n {8}at /);
  });
});
