/**
 * Campaign SMS and MMS through the End User Messaging stand-in: it records the message and publishes
 * the service's receipts in the SNS envelope on the delivery-events queue; the worker turns them into
 * the recipient's engagement (delivered, or a hard or soft failure with its reason), counts each
 * once under redelivery, and suppresses a number that failed for good.
 */
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { SMS_SIMULATOR_NUMBERS, smsEventsFor, snsEnvelope } from '../../../functions/channels/sink-events.js';
import { findContactIdByIdentity } from '../../../functions/data/contacts.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { config } from '../../../functions/lib/config.js';
import { deleteContacts } from '../../../functions/services/contacts/contacts.js';
import { isReachable } from '../../../shared/domain/contacts.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { counters, drainEvents, engagementOf, enqueueEvent, sendCampaignSms } from '../../helpers/delivery-events.js';
import { type Actor, signUpAs } from '../../helpers/seed/accounts.js';
import { type SentCampaign, sentCampaign } from '../../helpers/seed/campaigns.js';
import { contactOf, newContact } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let store: TestTable;
let me: Actor;
let campaign: SentCampaign;

beforeAll(async () => {
  store = await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'SMS Owner');
  campaign = await sentCampaign(me);
}, 60_000);
afterAll(() => api.close());

/** Takes what the delivery-events queue holds (hidden for a while), to put it back as SQS would redeliver it. */
async function takeEvents(): Promise<string[]> {
  const answer = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config().QUEUE_URL_DELIVERY_EVENTS, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 300 }));
  return (answer.Messages ?? []).map((message) => message.Body ?? '');
}

