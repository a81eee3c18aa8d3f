/**
 * Replies to our phone numbers (End User Messaging two-way SMS, through SNS). An opt-out keyword
 * (shared/domain/sms-keywords.ts) unsubscribes the number from campaign SMS in every account that
 * holds it as a contact: the reply arrives on a number the accounts share and names only the
 * sender's number, and End User Messaging's own opt-out list already refuses further messages to
 * it from every account alike (docs/decisions.md "SMS channel"). The opt-out also counts in the
 * report of the account's latest SMS campaign that reached the number, where the deliverability
 * guard watches the opt-out rate. Other replies change nothing.
 * Idempotent: a redelivered reply finds the contacts already unsubscribed, and its event id counted.
 */
import { z } from 'zod';
import { DAY_MS } from '../../../shared/constants.js';
import { normalizeMobile } from '../../../shared/domain/phone.js';
import { smsKeywordOf } from '../../../shared/domain/sms-keywords.js';
import { getEngagement } from '../../data/campaign-engagement.js';
import { listCampaignRecords } from '../../data/campaigns.js';
import { findContactsByMobileAcrossAccounts } from '../../data/contacts.js';
import { createLimiter } from '../../lib/concurrency.js';
import { logger } from '../../lib/logger.js';
import type { TSnsEnvelope } from '../../lib/sns-envelope.js';
import { suppressMobile } from '../contacts/contacts.js';
import { recordGuardedEngagementEvent } from './delivery-events.js';

/** The two-way SMS payload End User Messaging publishes; unknown keys pass. */
export const ZInboundSms = z.object({
  /** The sender: our contact's number. */
  originationNumber: z.string().min(1),
  /** Our number the reply went to. */
  destinationNumber: z.string(),
  /** The keyword End User Messaging matched, when the reply is one registered on the number. */
  messageKeyword: z.string().optional(),
  messageBody: z.string(),
  inboundMessageId: z.string(),
  previousPublishedMessageId: z.string().optional(),
});
export type TInboundSms = z.infer<typeof ZInboundSms>;

/** Accounts changed at once for one reply. */
const ACCOUNTS_IN_FLIGHT = 4;

/** A STOP answers a message of a run started this recently; older runs are not blamed for it. */
const OPT_OUT_RUN_AGE_MS = 7 * DAY_MS;
/** The latest SMS campaigns looked at for the one the STOP answers. */
const OPT_OUT_CANDIDATES = 5;

/** Counts the opt-out in the latest recent SMS or MMS campaign that reached the contact, if any. */
async function countOptOut(options: { tuid: string; contactId: number; mobile: string; inboundMessageId: string; now: Date }): Promise<void> {
  const { tuid, contactId, mobile, now } = options;
  const recent = (await listCampaignRecords(tuid, ['sms', 'mms']))
    .flatMap((record) => (record.run && now.getTime() - Date.parse(record.run.startTime) <= OPT_OUT_RUN_AGE_MS ? [{ campaignId: record.id, startTime: record.run.startTime }] : []))
    .sort((a, b) => b.startTime.localeCompare(a.startTime))
    .slice(0, OPT_OUT_CANDIDATES);
  for (const { campaignId } of recent) {
    if (!(await getEngagement(tuid, campaignId, contactId))) continue;
    const event = { id: `optOut:${options.inboundMessageId}`, kind: 'unsubscribed' as const, time: now.toISOString(), address: mobile };
    await recordGuardedEngagementEvent({ recipient: { tuid, campaignId, contactId }, channel: 'sms', event }, now);
    return;
  }
}

/** The worker's step for one queue message. */
export async function processInboundSms(envelope: TSnsEnvelope, now: Date): Promise<void> {
  if (envelope.Type !== 'Notification') return;
  const inbound = ZInboundSms.parse(JSON.parse(envelope.Message));
  const isOptOut = [inbound.messageKeyword ?? '', inbound.messageBody].some((text) => smsKeywordOf(text) === 'optOut');
  if (!isOptOut) return;
  const mobile = normalizeMobile(inbound.originationNumber);
  if (mobile === null) {
    logger.warn('opt-out from a number that is no mobile number', { inboundMessageId: inbound.inboundMessageId });
    return;
  }
  const holders = await findContactsByMobileAcrossAccounts(mobile);
  const limit = createLimiter(ACCOUNTS_IN_FLIGHT);
  await Promise.all(
    holders.map(({ tuid, contactId }) =>
      limit(async () => {
        await suppressMobile({ tuid, mobile, contactId, suppression: 'unsubscribe', now });
        await countOptOut({ tuid, contactId, mobile, inboundMessageId: inbound.inboundMessageId, now });
      }),
    ),
  );
}
