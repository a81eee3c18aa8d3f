import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, SCHEDULES } from '../../functions/routes.js';
import { pascalCase } from '../../infra/constructs/naming.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription, resourcesOfType } from './support/template.js';

let messaging: Template;
let workers: Template;

beforeAll(() => {
  const platform = createTestPlatform();
  messaging = Template.fromStack(platform.messaging);
  workers = Template.fromStack(platform.workers);
}, SYNTH_TIMEOUT_MS);

describe('work queues', () => {
  it('gives every queue a dead-letter queue after its declared number of receives', () => {
    // Prepare
    const queues = resourcesOfType(messaging, 'AWS::SQS::Queue');

    for (const definition of QUEUES) {
      // Act
      const queueId = Object.keys(queues).find((id) => id.startsWith(`${pascalCase(definition.name)}Queue`));
      const queue = queueId ? queues[queueId].Properties : undefined;
      const redrive = queue?.RedrivePolicy as { maxReceiveCount: number; deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } };
      const deadLetterQueueId = redrive.deadLetterTargetArn['Fn::GetAtt'][0];

      // Assess
      expect(queue?.VisibilityTimeout, definition.name).toBe(definition.visibilityTimeoutSeconds);
      expect(redrive.maxReceiveCount, definition.name).toBe(definition.maxReceiveCount);
      expect(deadLetterQueueId, definition.name).toMatch(new RegExp(`^${pascalCase(definition.name)}DeadLetterQueue`));
      expect(queues[deadLetterQueueId].Properties?.MessageRetentionPeriod, definition.name).toBe(14 * 24 * 3600);
    }
    expect(Object.keys(queues)).toHaveLength(QUEUES.length * 2);
  });

  it('alarms as soon as one message waits in a dead-letter queue', () => {
    // Assess
    messaging.resourceCountIs('AWS::CloudWatch::Alarm', QUEUES.length);
    messaging.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
  });

  it('accepts only TLS requests on every queue', () => {
    // Act
    const policies = Object.values(resourcesOfType(messaging, 'AWS::SQS::QueuePolicy'));

    // Assess
    expect(policies).toHaveLength(QUEUES.length * 2);
    for (const policy of policies) expect(JSON.stringify(policy.Properties?.PolicyDocument)).toContain('{"aws:SecureTransport":"false"}');
  });
});

describe('queue workers', () => {
  it('consumes every queue in batches with partial batch failures, with the /tmp each worker needs', () => {
    // Assess
    workers.resourceCountIs('AWS::Lambda::EventSourceMapping', QUEUES.length);
    for (const definition of QUEUES) {
      const [functionId, properties] = functionByDescription(workers, `Worker of the ${definition.name} queue`);
      expect(properties.Timeout).toBe(definition.visibilityTimeoutSeconds);
      expect(properties.EphemeralStorage, definition.name).toEqual(definition.ephemeralStorageMiB === undefined ? undefined : { Size: definition.ephemeralStorageMiB });
      workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: functionId },
        BatchSize: definition.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
  });
});

describe('scheduled jobs', () => {
  it('runs every schedule on its cron in its own time zone, invoking its job', () => {
    // Assess
    workers.resourceCountIs('AWS::Scheduler::Schedule', SCHEDULES.length);
    for (const definition of SCHEDULES) {
      const [functionId] = functionByDescription(workers, `Scheduled job ${definition.job}`);
      workers.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: `cron(${definition.cron.minute} ${definition.cron.hour} * * ? *)`,
        ScheduleExpressionTimezone: definition.timeZone,
        State: 'ENABLED',
        Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }),
      });
    }
  });

  it('hands the job a ScheduledEvent-shaped payload naming the job and the run', () => {
    // Act
    const [schedule] = Object.values(resourcesOfType(workers, 'AWS::Scheduler::Schedule'));
    const input = JSON.stringify((schedule.Properties?.Target as { Input: unknown }).Input);

    // Assess
    for (const fragment of ['\\"detail-type\\":\\"Scheduled Event\\"', '<aws.scheduler.execution-id>', '<aws.scheduler.scheduled-time>', `\\"job\\":\\"${SCHEDULES[0].job}\\"`]) {
      expect(input).toContain(fragment);
    }
  });
});
