import { ConflictException, ThrottlingException, ValidationException } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { describe, expect, it } from 'vitest';
import { isOptedOutError, mediaS3Uri, SmsMediaNotStored, smsFailureKind } from '../../../functions/channels/sms.js';
import { SMS_SIMULATOR_NUMBERS, smsEventsFor, snsEnvelope } from '../../../functions/channels/sink-events.js';

const tags = { tuid: 't1', campaignId: 'c1', contactId: '7' };
const sent = { messageId: 'm1', from: 'SHOP', tags, parts: 2, mediaUrls: [] as string[], timestamp: new Date(Date.UTC(2026, 10, 25, 2, 0)) };

describe('smsEventsFor', () => {
  it('reports a delivered SMS as End User Messaging does, with the tags as its context', () => {
    // Act
    const [event] = smsEventsFor({ ...sent, to: '+85291234567' });
    // Assess
    expect(event).toMatchObject({
      eventType: 'TEXT_DELIVERED',
      isFinal: true,
      messageStatus: 'DELIVERED',
      destinationPhoneNumber: '+85291234567',
      originationPhoneNumber: 'SHOP',
      isoCountryCode: 'HK',
      messageId: 'm1',
      messageType: 'PROMOTIONAL',
      context: tags,
      totalMessageParts: 2,
      eventTimestamp: sent.timestamp.getTime(),
    });
    expect(event).not.toHaveProperty('mediaUrls');
  });

  it('follows the simulator numbers: invalid fails for good, unreachable for now; an MMS reports MEDIA_ events with its media', () => {
    expect(smsEventsFor({ ...sent, to: SMS_SIMULATOR_NUMBERS.invalid }).map((event) => event.eventType)).toEqual(['TEXT_INVALID']);
    expect(smsEventsFor({ ...sent, to: SMS_SIMULATOR_NUMBERS.unreachable }).map((event) => event.messageStatus)).toEqual(['CARRIER_UNREACHABLE']);
    const [mms] = smsEventsFor({ ...sent, to: SMS_SIMULATOR_NUMBERS.delivered, parts: 1, mediaUrls: ['s3://b/k.png'] });
    expect(mms).toMatchObject({ eventType: 'MEDIA_DELIVERED', mediaUrls: ['s3://b/k.png'], totalMessageParts: 1 });
  });

  it('travels in the SNS envelope like the mail events', () => {
    const envelope = JSON.parse(snsEnvelope(smsEventsFor({ ...sent, to: '+85291234567' })[0], sent.timestamp));
    expect(JSON.parse(envelope.Message)).toMatchObject({ eventType: 'TEXT_DELIVERED' });
  });
});

describe('mediaS3Uri', () => {
  const stores = { buckets: ['content-b', 'data-b'], publicUrls: [{ prefix: 'https://cdn.example.com', bucket: 'content-b' }] };

  it('maps our public file URLs, S3 URLs (virtual-hosted, path style, presigned) and s3:// URIs of our buckets', () => {
    expect(mediaS3Uri('https://cdn.example.com/t1/photos/sale%20banner.png', stores)).toBe('s3://content-b/t1/photos/sale banner.png');
    expect(mediaS3Uri('https://data-b.s3.ap-east-1.amazonaws.com/campaigns/t1/a.jpg?X-Amz-Signature=abc', stores)).toBe('s3://data-b/campaigns/t1/a.jpg');
    expect(mediaS3Uri('https://s3.ap-east-1.amazonaws.com/content-b/t1/b.gif', stores)).toBe('s3://content-b/t1/b.gif');
    expect(mediaS3Uri('s3://data-b/x/y.mp4', stores)).toBe('s3://data-b/x/y.mp4');
  });

  it('refuses media anywhere else: End User Messaging reads only our buckets', () => {
    for (const url of ['https://elsewhere.example.com/a.png', 'https://other.s3.amazonaws.com/a.png', 's3://other/a.png', 'not a url']) {
      expect(() => mediaS3Uri(url, stores)).toThrow(SmsMediaNotStored);
    }
  });
});

describe('smsFailureKind', () => {
  const meta = { $metadata: {} };

  it('retries throttling and unknown errors, gives up on bad destinations, opt-outs and our own bad media', () => {
    expect(smsFailureKind(new ThrottlingException({ ...meta, message: 'slow down' }))).toBe('throttled');
    expect(smsFailureKind(new ValidationException({ ...meta, message: 'bad number', Reason: 'INVALID_PARAMETER' }))).toBe('permanent');
    expect(smsFailureKind(new ConflictException({ ...meta, message: 'opted out', Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT' }))).toBe('permanent');
    expect(smsFailureKind(new SmsMediaNotStored('https://x'))).toBe('permanent');
    expect(smsFailureKind(new Error('socket hang up'))).toBe('transient');
  });

  it('recognises a refusal for an opted-out number', () => {
    expect(isOptedOutError(new ConflictException({ ...meta, message: 'opted out', Reason: 'DESTINATION_PHONE_NUMBER_OPTED_OUT' }))).toBe(true);
    expect(isOptedOutError(new ConflictException({ ...meta, message: 'other', Reason: 'RESOURCE_NOT_ACTIVE' }))).toBe(false);
  });
});
