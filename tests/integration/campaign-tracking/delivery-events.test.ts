/**
 * SES events through the SNS envelope into the delivery-events worker: delivery, bounces (soft,
 * hard, soft then hard), complaints and opens, each counted once under redelivery, and the
 * suppression that keeps hard-bounced and complaining addresses from ever being mailed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishSinkEvents, SIMULATOR_ADDRESSES } from '../../../functions/channels/sink-events.js';
import { findContactIdByIdentity } from '../../../functions/data/contacts.js';
import { deleteContacts } from '../../../functions/services/contacts/contacts.js';
import { isReachable } from '../../../shared/domain/contacts.js';
import type { TCampaignReportResponse } from '../../../shared/schemas/campaigns.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { counters, drainEvents, enqueueEvent, rawGet, snsEnvelope, tokenFor } from '../../helpers/delivery-events.js';
import { type Actor, signUpAs } from '../../helpers/seed/accounts.js';
import { type SentCampaign, sentCampaign } from '../../helpers/seed/campaigns.js';
import { contactOf, newContact } from '../../helpers/seed/contacts.js';

let api: ApiClient;
let me: Actor;
let campaign: SentCampaign;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'Events Owner');
  campaign = await sentCampaign(me);
}, 60_000);
afterAll(() => api.close());

const hardBounce = { bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: '', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] } };
const withAddress = (detail: typeof hardBounce, email: string) => ({ bounce: { ...detail.bounce, bouncedRecipients: [{ ...detail.bounce.bouncedRecipients[0], emailAddress: email }] } });

describe('delivery events', () => {
  it('counts a delivery once when SQS delivers the same event twice', async () => {
    // Prepare
    const id = await newContact(me, { email: 'delivered@example.com' });
    const base = { actor: me, campaignId: campaign.id, contactId: id, email: 'delivered@example.com' };
    // Act
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Send' }));
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Delivery', detail: { delivery: { timestamp: new Date().toISOString() } } }), 2);
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'DeliveryDelay' }));
    await drainEvents();
    // Assess
    expect((await counters(me, campaign.id)).delivered).toBe(1);
  });

  it('counts a redelivered SES open once in total opens, and a second open as another', async () => {
    // Prepare
    const id = await newContact(me, { email: 'opener@example.com' });
    const base = { actor: me, campaignId: campaign.id, contactId: id, email: 'opener@example.com' };
    const before = await counters(me, campaign.id);
    // Act
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Open', detail: { open: { timestamp: new Date().toISOString(), userAgent: 'x' } } }), 3);
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Open', detail: { open: { timestamp: new Date().toISOString(), userAgent: 'x' } } }));
    await drainEvents();
    // Assess
    const after = await counters(me, campaign.id);
    expect(after.opens - before.opens).toBe(2);
    expect(after.uniqueOpens - before.uniqueOpens).toBe(1);
  });

  it('suppresses a hard-bounced address: the contact is no longer reachable, counted once', async () => {
    // Prepare
    const id = await newContact(me, { email: 'gone@example.com' });
    const before = await counters(me, campaign.id);
    // Act
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: id, email: 'gone@example.com', eventType: 'Bounce', detail: withAddress(hardBounce, 'gone@example.com') }), 2);
    await drainEvents();
    // Assess
    const contact = await contactOf(me, id);
    expect(contact.emailBounce).toBe('hard');
    expect(isReachable(contact, 'email')).toBe(false);
    const after = await counters(me, campaign.id);
    expect(after.hardBounces - before.hardBounces).toBe(1);
  });

  it('keeps a soft bounce reachable, and counts a later hard bounce of the same message as one hard bounce', async () => {
    // Prepare
    const id = await newContact(me, { email: 'full@example.com' });
    const base = { actor: me, campaignId: campaign.id, contactId: id, email: 'full@example.com' };
    const before = await counters(me, campaign.id);
    const soft = { bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: 'full@example.com', diagnosticCode: '452 mailbox full' }] } };
    // Act
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Bounce', detail: soft }));
    await drainEvents();
    const afterSoft = await counters(me, campaign.id);
    const reachableAfterSoft = isReachable(await contactOf(me, id), 'email');
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Bounce', detail: withAddress(hardBounce, 'full@example.com') }));
    await drainEvents();
    // Assess
    expect(afterSoft.softBounces - before.softBounces).toBe(1);
    expect(reachableAfterSoft).toBe(true);
    const after = await counters(me, campaign.id);
    expect(after.softBounces - before.softBounces).toBe(0);
    expect(after.hardBounces - before.hardBounces).toBe(1);
    expect(isReachable(await contactOf(me, id), 'email')).toBe(false);
  });

  it("lists a bounce with SES's classification as its code and the receiving server's words as its reason", async () => {
    // Prepare
    const id = await newContact(me, { email: 'nobody@example.com' });
    const noEmail = { bounce: { bounceType: 'Permanent', bounceSubType: 'NoEmail', bouncedRecipients: [{ emailAddress: 'nobody@example.com', diagnosticCode: 'smtp; 550 5.1.1 no such user' }] } };
    // Act
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: id, email: 'nobody@example.com', eventType: 'Bounce', detail: noEmail }));
    await drainEvents();
    // Assess
    const list = await api.request<TCampaignReportResponse>('GET', `/api/v1/pageBasedAPI/email/stat/bounce/${campaign.id}?limit=100`, { token: me.token });
    expect(list.body.rows?.find((row) => row.email === 'nobody@example.com')).toMatchObject({ bounceType: 'hard', code: 'Permanent/NoEmail', reason: 'smtp; 550 5.1.1 no such user' });
  });

  it('unsubscribes a complaining address, counted once', async () => {
    // Prepare
    const id = await newContact(me, { email: 'angry@example.com' });
    const before = await counters(me, campaign.id);
    const complaint = { complaint: { complainedRecipients: [{ emailAddress: 'angry@example.com' }], complaintFeedbackType: 'abuse', timestamp: new Date().toISOString() } };
    // Act
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: id, email: 'angry@example.com', eventType: 'Complaint', detail: complaint }), 2);
    await drainEvents();
    // Assess
    const contact = await contactOf(me, id);
    expect(contact.emailSubscribe).toBe(false);
    expect(isReachable(contact, 'email')).toBe(false);
    expect((await counters(me, campaign.id)).complaints - before.complaints).toBe(1);
  });

  it('keeps an address whose contact was deleted from being mailed again, as the unsubscribed import does', async () => {
    // Prepare
    const id = await newContact(me, { email: 'deleted@example.com' });
    await deleteContacts({ tuid: me.tuid, ids: [String(id)], now: new Date() });
    // Act
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: id, email: 'deleted@example.com', eventType: 'Bounce', detail: withAddress(hardBounce, 'Deleted@Example.com') }));
    await drainEvents();
    // Assess
    const holder = await findContactIdByIdentity(me.tuid, { email: 'deleted@example.com' });
    expect(holder).not.toBeNull();
    const entry = await contactOf(me, holder!);
    expect(entry.emailSubscribe).toBe(false);
    expect(entry.emailBounce).toBe('hard');
  });

  it("reads the local sink's events as SES's: a simulator hard bounce is sent, bounced and suppressed", async () => {
    // Prepare
    const id = await newContact(me, { email: SIMULATOR_ADDRESSES.hardBounce });
    const before = await counters(me, campaign.id);
    // Act
    await publishSinkEvents({
      messageId: 'sink-1',
      from: 'shop@example.com',
      to: SIMULATOR_ADDRESSES.hardBounce,
      subject: 'Spring',
      tags: { tuid: me.tuid, campaignId: campaign.id, contactId: String(id) },
      timestamp: new Date(),
    });
    await drainEvents();
    // Assess
    expect((await counters(me, campaign.id)).hardBounces - before.hardBounces).toBe(1);
    expect((await contactOf(me, id)).emailBounce).toBe('hard');
  });

  it("still suppresses a hard bounce of a campaign deleted since, without a report to count it in", async () => {
    // Prepare
    const id = await newContact(me, { email: 'late@example.com' });
    // Act
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: '0000000000000000000001', contactId: id, email: 'late@example.com', eventType: 'Bounce', detail: withAddress(hardBounce, 'late@example.com') }));
    await drainEvents();
    // Assess
    expect((await contactOf(me, id)).emailBounce).toBe('hard');
    expect((await counters(me, '0000000000000000000001')).hardBounces).toBe(0);
  });

  it("ignores mail that is not a campaign's and a deleted campaign's events", async () => {
    // Prepare
    const id = await newContact(me, { email: 'other@example.com' });
    const untagged = JSON.stringify({
      Type: 'Notification',
      MessageId: 'm-1',
      Message: JSON.stringify({ eventType: 'Bounce', mail: { timestamp: new Date().toISOString(), messageId: 'x', destination: ['other@example.com'] }, ...withAddress(hardBounce, 'other@example.com') }),
    });
    // Act
    await enqueueEvent(untagged);
    await enqueueEvent(snsEnvelope({ actor: me, campaignId: '0000000000000000000000', contactId: id, email: 'other@example.com', eventType: 'Delivery' }));
    await enqueueEvent(JSON.stringify({ Type: 'SubscriptionConfirmation', MessageId: 'm-2', Message: 'confirm' }));
    const processed = await drainEvents();
    // Assess
    expect(processed).toBe(3);
    expect(isReachable(await contactOf(me, id), 'email')).toBe(true);
  });

  it('counts an open by Gmail\'s image proxy as a machine open, apart from a person\'s', async () => {
    // Prepare
    const id = await newContact(me, { email: 'proxied@example.com' });
    const before = await counters(me, campaign.id);
    const pixel = `/t/open/${await tokenFor('track', me, campaign.id, id)}`;

    // Act
    await rawGet(api, pixel, { 'user-agent': 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' });
    await rawGet(api, pixel, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0' });
    await drainEvents();

    // Assess
    const after = await counters(me, campaign.id);
    expect([after.machineOpens - before.machineOpens, after.opens - before.opens, after.uniqueOpens - before.uniqueOpens]).toEqual([1, 1, 1]);
  });
});
