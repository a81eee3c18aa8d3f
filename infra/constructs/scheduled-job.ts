/**
 * A scheduled job of the route table: its worker module, invoked by EventBridge Scheduler on a
 * cron evaluated in the schedule's own time zone (so 03:10 stays 03:10 in Hong Kong).
 */
import { Aws, Duration, TimeZone } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import type { ScheduleDefinition } from '../../functions/routes.js';
import { jobAccess, type FunctionConfig } from './function-config.js';
import { HandlerFunction } from './handler-function.js';
import { acknowledgeWildcardResource } from './nag.js';

/** Daily jobs page through accounts in batches; five minutes leaves room to finish. */
const JOB_TIMEOUT = Duration.minutes(5);

export type ScheduledJobProps = {
  definition: ScheduleDefinition;
  entry: string;
  config: FunctionConfig;
};

/**
 * The payload a job receives: the shape of an EventBridge `ScheduledEvent` (typed in aws-lambda),
 * with the run's execution id as `id` and its scheduled time as `time`, so a retried run is
 * recognisable and the job stays idempotent.
 */
export function scheduledEventInput(definition: ScheduleDefinition): Record<string, unknown> {
  return {
    version: '0',
    id: ContextAttribute.executionId,
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: Aws.ACCOUNT_ID,
    time: ContextAttribute.scheduledTime,
    region: Aws.REGION,
    resources: [ContextAttribute.scheduleArn],
    detail: { schedule: definition.name, job: definition.job },
  };
}

export class ScheduledJob extends Construct {
  readonly handler: HandlerFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: ScheduledJobProps) {
    super(scope, id);
    const { definition } = props;

    this.handler = new HandlerFunction(this, 'Handler', {
      entry: props.entry,
      description: `Scheduled job ${definition.job}`,
      timeout: JOB_TIMEOUT,
      config: props.config,
      capabilities: jobAccess(definition.job),
    });

    // Our own role (rather than the target's shared one) so its one wildcard is acknowledged here.
    const invokeRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }),
    });
    this.schedule = new Schedule(this, 'Schedule', {
      description: `${definition.name}: ${definition.cron.minute} ${definition.cron.hour} * * * in ${definition.timeZone}`,
      schedule: ScheduleExpression.cron({ ...definition.cron, timeZone: TimeZone.of(definition.timeZone) }),
      target: new LambdaInvoke(this.handler.function, { role: invokeRole, input: ScheduleTargetInput.fromObject(scheduledEventInput(definition)) }),
    });
    acknowledgeWildcardResource(
      invokeRole,
      `${this.handler.function.functionArn}:*`,
      'lambda:InvokeFunction on versions and aliases of this one function, as CDK grants invoke.',
    );
  }
}
