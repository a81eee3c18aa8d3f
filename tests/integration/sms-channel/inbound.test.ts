/**
 * Replies to our numbers: the dev SMS inbox's reply (POST /dev/api/sms/inbound runs replyToSms)
 * puts End User Messaging's two-way payload on the inbound-sms queue in the SNS envelope; the
 * worker unsubscribes the number, on an opt-out keyword only, in every account that holds it, and
 * changes nothing more when SQS delivers the reply again.
 */
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findContactIdByIdentity } from '../../../functions/data/contacts.js';
import { sqsClient } from '../../../functions/lib/aws/sqs.js';
import { config } from '../../../functions/lib/config.js';
import { updateContact } from '../../../functions/services/contacts/contacts.js';
import { replyToSms } from '../../../functions/services/seed.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { type Actor, signUpAs } from '../../helpers/seed/accounts.js';
import { contactOf, newContact } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let shop: Actor;
let cafe: Actor;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  [shop, cafe] = [await signUpAs(api, 'Shop Owner'), await signUpAs(api, 'Cafe Owner')];
}, 60_000);
afterAll(() => api.close());

/** Runs the inbound-sms worker until its queue is empty; every message must succeed. */
async function drainReplies(): Promise<number> {
  let processed = 0;
  for (;;) {
    const round = await runQueueOnce('inbound-sms');
    expect(round.failed).toBe(0);
    if (round.processed === 0) return processed;
    processed += round.processed;
  }
}

describe('inbound SMS', () => {
  it('unsubscribes the number in every account that holds it on STOP, leaving email and other numbers alone', async () => {
    // Prepare
    const mobile = '+85261230001';
    const [inShop, inCafe, other] = [await newContact(shop, { mobile: mobile, email: 'ada@example.com' }), await newContact(cafe, { mobile: mobile }), await newContact(shop, { mobile: '+85261230002' })];
    // Act
    await replyToSms({ from: mobile, to: '+85258000000', body: ' Stop ' });
    const processed = await drainReplies();
    // Assess
    expect(processed).toBe(1);
    expect(await contactOf(shop, inShop)).toMatchObject({ smsSubscribe: false, emailSubscribe: true, smsBounce: 'none' });
    expect((await contactOf(cafe, inCafe)).smsSubscribe).toBe(false);
    expect((await contactOf(shop, other)).smsSubscribe).toBe(true);
  });

  it('reads the Chinese opt-out keywords too', async () => {
    // Prepare
    const mobile = '+85261230003';
    const id = await newContact(shop, { mobile: mobile });
    // Act
    await replyToSms({ from: mobile, to: '+85258000000', body: '退订' });
    await drainReplies();
    // Assess
    expect((await contactOf(shop, id)).smsSubscribe).toBe(false);
  });

  it('changes nothing more when SQS delivers the STOP again', async () => {
    // Prepare
    const mobile = '+85261230004';
    const id = await newContact(shop, { mobile: mobile });
    await replyToSms({ from: mobile, to: '+85258000000', body: 'STOP' });
    const received = await sqsClient().send(new ReceiveMessageCommand({ QueueUrl: config().QUEUE_URL_INBOUND_SMS, MaxNumberOfMessages: 1, WaitTimeSeconds: 0, VisibilityTimeout: 300 }));
    const body = received.Messages?.[0]?.Body ?? '';
    for (let i = 0; i < 2; i += 1) await sqsClient().send(new SendMessageCommand({ QueueUrl: config().QUEUE_URL_INBOUND_SMS, MessageBody: body }));
    // Act
    await drainReplies();
    const afterFirst = await contactOf(shop, id);
    await sqsClient().send(new SendMessageCommand({ QueueUrl: config().QUEUE_URL_INBOUND_SMS, MessageBody: body }));
    await drainReplies();
    // Assess
    expect(afterFirst.smsSubscribe).toBe(false);
    expect(await contactOf(shop, id)).toEqual(afterFirst);
    expect(await findContactIdByIdentity(shop.tuid, { mobile })).toBe(id);
  });

  it('ignores replies that are no opt-out: HELP, START and ordinary text', async () => {
    // Prepare
    const mobile = '+85261230005';
    const id = await newContact(shop, { mobile: mobile });
    // Act
    for (const body of ['HELP', 'START', 'stop sending me offers', 'Thanks!']) await replyToSms({ from: mobile, to: '+85258000000', body });
    const processed = await drainReplies();
    // Assess
    expect(processed).toBe(4);
    expect((await contactOf(shop, id)).smsSubscribe).toBe(true);
  });

  it('follows the number: a contact that changed its number since is not unsubscribed, the new holder is', async () => {
    // Prepare
    const [before, after] = ['+85261230006', '+85261230007'];
    const id = await newContact(shop, { mobile: before });
    await updateContact({ tuid: shop.tuid, id: String(id), input: { mobile: after }, now: new Date() });
    // Act
    await replyToSms({ from: before, to: '+85258000000', body: 'STOP' });
    await drainReplies();
    const afterOldNumber = await contactOf(shop, id);
    await replyToSms({ from: after, to: '+85258000000', body: 'QUIT' });
    await drainReplies();
    // Assess
    expect(afterOldNumber.smsSubscribe).toBe(true);
    expect((await contactOf(shop, id)).smsSubscribe).toBe(false);
    expect(await findContactIdByIdentity(shop.tuid, { mobile: before })).toBeNull();
  });
});
