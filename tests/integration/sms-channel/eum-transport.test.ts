/**
 * The End User Messaging adapter (SMS_TRANSPORT=eum) against a stubbed sms-voice v2 client (its
 * `send`, so no request leaves): the request it builds for an SMS and for an MMS (media mapped to
 * s3:// URIs of our buckets), and how the service's errors read for the delivery worker.
 */
import {
  ConflictException,
  SendMediaMessageCommand,
  SendTextMessageCommand,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignSmsTransport, isOptedOutError, SmsMediaNotStored, smsFailureKind, type CampaignSms } from '../../../functions/channels/sms.js';
import { smsVoiceClient } from '../../../functions/lib/aws/sms-voice.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';

let store: TestTable;
/** The commands the client was asked to send, and what it answers next (an output, or an error to throw). */
let calls: Array<SendTextMessageCommand | SendMediaMessageCommand>;
let answers: Array<{ MessageId: string } | Error>;

function stubClient(): void {
  calls = [];
  answers = [];
  vi.spyOn(smsVoiceClient(), 'send').mockImplementation(async (command: unknown) => {
    calls.push(command as SendTextMessageCommand | SendMediaMessageCommand);
    const answer = answers.shift() ?? { MessageId: 'eum-default' };
    if (answer instanceof Error) throw answer;
    return answer;
  });
}

const textInputs = () => calls.filter((call): call is SendTextMessageCommand => call instanceof SendTextMessageCommand).map((call) => call.input);
const mediaInputs = () => calls.filter((call): call is SendMediaMessageCommand => call instanceof SendMediaMessageCommand).map((call) => call.input);

beforeAll(async () => {
  store = await useTestTable();
  Object.assign(process.env, { SMS_TRANSPORT: 'eum', SMS_CONFIGURATION_SET: 'campaign-sms', CONTENT_PUBLIC_URL: 'https://cdn.example.com' });
  resetConfigForTests();
});
beforeEach(() => {
  vi.restoreAllMocks();
  stubClient();
});
afterAll(() => {
  vi.restoreAllMocks();
  process.env.SMS_TRANSPORT = 'sink';
  resetConfigForTests();
});

const message: CampaignSms = {
  to: '+85291234567',
  originationIdentity: 'SHOP',
  text: 'Spring sale today',
  subject: 'Spring',
  media: [],
  tags: { tuid: 't1', campaignId: 'c1', contactId: '7' },
};

describe('End User Messaging transport', () => {
  it('sends an SMS as a promotional text message through the configuration set, tagged with the recipient', async () => {
    // Prepare
    answers.push({ MessageId: 'eum-1' });
    // Act
    const sent = await campaignSmsTransport().send(message);
    // Assess
    expect(sent).toEqual({ messageId: 'eum-1' });
    expect(textInputs()).toEqual([{
      DestinationPhoneNumber: '+85291234567',
      OriginationIdentity: 'SHOP',
      ConfigurationSetName: 'campaign-sms',
      MessageBody: 'Spring sale today',
      MessageType: 'PROMOTIONAL',
      Context: { tuid: 't1', campaignId: 'c1', contactId: '7' },
    }]);
    expect(mediaInputs()).toHaveLength(0);
  });

  it('sends an MMS as a media message whose media are s3:// URIs of our buckets, without the subject; the default sender when none is named', async () => {
    // Prepare
    answers.push({ MessageId: 'eum-2' });
    const media = [
      { url: `https://cdn.example.com/t1/banner%20big.png`, contentType: 'image/png' },
      { url: `https://${store.bucket}.s3.ap-east-1.amazonaws.com/campaigns/t1/c1/clip.mp4?X-Amz-Signature=x` },
    ];
    // Act
    const sent = await campaignSmsTransport().send({ ...message, originationIdentity: null, media });
    // Assess
    expect(sent.messageId).toBe('eum-2');
    const [input] = mediaInputs();
    expect(input).toMatchObject({ DestinationPhoneNumber: '+85291234567', ConfigurationSetName: 'campaign-sms', MessageBody: 'Spring sale today', Context: message.tags });
    expect(input?.MediaUrls).toEqual([`s3://${process.env.CONTENT_BUCKET}/t1/banner big.png`, `s3://${store.bucket}/campaigns/t1/c1/clip.mp4`]);
    expect(input?.OriginationIdentity).toBeUndefined();
    expect(Object.values(input ?? {})).not.toContain('Spring');
  });

  it('refuses media from elsewhere before calling the service, as a permanent failure', async () => {
    // Act
    const error = await campaignSmsTransport().send({ ...message, media: [{ url: 'https://elsewhere.example.com/a.png' }] }).catch((caught: unknown) => caught);
    // Assess
    expect(error).toBeInstanceOf(SmsMediaNotStored);
    expect(smsFailureKind(error)).toBe('permanent');
    expect(calls).toHaveLength(0);
  });

  it("reads the service's errors: throttling is retried, an invalid or opted-out destination fails for good", async () => {
    // Prepare
    const meta = { $metadata: {} };
    answers.push(
      new ThrottlingException({ ...meta, message: 'Rate exceeded' }),
      new ValidationException({ ...meta, message: 'Invalid destination', Reason: 'INVALID_PARAMETER' }),
      new ConflictException({ ...meta, message: 'Opted out', Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT' }),
    );
    // Act
    const errors: unknown[] = [];
    for (let i = 0; i < 3; i += 1) errors.push(await campaignSmsTransport().send(message).catch((caught: unknown) => caught));
    // Assess
    expect(errors.map(smsFailureKind)).toEqual(['throttled', 'permanent', 'permanent']);
    expect(errors.map(isOptedOutError)).toEqual([false, false, true]);
  });
});
