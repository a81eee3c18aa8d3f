/**
 * A queue of the route table with its dead-letter queue and the alarm operators watch: a message
 * received maxReceiveCount times without success moves to the DLQ, and any message there alarms.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDefinition } from '../../functions/routes.js';

/** SQS's maximum, so a poison message can be inspected and redriven for two weeks. */
const DEAD_LETTER_RETENTION = Duration.days(14);

export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deadLetterAlarm: Alarm;

  constructor(scope: Construct, id: string, definition: QueueDefinition) {
    super(scope, id);

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', { enforceSSL: true, retentionPeriod: DEAD_LETTER_RETENTION });
    this.queue = new Queue(this, 'Queue', {
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
    });

    this.deadLetterAlarm = new Alarm(this, 'DeadLetterAlarm', {
      alarmDescription: `Messages of ${definition.name} failed ${definition.maxReceiveCount} times and wait in its dead-letter queue`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
