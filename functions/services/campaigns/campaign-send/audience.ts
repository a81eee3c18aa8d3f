/**
 * Who a campaign run sends to, written down once as a contact set (a bitmap over contact
 * numbers) so that the planner's count, its credit reservation and the batches it cuts all agree,
 * even when the planner is interrupted and runs again while contacts change.
 *
 * - A send's recipients are its selection (groups and earlier campaigns, deduplicated, reachable
 *   on the channel) plus its pasted addresses or numbers. A pasted one that is no contact yet
 *   becomes one (as if typed on the contacts page), so reports, unsubscribes and bounces have a
 *   contact to land on; an existing contact that unsubscribed or bounced stays unreached. The set
 *   is the campaign's audience (campaignAudienceSetId), which later campaigns include or exclude.
 * - A recovery's recipients are the audience less everyone an earlier run claimed, in a set of
 *   the run's own.
 *
 * While the recipients stream past, each one's cost is added up (an email one credit; an SMS its
 * segments at its country's rate, personalisation included): the reservation is exact. A number
 * the run cannot send to (a country the account does not allow, or no MMS there) is skipped and
 * counted.
 */
import type { ContactRecord } from '../../../../shared/domain/contacts.js';
import { isValidEmail, normalizeEmail } from '../../../../shared/domain/email.js';
import { DEFAULT_MOBILE_COUNTRY, normalizeMobile } from '../../../../shared/domain/phone.js';
import { tallyCountryCost, type CountryCost } from '../../../../shared/domain/sms-pricing.js';
import type { TCampaignCommand } from '../../../../shared/schemas/campaigns.js';
import { campaignExistsCheck, listRecipientsClaimedBefore } from '../../../data/campaign-runs.js';
import { changeContactSet, ContactSet, deleteContactSet, getContactSet } from '../../../data/contact-sets.js';
import { findContactIdsByIdentities, getContacts } from '../../../data/contacts.js';
import { createContact } from '../../contacts/contacts.js';
import { campaignAudienceSetId, resolveRecipients } from '../../contacts/recipients.js';
import type { MessageCost, RunSender } from './run-sender.js';

/** Ids buffered before they are added to the stored set: one chunk read and write per flush. */
const FLUSH_EVERY = 20_000;
/** Pasted addresses looked up per read (BatchGetItem's 100 keys). */
const PASTED_LOOKUP = 100;

/** A run's recipients as written: the set, how many, what they cost, and how many the run could not send to. */
export type RunRecipients = { setId: string; count: number; credits: number; skipped: ContactRecord[] };

/** The contact set of a recovery run's recipients. */
export function recoverySetId({ campaignId, runId }: { campaignId: string; runId: string }): string {
  return `campaign-${campaignId}-run-${runId}`;
}

/** Pasted emails or numbers as their identities: valid ones only, normalised, each once. */
function pastedIdentities(command: TCampaignCommand): { emails: string[]; mobiles: string[] } {
  const emails = 'pastedEmails' in command ? [...new Set((command.pastedEmails ?? []).map(normalizeEmail).filter(isValidEmail))] : [];
  const mobiles =
    'pastedNumbers' in command
      ? [...new Set((command.pastedNumbers ?? []).map((number) => normalizeMobile(number, DEFAULT_MOBILE_COUNTRY)).filter((mobile): mobile is string => mobile !== null))]
      : [];
  return { emails, mobiles };
}

/** A pasted address or number that is no contact yet, as the contact it would become (id 0: not stored). */
function newContactOf(identity: { email: string } | { mobile: string }, now: Date): ContactRecord {
  const time = now.getTime();
  return {
    id: 0,
    email: 'email' in identity ? identity.email : null,
    mobile: 'mobile' in identity ? identity.mobile : null,
    emailSubscribe: true,
    smsSubscribe: true,
    emailBounce: 'none',
    smsBounce: 'none',
    fields: {},
    createTime: time,
    updateTime: time,
  };
}

/**
 * Pasted addresses and numbers as contacts: found, or (`create`) created, or else as they would
 * be; only the ones the channel reaches are yielded.
 */
async function* pastedRecipients(tuid: string, command: TCampaignCommand, sender: RunSender, now: Date, create: boolean): AsyncGenerator<ContactRecord[]> {
  const { emails, mobiles } = pastedIdentities(command);
  const pasted = [...emails.map((email) => ({ email })), ...mobiles.map((mobile) => ({ mobile }))];
  for (let start = 0; start < pasted.length; start += PASTED_LOOKUP) {
    const chunk = pasted.slice(start, start + PASTED_LOOKUP);
    const found = await findContactIdsByIdentities(tuid, { emails: chunk.flatMap((one) => ('email' in one ? [one.email] : [])), mobiles: chunk.flatMap((one) => ('mobile' in one ? [one.mobile] : [])) });
    const ids: number[] = [];
    const unsaved: ContactRecord[] = [];
    for (const identity of chunk) {
      const existing = 'email' in identity ? found.byEmail.get(identity.email) : found.byMobile.get(identity.mobile);
      if (existing !== undefined) ids.push(existing);
      else if (create) ids.push(Number((await createContact({ tuid, input: identity, now })).id));
      else unsaved.push(newContactOf(identity, now));
    }
    const contacts = [...(await getContacts(tuid, ids)).values(), ...unsaved];
    yield contacts.filter((contact) => sender.reaches(contact));
  }
}

/**
 * The contacts a send goes to, streamed in batches (a contact may repeat across the selection
 * and the pasted ones: the set that receives them holds each once).
 */
