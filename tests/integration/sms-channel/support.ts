/**
 * Shared steps of the SMS channel tests: contacts with a mobile number, a campaign SMS sent through
 * the sink with the recipient's tags, and the campaign-tracking steps (a sent campaign, the
 * delivery-events worker) reused as they are.
 */
import { campaignSmsTransport, type CampaignSms } from '../../../functions/channels/sms.js';
import { sinkEventsPublished } from '../../../functions/channels/sink-events.js';
import { getEngagement } from '../../../functions/data/campaign-engagement.js';
import { createContact } from '../../../functions/services/contacts.js';
import type { Actor } from '../campaign-tracking/support.js';

export { contactOf, counters, drainEvents, enqueueEvent, sentCampaign, signUpAs, type Actor, type SentCampaign } from '../campaign-tracking/support.js';

export async function newMobileContact(actor: Actor, mobile: string, email?: string): Promise<number> {
  const contact = await createContact({ tuid: actor.tuid, input: { mobile, ...(email ? { email } : {}), fields: { f1: 'Ada' } }, now: new Date() });
  return Number(contact.id);
}

/** A campaign SMS (or MMS, with media) to one contact, through the configured transport; waits until its receipts are on the queue. */
export async function sendCampaignSms(actor: Actor, campaignId: string, contactId: number, to: string, changes: Partial<CampaignSms> = {}): Promise<{ messageId: string }> {
  const sent = await campaignSmsTransport().send({
    to,
    originationIdentity: 'SHOP',
    text: 'Spring sale: 20% off today. Reply STOP to opt out',
    subject: null,
    media: [],
    tags: { tuid: actor.tuid, campaignId, contactId: String(contactId) },
    ...changes,
  });
  await sinkEventsPublished();
  return sent;
}

export async function engagementOf(actor: Actor, campaignId: string, contactId: number) {
  return (await getEngagement(actor.tuid, campaignId, contactId))?.engagement ?? null;
}
