/**
 * The work queues of the route table, each with its dead-letter queue and alarm. They live apart
 * from their workers because every function, producer or consumer, names the queue URLs in its
 * environment, so the queues must exist before any function.
 *
 * Campaign mail's events come back the same way: an SES configuration set publishes send,
 * delivery, bounce, complaint and reject events to an SNS topic, whose subscription (without raw
 * message delivery, so the SNS envelope arrives as the worker expects) feeds the delivery-events queue.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { SqsSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { QUEUES, type QueueName } from '../../functions/routes.js';
import { pascalCase } from '../constructs/naming.js';
import { WorkQueue } from '../constructs/work-queue.js';

/**
 * The SES events the delivery-events worker reads. Not Send (the pipeline records what it sent,
 * and it would double the events of every message) nor Open and Click (our own signed links
 * track them: SES's would count each twice).
 */
export const CAMPAIGN_MAIL_EVENTS = [
  EmailSendingEvent.DELIVERY,
  EmailSendingEvent.BOUNCE,
  EmailSendingEvent.COMPLAINT,
  EmailSendingEvent.REJECT,
] as const;

export class MessagingStack extends Stack {
  readonly queues: ReadonlyMap<QueueName, IQueue>;
  /** The configuration set campaign mail is sent with. */
  readonly campaignMailConfigurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const queues = new Map(QUEUES.map((definition) => [definition.name, new WorkQueue(this, pascalCase(definition.name), definition).queue]));
    this.queues = queues;

    // SES publishes to an encrypted topic only with a customer managed key it may use.
    const eventsKey = new Key(this, 'CampaignMailEventsKey', { enableKeyRotation: true, description: 'Encrypts the campaign mail events topic' });
    eventsKey.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    const eventsTopic = new Topic(this, 'CampaignMailEvents', { enforceSSL: true, masterKey: eventsKey });
    const deliveryEvents = queues.get('delivery-events');
    if (!deliveryEvents) throw new Error('QUEUES has no delivery-events queue');
    eventsTopic.addSubscription(new SqsSubscription(deliveryEvents, { rawMessageDelivery: false }));

    this.campaignMailConfigurationSet = new ConfigurationSet(this, 'CampaignMail', { reputationMetrics: true, sendingEnabled: true });
    this.campaignMailConfigurationSet.addEventDestination('ToDeliveryEvents', {
      destination: EventDestination.snsTopic(eventsTopic),
      events: [...CAMPAIGN_MAIL_EVENTS],
    });
  }
}