async function* sendAudience(options: { tuid: string; command: TCampaignCommand; sender: RunSender; now: Date; create: boolean }): AsyncGenerator<ContactRecord[]> {
  const { tuid, command, sender, now } = options;
  if (command.selection) yield* resolveRecipients({ tuid, channel: sender.channel === 'email' ? 'email' : 'sms', selection: command.selection });
  yield* pastedRecipients(tuid, command, sender, now, options.create);
}

/**
 * Each streamed contact once, with what sending to it costs, and how many the run cannot send to
 * at all (`skipped`). Contacts not stored yet (id 0: pasted numbers of a cost preview) are each new.
 */
async function* costedAudience(batches: AsyncIterable<ContactRecord[]>, sender: RunSender, ref: { tuid: string; campaignId: string }, skipped: ContactRecord[]) {
  const seen = new Set<number>();
  for await (const contacts of batches) {
    const costed: Array<{ contact: ContactRecord; cost: MessageCost }> = [];
    for (const contact of contacts) {
      if (contact.id !== 0 && seen.has(contact.id)) continue;
      seen.add(contact.id);
      const cost = sender.costOf(contact, ref);
      if (cost) costed.push({ contact, cost });
      else skipped.push(contact);
    }
    yield costed;
  }
}

/**
 * What sending the command now would cost, per destination country, without writing anything:
 * the same recipients and prices the planner will use (pasted numbers that are no contact yet
 * counted as the contacts they will become).
 */
export async function estimateAudienceCost(options: { tuid: string; campaignId: string; command: TCampaignCommand; sender: RunSender; now: Date }): Promise<{
  countries: CountryCost[];
  recipients: number;
  credits: number;
  skipped: number;
}> {
  const tally = new Map<string, CountryCost>();
  const skipped: ContactRecord[] = [];
  const totals = { recipients: 0, credits: 0 };
  for await (const costed of costedAudience(sendAudience({ ...options, create: false }), options.sender, options, skipped)) {
    for (const { cost } of costed) {
      totals.recipients += 1;
      totals.credits += cost.credits;
      tallyCountryCost(tally, cost.country ?? 'ZZ', cost.credits, cost.segments);
    }
  }
  return { countries: [...tally.values()].sort((a, b) => b.credits - a.credits || a.country.localeCompare(b.country)), ...totals, skipped: skipped.length };
}

/** Adds streamed contacts to a stored set in large flushes, costing each once; the set's existence is tied to the campaign item. */
async function writeSet(options: { tuid: string; campaignId: string; setId: string; sender: RunSender; batches: AsyncIterable<ContactRecord[]> }): Promise<RunRecipients> {
  const { tuid, campaignId, setId, sender } = options;
  // The set's counter is the campaign itself: a set of a campaign deleted meanwhile stops being written.
  const campaignExists = () => campaignExistsCheck(tuid, campaignId);
  // An earlier attempt cut short may have left part of a set: start afresh, so the set holds exactly what was costed.
  await deleteContactSet(tuid, setId);
  const skipped: ContactRecord[] = [];
  const totals = { count: 0, credits: 0 };
  let buffer: number[] = [];
  const flush = async () => {
    if (buffer.length > 0) await changeContactSet({ tuid, setId, add: buffer, remove: [], counter: campaignExists });
    buffer = [];
  };
  for await (const costed of costedAudience(options.batches, sender, { tuid, campaignId }, skipped)) {
    for (const { contact, cost } of costed) {
      totals.count += 1;
      totals.credits += cost.credits;
      buffer.push(contact.id);
    }
    if (buffer.length >= FLUSH_EVERY) await flush();
  }
  await flush();
  return { setId, ...totals, skipped };
}

/** Writes a send's audience set; answers its id, size and cost. */
export async function writeSendRecipients(options: { tuid: string; campaignId: string; command: TCampaignCommand; sender: RunSender; now: Date }): Promise<RunRecipients> {
  const { tuid, campaignId, sender } = options;
  return writeSet({ tuid, campaignId, setId: campaignAudienceSetId(campaignId), sender, batches: sendAudience({ ...options, create: true }) });
}

/** Writes a recovery's set: the audience less every contact an earlier run claimed (and anyone no longer reachable). */
export async function writeRecoveryRecipients(options: { tuid: string; campaignId: string; runId: string; sender: RunSender }): Promise<RunRecipients> {
  const { tuid, campaignId, runId, sender } = options;
  const reachedSet = await ContactSet.fromBatches(listRecipientsClaimedBefore(tuid, campaignId, runId));
  const audience = await getContactSet(tuid, campaignAudienceSetId(campaignId));
  async function* remaining(): AsyncGenerator<ContactRecord[]> {
    let batch: number[] = [];
    const contactsOf = async (ids: number[]) => [...(await getContacts(tuid, ids)).values()].filter((contact) => sender.reaches(contact));
    for (const id of audience.ids()) {
      if (reachedSet.has(id)) continue;
      batch.push(id);
      if (batch.length >= FLUSH_EVERY) {
        yield await contactsOf(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield await contactsOf(batch);
  }
  return writeSet({ tuid, campaignId, setId: recoverySetId({ campaignId, runId }), sender, batches: remaining() });
}

/** Removes a run's set when the run never started sending (it went back to draft). */
export async function discardRunRecipients({ tuid, setId }: { tuid: string; setId: string }): Promise<void> {
  await deleteContactSet(tuid, setId);
}
