/**
 * dashboard.deliverability: the account's 30-day rates, from the outcomes the delivery-events and
 * inbound-sms workers counted (each once, redeliveries included), beside the guard's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_SIMULATOR_NUMBERS } from '../../../functions/channels/sink-events.js';
import { replyToSms } from '../../../functions/services/seed.js';
import type { TDeliverabilityRates } from '../../../shared/schemas/deliverability.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { drainEvents, enqueueEvent, sendCampaignSms, snsEnvelope } from '../../helpers/delivery-events.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { type Actor, signUpAs } from '../../helpers/seed/accounts.js';
import { sentCampaign } from '../../helpers/seed/campaigns.js';
import { newContact } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let me: Actor;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'Rates Owner');
}, 60_000);
afterAll(() => api.close());

const rates = () => call<TDeliverabilityRates>(api, me, 'GET', '/dashboard/deliverability');

/** Runs the inbound-sms worker until its queue is empty. */
async function drainReplies(): Promise<void> {
  for (;;) {
    const round = await runQueueOnce('inbound-sms');
    expect(round.failed).toBe(0);
    if (round.processed === 0) return;
  }
}

describe('dashboard deliverability rates', () => {
  it('are zero with no messages, with the limits the guard pauses at', async () => {
    const answer = await rates();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      days: 30,
      email: [
        { reason: 'bounces', count: 0, sample: 0, rate: 0, review: 0.05, suspend: 0.1 },
        { reason: 'complaints', count: 0, sample: 0, rate: 0, review: 0.001, suspend: 0.005 },
      ],
      sms: [
        { reason: 'optOuts', count: 0, sample: 0, rate: 0, review: 0.02 },
        { reason: 'failures', count: 0, sample: 0, rate: 0, review: 0.1 },
      ],
    });
  });

  it('add up email bounces, complaints, SMS failures and STOP replies, each once', async () => {
    // Prepare
    const email = await sentCampaign(me);
    const sms = await sentCampaign(me, { channel: 'sms', type: 'SMS' });
    const readers = ['ann@example.com', 'bob@example.com', 'cat@example.com'];
    for (const address of readers) {
      const contactId = await newContact(me, { email: address });
      // SQS delivers every Delivery twice: counted once.
      await enqueueEvent(snsEnvelope({ actor: me, campaignId: email.id, contactId, email: address, eventType: 'Delivery', detail: { delivery: { timestamp: new Date().toISOString() } } }), 2);
      if (address === 'cat@example.com') await enqueueEvent(snsEnvelope({ actor: me, campaignId: email.id, contactId, email: address, eventType: 'Complaint', detail: { complaint: { complainedRecipients: [{ emailAddress: address }] } } }));
    }
    const bouncer = await newContact(me, { email: 'gone@example.com' });
    const bounce = { bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] } };
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: email.id, contactId: bouncer, email: 'gone@example.com', eventType: 'Bounce', detail: bounce }));
    const mobiles = ['+85261239001', '+85261239002', SMS_SIMULATOR_NUMBERS.invalid];
    for (const mobile of mobiles) await sendCampaignSms(me, sms.id, await newContact(me, { mobile }), mobile);
    await drainEvents();

    // Act: the first number replies STOP twice: one opt-out
    await replyToSms({ from: mobiles[0]!, to: '+85258000000', body: 'STOP' });
    await replyToSms({ from: mobiles[0]!, to: '+85258000000', body: 'stop' });
    await drainReplies();
    const answer = await rates();

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.email).toMatchObject([
      { reason: 'bounces', count: 1, sample: 4, rate: 0.25 },
      { reason: 'complaints', count: 1, sample: 3 },
    ]);
    expect(answer.body.sms).toMatchObject([
      { reason: 'optOuts', count: 1, sample: 2, rate: 0.5 },
      { reason: 'failures', count: 1, sample: 3 },
    ]);
  }, 120_000);
});
