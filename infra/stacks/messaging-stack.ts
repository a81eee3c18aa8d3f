/**
 * The work queues of the route table, each with its dead-letter queue and alarm. They live apart
 * from their workers because every function, producer or consumer, names the queue URLs in its
 * environment, so the queues must exist before any function.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import { pascalCase } from '../constructs/naming.js';
import { WorkQueue } from '../constructs/work-queue.js';

export class MessagingStack extends Stack {
  readonly queues: ReadonlyMap<QueueName, IQueue>;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    this.queues = new Map(QUEUES.map((definition) => [definition.name, new WorkQueue(this, pascalCase(definition.name), definition).queue]));
  }
}

