/**
 * What the public links of a campaign message do (docs/api-contract.md "Tracking and reports"):
 * the open pixel and click redirect queue an event, the unsubscribe page asks and its post (or a
 * mail program's RFC 8058 one-click post) queues the unsubscribe, and the online version renders
 * the message as sent. Every link is verified first; a link that is not ours records nothing and
 * tells nothing (the caller answers the same way for all of them).
 */
import { compileTemplate, TemplateCompileError } from '../../../shared/domain/personalization.js';
import { isMachineOpen } from '../../../shared/domain/user-agent.js';
import { findShortLinkCampaign, getTrackedLinks } from '../../data/campaign-counters.js';
import { getCampaignRecord, readEmailCommand } from '../../data/campaigns.js';
import { getContact } from '../../data/contacts.js';
import { logger } from '../../lib/logger.js';
import { verifyShortLink } from '../../lib/short-links.js';
import { trackingSigner, trackingUrls, verifyTrackingToken, type TrackedRecipient } from '../../lib/tracking-links.js';
import { enqueueTrackingEvent } from '../../queues/delivery-events.js';
import { requireCampaign } from './campaigns.js';
import { listContactFields } from '../contacts/contact-fields.js';

const USER_AGENT_LENGTH = 500;
const TRACKABLE_URL = /^https?:\/\//i;

/** An open or click is worth less than the answer the recipient waits for: a failed enqueue is logged, never shown. */
async function enqueueQuietly(event: Parameters<typeof enqueueTrackingEvent>[0]): Promise<void> {
  try {
    await enqueueTrackingEvent(event);
  } catch (error) {
    logger.error('tracking event not queued', { type: event.type, campaignId: event.campaignId, error });
  }
}

/** The open pixel was loaded: by a person, or by a privacy proxy or prefetcher (a machine open, counted apart). */
export async function recordOpen(options: { token: string; userAgent: string; sourceIp: string; now: Date }): Promise<void> {
  const recipient = await verifyTrackingToken('track', options.token);
  if (!recipient) return;
  const machine = isMachineOpen(options);
  await enqueueQuietly({ type: 'open', ...recipient, time: options.now.toISOString(), userAgent: options.userAgent.slice(0, USER_AGENT_LENGTH), ...(machine ? { machine } : {}) });
}

/** Where a tracked link leads: only a link that was in that campaign's message, else null. */
export async function followTrackedLink(options: { token: string; link: string | undefined; userAgent: string; now: Date }): Promise<string | null> {
  const recipient = await verifyTrackingToken('track', options.token);
  if (!recipient || !/^\d{1,5}$/.test(options.link ?? '')) return null;
  const link = Number(options.link);
  const url = (await getTrackedLinks(recipient.tuid, recipient.campaignId))[link];
  if (!url || !TRACKABLE_URL.test(url)) return null;
  await enqueueQuietly({ type: 'click', ...recipient, link, time: options.now.toISOString(), userAgent: options.userAgent.slice(0, USER_AGENT_LENGTH) });
  return url;
}

/** Where an SMS's short link leads: only a link that was in that campaign's message, else null. */
export async function followShortLink(options: { token: string; userAgent: string; now: Date }): Promise<string | null> {
  const named = await verifyShortLink(options.token);
  const campaign = named && (await findShortLinkCampaign(named.code));
  if (!named || !campaign) return null;
  const url = (await getTrackedLinks(campaign.tuid, campaign.campaignId))[named.link];
  if (!url || !TRACKABLE_URL.test(url)) return null;
  await enqueueQuietly({ type: 'click', ...campaign, contactId: named.contactId, link: named.link, time: options.now.toISOString(), userAgent: options.userAgent.slice(0, USER_AGENT_LENGTH) });
  return url;
}

/** The recipient of an unsubscribe link, with the address the question shows (masked); null when the link is not ours. */
export async function findUnsubscribeRecipient(options: { token: string }): Promise<{ recipient: TrackedRecipient; email: string | null } | null> {
  const recipient = await verifyTrackingToken('unsubscribe', options.token);
  if (!recipient) return null;
  const contact = await getContact(recipient.tuid, recipient.contactId);
  return { recipient, email: contact?.email ?? null };
}

/**
 * Unsubscribes the link's recipient (the worker withdraws the contact's consent and counts it
 * once). False when the link is not ours. A failure to queue is thrown: the answer must not say
 * "unsubscribed" unless it will be, and the mail program retries a failed one-click post.
 */
export async function unsubscribeByLink(options: { token: string; now: Date }): Promise<boolean> {
  const recipient = await verifyTrackingToken('unsubscribe', options.token);
  if (!recipient) return false;
  await enqueueTrackingEvent({ type: 'unsubscribe', ...recipient, time: options.now.toISOString() });
  return true;
}

/**
 * The online version's address for a recipient, or with `contactId` null the author's preview
 * (generateOnlineVersion): the campaign's current content with every personal value at its fallback.
 */
export async function onlineVersionUrlFor(options: { tuid: string; campaignId: string; contactId: number | null }): Promise<string> {
  const sign = await trackingSigner();
  return trackingUrls.onlineVersion(sign('view', { tuid: options.tuid, campaignId: options.campaignId, contactId: options.contactId ?? 0 }));
}

/** The author's preview link of an email campaign of the account (generateOnlineVersion); VAL-REC-01 for any other. */
export async function previewOnlineVersionUrl(options: { tuid: string; campaignId: string }): Promise<string> {
  const campaign = await requireCampaign({ tuid: options.tuid, campaignId: options.campaignId, family: 'email' });
  return onlineVersionUrlFor({ tuid: options.tuid, campaignId: campaign.id, contactId: null });
}

/**
 * The message as its recipient got it, without the open pixel and with links untracked (reading
 * it online is not an open or a click), its unsubscribe link signed; null when there is none.
 */
export async function renderOnlineVersion(options: { tuid: string; campaignId: string; contactId: number | null }): Promise<string | null> {
  const { tuid, campaignId, contactId } = options;
  const campaign = await getCampaignRecord(tuid, campaignId);
  if (!campaign) return null;
  // A recipient sees the version that was sent to them; the preview shows the latest save.
  const commandKey = contactId === null ? campaign.commandKey : (campaign.run?.commandKey ?? campaign.commandKey);
  const html = (await readEmailCommand(commandKey)).content?.html;
  if (!html) return null;
  const [fields, contact, sign] = await Promise.all([listContactFields(tuid), contactId === null ? null : getContact(tuid, contactId), trackingSigner()]);
  let compiled;
  try {
    compiled = compileTemplate(html, { fields, escape: 'html' });
  } catch (error) {
    // Saved content is checked before sending; a draft's preview may still be unfinished.
    if (error instanceof TemplateCompileError) return null;
    throw error;
  }
  const recipient = { tuid, campaignId, contactId: contactId ?? 0 };
  return compiled.render({
    contact: contact ?? { email: null, mobile: null, fields: {} },
    unsubscribeUrl: contactId === null ? undefined : trackingUrls.unsubscribe(sign('unsubscribe', recipient)),
    onlineVersionUrl: trackingUrls.onlineVersion(sign('view', recipient)),
  });
}

/** The online version behind a `view` link; null when the link is not ours or the campaign has no content. */
export async function renderOnlineVersionByLink(options: { token: string }): Promise<string | null> {
  const recipient = await verifyTrackingToken('view', options.token);
  if (!recipient) return null;
  return renderOnlineVersion({ ...recipient, contactId: recipient.contactId === 0 ? null : recipient.contactId });
}
