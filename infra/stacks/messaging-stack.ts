/**
 * The work queues of the route table, each with its dead-letter queue and alarm. They live apart
 * from their workers because every function, producer or consumer, names the queue URLs in its
 * environment, so the queues must exist before any function.
 *
 * Campaign mail's events come back the same way: an SES configuration set publishes send,
 * delivery, bounce, complaint and reject events to an SNS topic, whose subscription (without raw
 * message delivery, so the SNS envelope arrives as the worker expects) feeds the delivery-events queue.
 * Campaign SMS and MMS receipts take the same path: an End User Messaging configuration set's SNS
 * event destination publishes its TEXT_* and MEDIA_* events to the same topic. Replies to our phone
 * numbers (two-way SMS) arrive on a topic of their own, which feeds the inbound-sms queue.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { CfnConfigurationSet } from 'aws-cdk-lib/aws-smsvoice';
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

/**
 * The End User Messaging events the delivery-events worker reads: the final outcomes of SMS and
 * MMS (not queued, pending or sent, which say nothing the report shows).
 */
export const CAMPAIGN_SMS_EVENTS = [
  ...['DELIVERED', 'SUCCESSFUL', 'BLOCKED', 'CARRIER_BLOCKED', 'CARRIER_UNREACHABLE', 'INVALID', 'INVALID_MESSAGE', 'SPAM', 'TTL_EXPIRED', 'UNKNOWN', 'UNREACHABLE'].flatMap((status) => [`TEXT_${status}`, `MEDIA_${status}`]),
  'TEXT_PROTECT_BLOCKED',
  'MEDIA_FILE_INACCESSIBLE',
  'MEDIA_FILE_TYPE_UNSUPPORTED',
  'MEDIA_FILE_SIZE_EXCEEDED',
] as const;

const SMS_VOICE = new ServicePrincipal('sms-voice.amazonaws.com');

export class MessagingStack extends Stack {
  readonly queues: ReadonlyMap<QueueName, IQueue>;
  /** The configuration set campaign mail is sent with. */
  readonly campaignMailConfigurationSet: ConfigurationSet;
  /** The End User Messaging configuration set campaign SMS and MMS are sent with. */
  readonly campaignSmsConfigurationSetName: string;

  constructor(scope: Construct, id: string, props: StackProps = {}) {
    super(scope, id, props);
    const queues = new Map(QUEUES.map((definition) => [definition.name, new WorkQueue(this, pascalCase(definition.name), definition).queue]));
    this.queues = queues;

    // SES and End User Messaging publish to an encrypted topic only with a customer managed key they may use.
    const eventsKey = new Key(this, 'CampaignMailEventsKey', { enableKeyRotation: true, description: 'Encrypts the campaign mail events topic' });
    eventsKey.grant(new ServicePrincipal('ses.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    eventsKey.grant(SMS_VOICE, 'kms:GenerateDataKey*', 'kms:Decrypt');
    const eventsTopic = new Topic(this, 'CampaignMailEvents', { enforceSSL: true, masterKey: eventsKey });
    const deliveryEvents = queues.get('delivery-events');
    if (!deliveryEvents) throw new Error('QUEUES has no delivery-events queue');
    eventsTopic.addSubscription(new SqsSubscription(deliveryEvents, { rawMessageDelivery: false }));

    this.campaignMailConfigurationSet = new ConfigurationSet(this, 'CampaignMail', { reputationMetrics: true, sendingEnabled: true });
    this.campaignMailConfigurationSet.addEventDestination('ToDeliveryEvents', {
      destination: EventDestination.snsTopic(eventsTopic),
      events: [...CAMPAIGN_MAIL_EVENTS],
    });

    allowSmsVoiceToPublish(this, eventsTopic);
    const smsConfigurationSet = new CfnConfigurationSet(this, 'CampaignSms', {
      eventDestinations: [
        { eventDestinationName: 'ToDeliveryEvents', enabled: true, matchingEventTypes: [...CAMPAIGN_SMS_EVENTS], snsDestination: { topicArn: eventsTopic.topicArn } },
      ],
    });
    // End User Messaging checks at creation that it may publish to the topic.
    smsConfigurationSet.node.addDependency(eventsTopic);
    this.campaignSmsConfigurationSetName = smsConfigurationSet.ref;

    const inboundKey = new Key(this, 'SmsRepliesKey', { enableKeyRotation: true, description: 'Encrypts the SMS replies topic' });
    inboundKey.grant(SMS_VOICE, 'kms:GenerateDataKey*', 'kms:Decrypt');
    const inboundTopic = new Topic(this, 'SmsReplies', { enforceSSL: true, masterKey: inboundKey });
    allowSmsVoiceToPublish(this, inboundTopic);
    const inboundQueue = queues.get('inbound-sms');
    if (!inboundQueue) throw new Error('QUEUES has no inbound-sms queue');
    inboundTopic.addSubscription(new SqsSubscription(inboundQueue, { rawMessageDelivery: false }));
    // Phone numbers are provisioned outside these stacks; each two-way number names this topic as its two-way channel.
    new CfnOutput(this, 'SmsRepliesTopicArn', { value: inboundTopic.topicArn, description: 'Two-way channel of the phone numbers that take SMS replies (STOP)' });
  }
}

/** End User Messaging may publish to the topic on behalf of this account only. */
function allowSmsVoiceToPublish(stack: Stack, topic: Topic): void {
  topic.addToResourcePolicy(
    new PolicyStatement({
      actions: ['sns:Publish'],
      principals: [SMS_VOICE],
      resources: [topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
}
