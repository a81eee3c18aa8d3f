/**
 * Back-office functions: the consumer of every work queue and every scheduled job of the route table.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { QUEUES, SCHEDULES, type QueueName } from '../../functions/routes.js';
import type { FunctionConfig } from '../constructs/function-config.js';
import type { EntryResolver } from '../constructs/handler-entry.js';
import { pascalCase } from '../constructs/naming.js';
import { QueueWorker } from '../constructs/queue-worker.js';
import { ScheduledJob } from '../constructs/scheduled-job.js';

export type WorkersStackProps = StackProps & {
  queues: ReadonlyMap<QueueName, IQueue>;
  config: FunctionConfig;
  entryResolver: EntryResolver;
};

export class WorkersStack extends Stack {
  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);

    for (const definition of QUEUES) {
      const queue = props.queues.get(definition.name);
      if (!queue) throw new Error(`No queue for "${definition.name}": MessagingStack creates one per QUEUES entry`);
      new QueueWorker(this, `${pascalCase(definition.worker)}Worker`, {
        definition,
        queue,
        entry: props.entryResolver({ kind: 'worker', name: definition.worker }),
        config: props.config,
      });
    }

    for (const definition of SCHEDULES) {
      new ScheduledJob(this, `${pascalCase(definition.name)}Job`, {
        definition,
        entry: props.entryResolver({ kind: 'worker', name: definition.job }),
        config: props.config,
      });
    }
  }
}
