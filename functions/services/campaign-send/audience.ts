/**
 * Who a campaign run sends to, written down once as a contact set (a bitmap over contact
 * numbers) so that the planner's count, its credit reservation and the batches it cuts all agree,
 * even when the planner is interrupted and runs again while contacts change.
 *
 * - A send's recipients are its selection (groups and earlier campaigns, deduplicated, reachable)
 *   plus its pasted addresses. A pasted address that is no contact yet becomes one (as if typed on
 *   the contacts page), so reports, unsubscribes and bounces have a contact to land on; an existing
 *   contact that unsubscribed or hard-bounced stays unreached. The set is the campaign's audience
 *   (campaignAudienceSetId), which later campaigns include or exclude.
 * - A recovery's recipients are the audience less everyone an earlier run claimed, in a set of
 *   the run's own.
 */
import { isReachable } from '../../../shared/domain/contacts.js';
import { isValidEmail, normalizeEmail } from '../../../shared/domain/email.js';
import type { TEmailCampaignCommand } from '../../../shared/schemas/campaigns.js';
import { campaignExistsCheck, listRecipientsClaimedBefore } from '../../data/campaign-runs.js';
import { changeContactSet, ContactSet, deleteContactSet, getContactSet } from '../../data/contact-sets.js';
import { findContactIdsByIdentities, getContacts } from '../../data/contacts.js';
import { createContact } from '../contacts.js';
import { campaignAudienceSetId, resolveRecipients } from '../recipients.js';

/** Ids buffered before they are added to the stored set: one chunk read and write per flush. */
const FLUSH_EVERY = 20_000;
/** Pasted addresses looked up per read (BatchGetItem's 100 keys). */
const PASTED_LOOKUP = 100;

/** The contact set of a recovery run's recipients. */
function recoverySetId(campaignId: string, runId: string): string {
  return `campaign-${campaignId}-run-${runId}`;
}

/** Pasted addresses as contacts: found, or created; only the reachable ones are yielded. */
async function* pastedRecipients(tuid: string, pasted: readonly string[], now: Date): AsyncGenerator<number[]> {
  const emails = [...new Set(pasted.map(normalizeEmail).filter(isValidEmail))];
  for (let start = 0; start < emails.length; start += PASTED_LOOKUP) {
    const chunk = emails.slice(start, start + PASTED_LOOKUP);
    const { byEmail } = await findContactIdsByIdentities(tuid, { emails: chunk, mobiles: [] });
    for (const email of chunk.filter((address) => !byEmail.has(address))) {
      const created = await createContact({ tuid, input: { email }, now });
      byEmail.set(email, Number(created.id));
    }
    const contacts = await getContacts(tuid, [...byEmail.values()]);
    yield [...contacts.values()].filter((contact) => isReachable(contact, 'email')).map((contact) => contact.id);
  }
}

/**
 * The contact ids a send goes to, streamed in batches (a contact may repeat across the selection
 * and the pasted addresses: the set that receives them holds each once).
 */
export async function* resolveCampaignAudience(options: { tuid: string; command: TEmailCampaignCommand; now: Date }): AsyncGenerator<number[]> {
  const { tuid, command, now } = options;
  if (command.selection) {
    for await (const contacts of resolveRecipients({ tuid, channel: 'email', selection: command.selection })) yield contacts.map((contact) => contact.id);
  }
  if (command.pastedEmails?.length) yield* pastedRecipients(tuid, command.pastedEmails, now);
}

/** Adds streamed ids to a stored set in large flushes; the set's existence is tied to the campaign item. */
async function writeSet(tuid: string, campaignId: string, setId: string, batches: AsyncIterable<number[]>): Promise<void> {
  // The set's counter is the campaign itself: a set of a campaign deleted meanwhile stops being written.
  const campaignExists = () => campaignExistsCheck(tuid, campaignId);
  let buffer: number[] = [];
  const flush = async () => {
    if (buffer.length > 0) await changeContactSet({ tuid, setId, add: buffer, remove: [], counter: campaignExists });
    buffer = [];
  };
  for await (const ids of batches) {
    buffer.push(...ids);
    if (buffer.length >= FLUSH_EVERY) await flush();
  }
  await flush();
}

function countOf(set: ContactSet): number {
  let count = 0;
  for (const _ of set.ids()) count += 1;
  return count;
}

/** Writes a send's audience set; answers its id and size. */
export async function writeSendRecipients(options: { tuid: string; campaignId: string; command: TEmailCampaignCommand; now: Date }): Promise<{ setId: string; count: number }> {
  const setId = campaignAudienceSetId(options.campaignId);
  await writeSet(options.tuid, options.campaignId, setId, resolveCampaignAudience(options));
  return { setId, count: countOf(await getContactSet(options.tuid, setId)) };
}

/** Writes a recovery's set: the audience less every contact an earlier run claimed. */
export async function writeRecoveryRecipients(options: { tuid: string; campaignId: string; runId: string }): Promise<{ setId: string; count: number }> {
  const { tuid, campaignId, runId } = options;
  const reachedSet = await ContactSet.fromBatches(listRecipientsClaimedBefore(tuid, campaignId, runId));
  const audience = await getContactSet(tuid, campaignAudienceSetId(campaignId));
  const setId = recoverySetId(campaignId, runId);
  async function* remaining(): AsyncGenerator<number[]> {
    let batch: number[] = [];
    for (const id of audience.ids()) {
      if (reachedSet.has(id)) continue;
      batch.push(id);
      if (batch.length >= FLUSH_EVERY) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }
  await writeSet(tuid, campaignId, setId, remaining());
  return { setId, count: countOf(await getContactSet(tuid, setId)) };
}

/** Removes a run's set when the run never started sending (it went back to draft). */
export async function discardRunRecipients(tuid: string, setId: string): Promise<void> {
  await deleteContactSet(tuid, setId);
}