describe('SMS receipts', () => {
  it('records the SMS in the sink and its delivery in the report, counted once when SQS delivers the receipt twice', async () => {
    // Prepare
    const mobile = '+85291230001';
    const id = await newContact(me, { mobile: mobile });
    const before = await counters(me, campaign.id);
    // Act
    const { messageId } = await sendCampaignSms(me, campaign.id, id, mobile);
    const [receipt] = await takeEvents();
    for (let i = 0; i < 2; i += 1) await sqsClient().send(new SendMessageCommand({ QueueUrl: config().QUEUE_URL_DELIVERY_EVENTS, MessageBody: receipt }));
    await drainEvents();
    // Assess
    const [sms] = await readSink(store.sinkDir, 'sms', { to: mobile });
    expect(sms).toMatchObject({ id: messageId, from: 'SHOP', segments: 1, mediaUrls: [], tags: { campaignId: campaign.id, contactId: String(id) } });
    expect(JSON.parse(JSON.parse(receipt).Message)).toMatchObject({ eventType: 'TEXT_DELIVERED', messageId, context: { tuid: me.tuid } });
    expect((await counters(me, campaign.id)).delivered - before.delivered).toBe(1);
    expect(await engagementOf(me, campaign.id, id)).toMatchObject({ address: mobile, status: 'delivered' });
  });

  it('records an MMS with its media as the s3:// URIs End User Messaging got, and reports its MEDIA_ delivery', async () => {
    // Prepare
    const mobile = '+85291230002';
    const id = await newContact(me, { mobile: mobile });
    const media = [{ url: 'http://127.0.0.1:3000/content/t/banner.png' }];
    // Act
    await sendCampaignSms(me, campaign.id, id, mobile, { media });
    await drainEvents();
    // Assess
    const [mms] = await readSink(store.sinkDir, 'sms', { to: mobile });
    expect(mms).toMatchObject({ mediaUrls: [`s3://${process.env.CONTENT_BUCKET}/t/banner.png`], segments: 1 });
    expect(await engagementOf(me, campaign.id, id)).toMatchObject({ status: 'delivered' });
  });

  it('fails an invalid number for good: a hard failure with its reason, the number suppressed, counted once', async () => {
    // Prepare
    const id = await newContact(me, { mobile: SMS_SIMULATOR_NUMBERS.invalid, email: 'keeps-mail@example.com' });
    const before = await counters(me, campaign.id);
    // Act
    await sendCampaignSms(me, campaign.id, id, SMS_SIMULATOR_NUMBERS.invalid);
    const [receipt] = await takeEvents();
    for (let i = 0; i < 2; i += 1) await sqsClient().send(new SendMessageCommand({ QueueUrl: config().QUEUE_URL_DELIVERY_EVENTS, MessageBody: receipt }));
    await drainEvents();
    // Assess
    expect(await engagementOf(me, campaign.id, id)).toMatchObject({ status: 'failed', bounceType: null, failureReason: 'INVALID' });
    expect((await counters(me, campaign.id)).failed - before.failed).toBe(1);
    const contact = await contactOf(me, id);
    expect(contact.smsBounce).toBe('hard');
    expect(isReachable(contact, 'sms')).toBe(false);
    expect(isReachable(contact, 'email')).toBe(true);
  });

  it('fails an unreachable number for now: a soft failure, the number still reachable', async () => {
    // Prepare
    const id = await newContact(me, { mobile: SMS_SIMULATOR_NUMBERS.unreachable });
    const before = await counters(me, campaign.id);
    // Act
    await sendCampaignSms(me, campaign.id, id, SMS_SIMULATOR_NUMBERS.unreachable);
    await drainEvents();
    // Assess
    expect(await engagementOf(me, campaign.id, id)).toMatchObject({ status: 'failed', failureReason: 'CARRIER_UNREACHABLE' });
    expect((await counters(me, campaign.id)).failed - before.failed).toBe(1);
    expect(isReachable(await contactOf(me, id), 'sms')).toBe(true);
  });

  it('drops queued and untagged receipts, and reads a media problem as a soft failure that suppresses nothing', async () => {
    // Prepare
    const mobile = '+85291230004';
    const id = await newContact(me, { mobile: mobile });
    const [record] = smsEventsFor({ messageId: 'm-x', from: null, to: mobile, tags: { tuid: me.tuid, campaignId: campaign.id, contactId: String(id) }, parts: 1, mediaUrls: ['s3://b/k.png'], timestamp: new Date() });
    const receipt = (changes: Record<string, unknown>) => snsEnvelope({ ...record, ...changes }, new Date());
    // Act
    await enqueueEvent(receipt({ eventType: 'MEDIA_QUEUED', messageStatus: 'QUEUED', isFinal: false }));
    await enqueueEvent(receipt({ context: {} }));
    const dropped = await drainEvents();
    const afterDropped = await engagementOf(me, campaign.id, id);
    await enqueueEvent(receipt({ eventType: 'MEDIA_FILE_INACCESSIBLE', messageStatus: 'FILE_INACCESSIBLE', messageStatusDescription: 'Media file could not be read' }));
    await drainEvents();
    // Assess
    expect(dropped).toBe(2);
    expect(afterDropped).toBeNull();
    expect(await engagementOf(me, campaign.id, id)).toMatchObject({ status: 'failed', failureReason: 'FILE_INACCESSIBLE' });
    expect(isReachable(await contactOf(me, id), 'sms')).toBe(true);
  });

  it('keeps a number whose contact was deleted from being messaged again: a suppressed contact of its own', async () => {
    // Prepare
    const mobile = '+85291230005';
    const id = await newContact(me, { mobile: mobile });
    await deleteContacts({ tuid: me.tuid, ids: [String(id)], now: new Date() });
    const [record] = smsEventsFor({ messageId: 'm-y', from: 'SHOP', to: mobile, tags: { tuid: me.tuid, campaignId: campaign.id, contactId: String(id) }, parts: 1, mediaUrls: [], timestamp: new Date() });
    // Act
    await enqueueEvent(snsEnvelope({ ...record, eventType: 'TEXT_BLOCKED', messageStatus: 'BLOCKED', messageStatusDescription: 'Blocked by the recipient' }, new Date()), 2);
    await drainEvents();
    // Assess
    const holder = await findContactIdByIdentity(me.tuid, { mobile });
    expect(holder).not.toBeNull();
    expect(holder).not.toBe(id);
    expect(await contactOf(me, holder!)).toMatchObject({ mobile, email: null, smsBounce: 'hard', smsSubscribe: false });
  });

  it('keeps email reports working beside SMS ones: an SMS receipt names the number, never an email', async () => {
    // Prepare
    const mobile = '+85291230003';
    const id = await newContact(me, { mobile: mobile, email: 'both@example.com' });
    // Act
    await sendCampaignSms(me, campaign.id, id, mobile);
    await drainEvents();
    // Assess
    expect((await engagementOf(me, campaign.id, id))?.address).toBe(mobile);
  });
});
