import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { pascalCase } from '../../infra/constructs/naming.js';
import { CAMPAIGN_SMS_EVENTS } from '../../infra/stacks/messaging-stack.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription, resourcesOfType } from './support/template.js';

const MMS_POOL = 'pool-0123456789abcdef0123456789abcdef';

let messaging: Template;
let workers: Template;
let api: Template;

beforeAll(() => {
  const platform = createTestPlatform(undefined, { mmsOriginationIdentity: MMS_POOL });
  messaging = Template.fromStack(platform.messaging);
  workers = Template.fromStack(platform.workers);
  api = Template.fromStack(platform.api);
}, SYNTH_TIMEOUT_MS);

/** Logical id of the queue (not its dead-letter queue) of a QUEUES entry. */
function queueId(name: string): string | undefined {
  return Object.keys(resourcesOfType(messaging, 'AWS::SQS::Queue')).find((id) => id.startsWith(`${pascalCase(name)}Queue`));
}

/** The topic a subscription feeding the queue hangs off. */
function subscriptionTo(queue: string | undefined) {
  return Object.values(resourcesOfType(messaging, 'AWS::SNS::Subscription')).find(
    (subscription) => JSON.stringify(subscription.Properties?.Endpoint) === JSON.stringify({ 'Fn::GetAtt': [queue, 'Arn'] }),
  );
}

describe('campaign SMS events', () => {
  it('publishes the End User Messaging configuration set\'s final SMS and MMS outcomes to the delivery-events topic', () => {
    // Act
    const [configurationSet] = Object.values(resourcesOfType(messaging, 'AWS::SMSVOICE::ConfigurationSet'));
    const [destination] = configurationSet?.Properties?.EventDestinations as Array<Record<string, unknown>>;
    const deliveryEvents = subscriptionTo(queueId('delivery-events'));

    // Assess
    expect(destination).toMatchObject({ Enabled: true, SnsDestination: { TopicArn: deliveryEvents?.Properties?.TopicArn } });
    const types = destination?.MatchingEventTypes as string[];
    expect(types).toEqual([...CAMPAIGN_SMS_EVENTS]);
    expect(types).toEqual(expect.arrayContaining(['TEXT_DELIVERED', 'TEXT_SUCCESSFUL', 'TEXT_INVALID', 'MEDIA_DELIVERED', 'MEDIA_CARRIER_UNREACHABLE']));
    expect(types.some((type) => /_(QUEUED|PENDING|ALL)$/.test(type))).toBe(false);
  });

  it('lets End User Messaging publish to the encrypted topics for this account only', () => {
    // Assess
    messaging.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 'sns:Publish', Principal: { Service: 'sms-voice.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': Match.anyValue() } } }),
        ]),
      },
    });
    const keyPolicies = Object.values(resourcesOfType(messaging, 'AWS::KMS::Key')).map((key) => JSON.stringify(key.Properties?.KeyPolicy));
    expect(keyPolicies.filter((policy) => policy.includes('"sms-voice.amazonaws.com"'))).toHaveLength(2);
  });

  it('feeds replies (two-way SMS) to the inbound-sms queue in SNS envelopes', () => {
    // Act
    const subscription = subscriptionTo(queueId('inbound-sms'));

    // Assess
    expect(subscription?.Properties).toMatchObject({ Protocol: 'sqs' });
    expect(subscription?.Properties?.RawMessageDelivery ?? false).toBe(false);
    expect(subscription?.Properties?.TopicArn).not.toEqual(subscriptionTo(queueId('delivery-events'))?.Properties?.TopicArn);
    messaging.hasOutput('SmsRepliesTopicArn', { Value: subscription?.Properties?.TopicArn });
  });

  it('sends through End User Messaging with the configuration set, and has a worker for the replies', () => {
    // Act
    const [, delivery] = functionByDescription(workers, 'Worker of the campaign-delivery queue');
    const variables = (delivery.Environment as { Variables: Record<string, unknown> }).Variables;
    const [, inbound] = functionByDescription(workers, 'Worker of the inbound-sms queue');

    // Assess
    // One adapter everywhere: no variable chooses a transport.
    expect(variables.SMS_TRANSPORT).toBeUndefined();
    expect(JSON.stringify(variables.SMS_CONFIGURATION_SET)).toContain('CampaignSms');
    expect(variables.QUEUE_URL_INBOUND_SMS).toBeUndefined();
    expect(inbound).toBeDefined();
  });

  it('names the deployment\'s MMS number or pool to the sender and to the send check', () => {
    // Act
    const variablesOf = (template: Template, description: string) => {
      const [, resource] = functionByDescription(template, description);
      return (resource.Environment as { Variables: Record<string, unknown> }).Variables;
    };

    // Assess: the delivery worker sends from it; the campaigns API refuses an MMS send without it
    expect(variablesOf(workers, 'Worker of the campaign-delivery queue').MMS_ORIGINATION_IDENTITY).toBe(MMS_POOL);
    expect(variablesOf(api, 'API group campaigns ').MMS_ORIGINATION_IDENTITY).toBe(MMS_POOL);
  });
});
