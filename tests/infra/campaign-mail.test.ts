import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { pascalCase } from '../../infra/constructs/naming.js';
import { createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import { functionByDescription, resourcesOfType } from './support/template.js';

let messaging: Template;
let workers: Template;

beforeAll(() => {
  const platform = createTestPlatform(undefined, { campaignSendRate: 40 });
  messaging = Template.fromStack(platform.messaging);
  workers = Template.fromStack(platform.workers);
}, SYNTH_TIMEOUT_MS);

describe('campaign mail events', () => {
  it('publishes the configuration set\'s delivery, bounce, complaint and reject events (not send, open or click) to an encrypted SNS topic', () => {
    // Assess
    messaging.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    messaging.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['delivery', 'bounce', 'complaint', 'reject'],
        SnsDestination: { TopicARN: Match.anyValue() },
      },
    });
    messaging.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const [key] = Object.values(resourcesOfType(messaging, 'AWS::KMS::Key'));
    expect(key?.Properties?.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key?.Properties?.KeyPolicy)).toContain('"ses.amazonaws.com"');
  });

  it('feeds the delivery-events queue in SNS envelopes (raw message delivery off)', () => {
    // Act
    const [subscription] = Object.values(resourcesOfType(messaging, 'AWS::SNS::Subscription'));
    const queueId = Object.keys(resourcesOfType(messaging, 'AWS::SQS::Queue')).find((id) => id.startsWith(`${pascalCase('delivery-events')}Queue`));

    // Assess
    expect(subscription?.Properties).toMatchObject({ Protocol: 'sqs', Endpoint: { 'Fn::GetAtt': [queueId, 'Arn'] } });
    expect(subscription?.Properties?.RawMessageDelivery ?? false).toBe(false);
    messaging.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'sqs:SendMessage', Principal: { Service: 'sns.amazonaws.com' } })]) },
    });
  });

  it('gives the delivery worker the configuration set and the send rate', () => {
    // Act
    const [, worker] = functionByDescription(workers, 'Worker of the campaign-delivery queue');
    const variables = (worker.Environment as { Variables: Record<string, unknown> }).Variables;

    // Assess
    expect(variables.CAMPAIGN_SEND_RATE).toBe('40');
    expect(JSON.stringify(variables.SES_CONFIGURATION_SET)).toContain('CampaignMail');
    expect(variables.SINK_THROTTLE_FRACTION).toBeUndefined();
  });
});
