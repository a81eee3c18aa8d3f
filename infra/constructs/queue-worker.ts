/**
 * The consumer of a work queue: its worker module, invoked by an SQS event source with partial
 * batch responses, so only the failed records of a batch come back (and end in the DLQ).
 */
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDefinition } from '../../functions/routes.js';
import { FUNCTION_ACCESS, type FunctionConfig } from './function-config.js';
import { HandlerFunction } from './handler-function.js';

export type QueueWorkerProps = {
  definition: QueueDefinition;
  queue: IQueue;
  entry: string;
  config: FunctionConfig;
};

export class QueueWorker extends Construct {
  readonly handler: HandlerFunction;

  constructor(scope: Construct, id: string, props: QueueWorkerProps) {
    super(scope, id);
    const { definition } = props;

    this.handler = new HandlerFunction(this, 'Handler', {
      entry: props.entry,
      description: `Worker of the ${definition.name} queue`,
      // The route table's visibility timeout is also the worker's limit: a message must not
      // reappear while its first delivery is still being processed.
      timeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      ephemeralStorageMiB: definition.ephemeralStorageMiB,
      config: props.config,
      capabilities: FUNCTION_ACCESS.workers[definition.name],
    });
    this.handler.function.addEventSource(
      new SqsEventSource(props.queue, { batchSize: definition.batchSize, reportBatchItemFailures: true }),
    );
  }
}
