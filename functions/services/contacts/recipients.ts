/**
 * Recipient selection (spec §3): included groups and campaigns, minus excluded ones, resolved to
 * each reachable contact once — with an address on the channel, subscribed, not hard-bounced.
 * It streams: campaigns consume the recipients a batch at a time. When every included source is
 * a member set (snapshot groups, campaign audiences), only the blocks those members live in are
 * read; otherwise every contact is read once, all shards in parallel.
 */
import type { ContactPredicate } from '../../../shared/domain/contact-filter.js';
import { isReachable, type ContactRecord } from '../../../shared/domain/contacts.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { Channel } from '../../../shared/schemas/contacts.js';
import type { TRecipientSelection } from '../../../shared/schemas/groups.js';
import { getContactSet, type ContactSet } from '../../data/contact-sets.js';
import { contactBlockOf, readContactBlocks, scanContacts } from '../../data/contacts.js';
import { hasGroup, loadFilterContext, loadGroupMembership } from './contact-search.js';

/** The member set of a sent campaign's audience; written by the campaign send pipeline. */
export function campaignAudienceSetId(campaignId: string): string {
  return `campaign-${campaignId}`;
}

async function campaignAudience(tuid: string, campaignId: string): Promise<ContactSet> {
  const audience = await getContactSet(tuid, campaignAudienceSetId(campaignId));
  // Every sent campaign had recipients (one with none returns to draft), so no audience means no such campaign.
  if (audience.isEmpty) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no sent campaign '${campaignId}'.`);
  return audience;
}

function anyOf(predicates: readonly ContactPredicate[]): ContactPredicate {
  return (contact) => predicates.some((predicate) => predicate(contact));
}

/** Yields the selection's recipients on a channel in batches; each contact at most once. */
export async function* resolveRecipients(options: { tuid: string; channel: Channel; selection: TRecipientSelection }): AsyncGenerator<ContactRecord[]> {
  const { tuid, channel, selection } = options;
  const context = await loadFilterContext(tuid);
  for (const id of [...selection.includedGroup, ...selection.excludedGroup]) {
    if (!hasGroup({ context, id })) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no group '${id}'.`);
  }
  const [memberOf, includedAudiences, excludedAudiences] = await Promise.all([
    loadGroupMembership({ context, groupIds: [...selection.includedGroup, ...selection.excludedGroup] }),
    Promise.all(selection.includedCampaign.map((campaign) => campaignAudience(tuid, campaign.id))),
    Promise.all(selection.excludedCampaign.map((campaign) => campaignAudience(tuid, campaign.id))),
  ]);
  const setPredicate = (set: ContactSet): ContactPredicate => (contact) => set.has(contact.id);
  const included = anyOf([...selection.includedGroup.map(memberOf), ...includedAudiences.map(setPredicate)]);
  const excluded = anyOf([...selection.excludedGroup.map(memberOf), ...excludedAudiences.map(setPredicate)]);
  const isRecipient = (contact: ContactRecord) => isReachable(contact, channel) && included(contact) && !excluded(contact);

  const includedSets = [
    ...selection.includedGroup.map((id) => context.groups.get(id)).filter((group) => group?.type === 'S').map((group) => group!.id),
  ];
  const onlySets = includedSets.length === selection.includedGroup.length;
  let source: AsyncIterable<ContactRecord[]>;
  if (onlySets) {
    const sets = [...(await Promise.all(includedSets.map((id) => getContactSet(tuid, id)))), ...includedAudiences];
    const blocks = new Set<number>();
    for (const set of sets) for (const id of set.ids()) blocks.add(contactBlockOf(id));
    source = readContactBlocks(tuid, [...blocks].sort((a, b) => a - b));
  } else {
    source = scanContacts(tuid);
  }
  for await (const block of source) {
    const recipients = block.filter(isRecipient);
    if (recipients.length > 0) yield recipients;
  }
}

/** How many contacts a campaign on this channel would reach now. */
export async function countRecipients(options: { tuid: string; channel: Channel; selection: TRecipientSelection }): Promise<number> {
  let count = 0;
  for await (const batch of resolveRecipients(options)) count += batch.length;
  return count;
}
