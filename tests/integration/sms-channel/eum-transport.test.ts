/**
 * The End User Messaging adapter against the provider stand-in (infra/local/sms-stand-in.ts),
 * through the real sms-voice v2 SDK: the request it builds for an SMS and for an MMS (media mapped
 * to s3:// URIs of our buckets, the subject already in the body), what the stand-in keeps and
 * publishes, and how the service's refusals read for the delivery worker, each in one SDK attempt.
 * The client's `send` is watched (not replaced) to see the request as it left.
 */
import { SendMediaMessageCommand, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { SMS_SIMULATOR_NUMBERS, sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { campaignSmsTransport, isOptedOutError, refusalReasonOf, SmsMediaNotStored, smsFailureKind, type CampaignSms } from '../../../functions/channels/sms.js';
import { smsVoiceCampaignClient } from '../../../functions/lib/aws/sms-voice.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { STAND_IN_MMS_NUMBER } from '../../../infra/local/sms-stand-in.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { takeProviderEvents } from '../../helpers/queues.js';

let store: TestTable;
let sent: { mock: { calls: unknown[][] } };

const commands = () => sent.mock.calls.map(([command]) => command);
const textInputs = () => commands().filter((command) => command instanceof SendTextMessageCommand).map((command) => command.input);
const mediaInputs = () => commands().filter((command) => command instanceof SendMediaMessageCommand).map((command) => command.input);

beforeAll(async () => {
  store = await useTestTable();
  Object.assign(process.env, { SMS_CONFIGURATION_SET: 'campaign-sms', CONTENT_PUBLIC_URL: 'https://cdn.example.com' });
  resetConfigForTests();
});
beforeEach(() => {
  sent = vi.spyOn(smsVoiceCampaignClient(), 'send');
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.SINK_THROTTLE_FRACTION;
});
afterAll(() => {
  delete process.env.SMS_CONFIGURATION_SET;
  resetConfigForTests();
});

const message: CampaignSms = {
  to: '+85291234567',
  originationIdentity: 'SHOP',
  text: 'Spring sale today',
  media: [],
  tags: { tuid: 't1', campaignId: 'c1', contactId: '7' },
};

describe('End User Messaging transport', () => {
  it('sends an SMS as a promotional text message through the configuration set, tagged with the recipient; the stand-in keeps it and publishes its receipt', async () => {
    // Act
    const { messageId } = await campaignSmsTransport().send(message);
    await sinkEventsPublished();
    // Assess
    expect(textInputs()).toEqual([{
      DestinationPhoneNumber: '+85291234567',
      OriginationIdentity: 'SHOP',
      ConfigurationSetName: 'campaign-sms',
      MessageBody: 'Spring sale today',
      MessageType: 'PROMOTIONAL',
      Context: { tuid: 't1', campaignId: 'c1', contactId: '7' },
    }]);
    expect(await readSink(store.sinkDir, 'sms', { to: message.to })).toMatchObject([{ id: messageId, from: 'SHOP', text: 'Spring sale today', mediaUrls: [], segments: 1, tags: message.tags }]);
    expect(await takeProviderEvents()).toEqual([expect.objectContaining({ eventType: 'TEXT_DELIVERED', messageId, context: message.tags, totalMessageParts: 1 })]);
  });

  it('sends an MMS from the deployment\'s MMS number as a media message whose media are s3:// URIs of our buckets; the stand-in keeps them and publishes a MEDIA_ receipt', async () => {
    // Prepare
    const to = '+12015550100';
    const media = [
      { url: `https://cdn.example.com/t1/banner%20big.png` },
      { url: `https://${store.bucket}.s3.ap-east-1.amazonaws.com/campaigns/t1/c1/clip.mp4?X-Amz-Signature=x` },
    ];
    const mediaUrls = [`s3://${process.env.CONTENT_BUCKET}/t1/banner big.png`, `s3://${store.bucket}/campaigns/t1/c1/clip.mp4`];
    // Act
    const { messageId } = await campaignSmsTransport().send({ ...message, to, text: 'Spring\nOur new range', media });
    await sinkEventsPublished();
    // Assess
    expect(mediaInputs()).toEqual([expect.objectContaining({ DestinationPhoneNumber: to, OriginationIdentity: STAND_IN_MMS_NUMBER, ConfigurationSetName: 'campaign-sms', MessageBody: 'Spring\nOur new range', MediaUrls: mediaUrls, Context: message.tags })]);
    expect(await readSink(store.sinkDir, 'sms', { to })).toMatchObject([{ id: messageId, from: STAND_IN_MMS_NUMBER, text: 'Spring\nOur new range', mediaUrls, segments: 1 }]);
    expect(await takeProviderEvents()).toEqual([expect.objectContaining({ eventType: 'MEDIA_DELIVERED', messageId, mediaUrls })]);
  });

  it('refuses media from elsewhere before calling the service, as a permanent failure', async () => {
    // Act
    const error = await campaignSmsTransport().send({ ...message, media: [{ url: 'https://elsewhere.example.com/a.png' }] }).catch((caught: unknown) => caught);
    // Assess
    expect(error).toBeInstanceOf(SmsMediaNotStored);
    expect(smsFailureKind(error)).toBe('permanent');
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses an opted-out number with ConflictException DESTINATION_PHONE_NUMBER_OPTED_OUT, a permanent refusal read as an opt-out; nothing kept or published', async () => {
    // Act
    const error = await campaignSmsTransport().send({ ...message, to: SMS_SIMULATOR_NUMBERS.optedOut }).catch((caught: unknown) => caught);
    await sinkEventsPublished();
    // Assess
    expect(error).toMatchObject({ name: 'ConflictException', ResourceType: 'opt-out-list', $metadata: { httpStatusCode: 400, attempts: 1 } });
    expect(refusalReasonOf(error)).toBe('DESTINATION_PHONE_NUMBER_OPTED_OUT');
    expect(isOptedOutError(error)).toBe(true);
    expect(smsFailureKind(error)).toBe('permanent');
    expect(await readSink(store.sinkDir, 'sms', { to: SMS_SIMULATOR_NUMBERS.optedOut })).toEqual([]);
    expect(await takeProviderEvents()).toEqual([]);
  });

  it('answers ThrottlingException over its rate in one SDK attempt, which the delivery engine retries', async () => {
    // Prepare
    process.env.SINK_THROTTLE_FRACTION = '1';
    const to = '+85291234568';
    // Act
    const error = await campaignSmsTransport().send({ ...message, to }).catch((caught: unknown) => caught);
    // Assess
    expect(error).toMatchObject({ name: 'ThrottlingException', $metadata: { attempts: 1 } });
    expect(smsFailureKind(error)).toBe('throttled');
    expect(isOptedOutError(error)).toBe(false);
    expect(await readSink(store.sinkDir, 'sms', { to })).toEqual([]);
  });

  it('refuses a destination that is not E.164 with ValidationException, a permanent failure', async () => {
    // Act
    const error = await campaignSmsTransport().send({ ...message, to: '91234567' }).catch((caught: unknown) => caught);
    // Assess
    expect(error).toMatchObject({ name: 'ValidationException', Reason: 'INVALID_PARAMETER', $metadata: { httpStatusCode: 400, attempts: 1 } });
    expect(smsFailureKind(error)).toBe('permanent');
    expect(isOptedOutError(error)).toBe(false);
  });

  it('refuses an MMS without an origination identity with ValidationException, as the service does, a permanent failure', async () => {
    // Prepare: a deployment that names no MMS number
    const configured = process.env.MMS_ORIGINATION_IDENTITY;
    delete process.env.MMS_ORIGINATION_IDENTITY;
    resetConfigForTests();
    const to = '+12015550101';
    try {
      // Act
      const error = await campaignSmsTransport().send({ ...message, to, media: [{ url: 'https://cdn.example.com/t1/a.png' }] }).catch((caught: unknown) => caught);
      // Assess
      expect(error).toMatchObject({ name: 'ValidationException', Reason: 'INVALID_PARAMETER', $metadata: { attempts: 1 } });
      expect(smsFailureKind(error)).toBe('permanent');
      expect(await readSink(store.sinkDir, 'sms', { to })).toEqual([]);
    } finally {
      process.env.MMS_ORIGINATION_IDENTITY = configured;
      resetConfigForTests();
    }
  });
});
