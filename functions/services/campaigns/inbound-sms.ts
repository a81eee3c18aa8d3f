/**
 * Replies to our phone numbers (End User Messaging two-way SMS, through SNS). An opt-out keyword
 * (shared/domain/sms-keywords.ts) unsubscribes the number from campaign SMS in every account that
 * holds it as a contact: the reply arrives on a number the accounts share and names only the
 * sender's number, and End User Messaging's own opt-out list already refuses further messages to
 * it from every account alike (docs/decisions.md "SMS channel"). Other replies change nothing.
 * Idempotent: a redelivered reply finds the contacts already unsubscribed.
 */
import { z } from 'zod';
import { normalizeMobile } from '../../../shared/domain/phone.js';
import { smsKeywordOf } from '../../../shared/domain/sms-keywords.js';
import { findContactsByMobileAcrossAccounts } from '../../data/contacts.js';
import { createLimiter } from '../../lib/concurrency.js';
import { logger } from '../../lib/logger.js';
import type { TSnsEnvelope } from '../../lib/sns-envelope.js';
import { suppressMobile } from '../contacts/contacts.js';

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
  await Promise.all(holders.map(({ tuid, contactId }) => limit(() => suppressMobile({ tuid, mobile, contactId, suppression: 'unsubscribe', now }))));
}
