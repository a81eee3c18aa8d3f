/**
 * Creating, changing, reading and deleting contacts. One contact per email and per mobile number
 * in an account, enforced by identity items in the contact's own transaction; free accounts stop
 * at their contact limit and hear about it at 75% and 100% (spec §9).
 */
import { FREE_CONTACT_LIMIT } from '../../../shared/constants.js';
import { suppressedContact, type Suppression } from '../../../shared/domain/campaign-engagement.js';
import {
  applyContactInput,
  parseContactId,
  toApiContact,
  type ContactRecord,
} from '../../../shared/domain/contacts.js';
import { normalizeEmail } from '../../../shared/domain/email.js';
import { normalizeMobile } from '../../../shared/domain/phone.js';
import { subscriptionEvents } from '../../../shared/domain/webhooks.js';
import { AppError, ERROR_CODES } from '../../../shared/errors.js';
import type { TContact, TContactDetailsResponse, TContactInput, TUpdateContactRequest } from '../../../shared/schemas/contacts.js';
import { getAccount } from '../../data/accounts.js';
import { changeContactSet } from '../../data/contact-sets.js';
import {
  allocateContactIds,
  announceWaitingWriter,
  bulkWriteLeaseUntil,
  ContactWriteRefused,
  deleteContactRecords,
  findContactIdByIdentity,
  getContact,
  getContacts,
  insertContact,
  releaseStaleIdentity,
  replaceContact,
} from '../../data/contacts.js';
import { listGroups, memberCountChange } from '../../data/groups.js';
import { createLimiter } from '../../lib/concurrency.js';
import { loadFilterContext, loadGroupMembership } from './contact-search.js';
import { listContactFields } from './contact-fields.js';
import { noticeContactLimit } from './contact-limit.js';
import { emitWebhookEvent } from '../webhooks/events.js';

/** National numbers without a country are read as the service region's (Asia/Hong_Kong). */
const DEFAULT_MOBILE_COUNTRY = 'HK';
const WRITE_ATTEMPTS = 4;

/** A contact id from a URL or body that names an existing contact of this account. */
export async function requireContact({ tuid, id }: { tuid: string; id: string }): Promise<ContactRecord> {
  const number = parseContactId(id);
  const contact = number === null ? null : await getContact(tuid, number);
  if (!contact) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This contact no longer exists.');
  return contact;
}

/**
 * An identity item that names a contact no longer holding that address is left over from a write
 * that died halfway; it is released so the address can be used. Answers whether it was stale.
 */
async function releaseIfStale(tuid: string, identity: { email: string } | { mobile: string }): Promise<boolean> {
  const holderId = await findContactIdByIdentity(tuid, identity);
  if (holderId === null) return true;
  const holder = await getContact(tuid, holderId);
  const holds = holder !== null && ('email' in identity ? holder.email === identity.email : holder.mobile === identity.mobile);
  if (holds) return false;
  try {
    await releaseStaleIdentity(tuid, identity, holderId);
  } catch (error) {
    if (!(error instanceof ContactWriteRefused)) throw error;
    // Changed meanwhile: the retry reads it afresh. An import's lease: its identity may not be stale at all.
    if (error.reason === 'bulkWriterActive') await waitForBulkWriter(tuid);
  }
  return true;
}

/** How long a single write waits for an import's batch to finish writing (a batch takes about a second). */
const BULK_WRITER_WAIT_MS = 20_000;

/** Waits, bounded, for a bulk writer's lease to end, having asked it to let this write go next. */
async function waitForBulkWriter(tuid: string): Promise<void> {
  await announceWaitingWriter(tuid, Date.now());
  const deadline = Date.now() + BULK_WRITER_WAIT_MS;
  for (;;) {
    const until = await bulkWriteLeaseUntil(tuid);
    if (until === null || until < Date.now()) return;
    if (Date.now() > deadline) throw new AppError(ERROR_CODES.GENERIC, 'An import is writing contacts right now. Try again in a moment.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Turns a refused write into the user's answer, or says to try again (a leftover identity was released, or a race was lost). */
async function explainRefusal(tuid: string, refusal: ContactWriteRefused, contact: Pick<ContactRecord, 'email' | 'mobile'>): Promise<'retry'> {
  switch (refusal.reason) {
    case 'emailTaken':
      if (await releaseIfStale(tuid, { email: contact.email! })) return 'retry';
      throw new AppError(ERROR_CODES.CONTACT_EMAIL_EXISTS, 'A contact with this email already exists.');
    case 'mobileTaken':
      if (await releaseIfStale(tuid, { mobile: contact.mobile! })) return 'retry';
      throw new AppError(ERROR_CODES.CONTACT_MOBILE_EXISTS, 'A contact with this mobile number already exists.');
    case 'limitReached':
      throw new AppError(ERROR_CODES.CONTACT_LIMIT, `Your free account has reached its limit of ${FREE_CONTACT_LIMIT} contacts. Upgrade your plan to add more.`);
    case 'changedMeanwhile':
      return 'retry';
    case 'bulkWriterActive':
      await waitForBulkWriter(tuid);
      return 'retry';
  }
}

/** Sets which snapshot groups the contact belongs to (the groups the input names, checked before, and no others). */
async function setSnapshotMemberships(tuid: string, contact: ContactRecord, groupIds: readonly string[]): Promise<void> {
  const groups = await listGroups(tuid);
  const wanted = new Set(groupIds);
  const limit = createLimiter(8);
  await Promise.all(
    groups
      .filter((group) => group.type === 'S')
      .map((group) =>
        limit(() =>
          changeContactSet({
            tuid,
            setId: group.id,
            add: wanted.has(group.id) ? [contact.id] : [],
            remove: wanted.has(group.id) ? [] : [contact.id],
            counter: (delta) => memberCountChange(tuid, group.id, delta),
          }),
        ),
      ),
  );
}

export async function createContact(options: { tuid: string; input: TContactInput; now: Date }): Promise<TContact> {
  const { tuid, input, now } = options;
  const [fields, account] = await Promise.all([listContactFields(tuid), getAccount(tuid)]);
  // Groups are checked before anything is written, so a bad group id leaves no contact behind.
  if (input.groupIds?.length) await assertSnapshotGroups(tuid, input.groupIds);
  const values = applyContactInput({ current: null, input, fields, defaultCountry: DEFAULT_MOBILE_COUNTRY, now: now.getTime() });
  const contact: ContactRecord = { id: await allocateContactIds(tuid, 1), ...values };
  for (let attempt = 1; ; attempt += 1) {
    try {
      await insertContact(tuid, contact, account?.free ? FREE_CONTACT_LIMIT : null);
      break;
    } catch (error) {
      if (!(error instanceof ContactWriteRefused) || attempt >= WRITE_ATTEMPTS) throw error;
      await explainRefusal(tuid, error, contact);
    }
  }
  if (input.groupIds?.length) await setSnapshotMemberships(tuid, contact, input.groupIds);
  await noticeContactLimit({ tuid, now });
  await emitSubscriptionEvents(tuid, null, contact, now);
  return toApiContact(contact, fields);
}

/** Tells the account's webhooks of the subscriptions a hand-made write turned on or off. */
async function emitSubscriptionEvents(tuid: string, before: ContactRecord | null, after: ContactRecord, now: Date): Promise<void> {
  for (const { type, channel, address } of subscriptionEvents(before, after)) {
    await emitWebhookEvent({ tuid, type, data: { contactId: after.id, channel, address }, now });
  }
}

async function assertSnapshotGroups(tuid: string, groupIds: readonly string[]): Promise<void> {
  const groups = new Map((await listGroups(tuid)).map((group) => [group.id, group]));
  for (const id of groupIds) {
    const group = groups.get(id);
    if (!group) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, `There is no group '${id}'.`);
    if (group.type !== 'S') throw new AppError(ERROR_CODES.GROUP_NOT_EDITABLE, `'${group.name}' is an auto-update group: its members follow its conditions.`);
  }
}

/** Changes the keys the input names; a concurrent edit of the same contact is re-read and re-applied. */
export async function updateContact(options: { tuid: string; id: string; input: TUpdateContactRequest; now: Date }): Promise<TContact> {
  const { tuid, input, now } = options;
  const fields = await listContactFields(tuid);
  if (input.groupIds) await assertSnapshotGroups(tuid, input.groupIds);
  for (let attempt = 1; ; attempt += 1) {
    const current = await requireContact({ tuid, id: options.id });
    const next: ContactRecord = { id: current.id, ...applyContactInput({ current, input, fields, defaultCountry: DEFAULT_MOBILE_COUNTRY, now: now.getTime() }) };
    try {
      await replaceContact(tuid, current, next);
      if (input.groupIds) await setSnapshotMemberships(tuid, next, input.groupIds);
      await emitSubscriptionEvents(tuid, current, next, now);
      return toApiContact(next, fields);
    } catch (error) {
      if (!(error instanceof ContactWriteRefused) || attempt >= WRITE_ATTEMPTS) throw error;
      await explainRefusal(tuid, error, next);
    }
  }
}

/**
 * Deletes contacts: first out of every snapshot group (so no group counts a contact that is
 * gone), then the contacts with their identities. Ids that name no contact are skipped.
 */
export async function deleteContacts(options: { tuid: string; ids: readonly string[]; now: Date }): Promise<{ deleted: number }> {
  const { tuid, now } = options;
  const numbers = [...new Set(options.ids.map(parseContactId).filter((id): id is number => id !== null))];
  const found = await getContacts(tuid, numbers);
  if (found.size === 0) return { deleted: 0 };
  const ids = [...found.keys()];
  const limit = createLimiter(8);
  const snapshotGroups = (await listGroups(tuid)).filter((group) => group.type === 'S');
  await Promise.all(
    snapshotGroups.map((group) =>
      limit(() => changeContactSet({ tuid, setId: group.id, add: [], remove: ids, counter: (delta) => memberCountChange(tuid, group.id, delta) })),
    ),
  );
  for (let attempt = 1; ; attempt += 1) {
    const current = await getContacts(tuid, ids);
    try {
      await deleteContactRecords(tuid, [...current.values()]);
      // Falling back under a notice's threshold re-arms it.
      await noticeContactLimit({ tuid, now });
      return { deleted: current.size };
    } catch (error) {
      if (!(error instanceof ContactWriteRefused) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

function channelEntry(name: 'email' | 'mobile', contact: ContactRecord) {
  return name === 'email'
    ? { name, value: contact.email, subscribe: contact.emailSubscribe, bounceStatus: contact.emailBounce }
    : { name, value: contact.mobile, subscribe: contact.smsSubscribe, bounceStatus: contact.smsBounce };
}

/** The profile (spec §3): primary entries per channel, custom entries per field, and every group the contact is in. */
export async function getContactDetails(options: { tuid: string; id: string; owner?: string }): Promise<TContactDetailsResponse> {
  const { tuid, owner } = options;
  // Another owner's contact is answered as if it did not exist (tenant isolation).
  if (owner !== undefined && owner !== '' && owner !== tuid) throw new AppError(ERROR_CODES.RECORD_NOT_FOUND, 'This contact no longer exists.');
  const [contact, context] = await Promise.all([requireContact({ tuid, id: options.id }), loadFilterContext(tuid)]);
  const groups = [...context.groups.values()];
  const memberOf = await loadGroupMembership({ context, groupIds: groups.map((group) => group.id) });
  const api = toApiContact(contact, context.fields);
  return {
    contact: {
      id: api.id,
      primary: [channelEntry('email', contact), channelEntry('mobile', contact)],
      custom: context.fields.map((field) => ({ name: field.id, value: api.fields[field.id] ?? null })),
      groups: groups.filter((group) => memberOf(group.id)(contact)).map((group) => ({ id: group.id, name: group.name, type: group.type })),
      createTime: api.createTime,
      updateTime: api.updateTime,
    },
    schemas: context.fields,
    groupOwnerId: tuid,
  };
}

type Identity = { email: string } | { mobile: string };

/**
 * Applies a suppression on one channel to whoever holds `identity` (that channel's address) in the
 * account now (the contact `contactId` when the address is not known); an address no contact holds
 * any more becomes a suppressed contact of its own, so no later campaign reaches it. Idempotent.
 */
async function suppressIdentity(options: { tuid: string; channel: 'email' | 'sms'; identity: Identity | null; contactId: number; suppression: Suppression; now: Date }): Promise<void> {
  const { tuid, channel, identity, suppression, now } = options;
  const holds = (contact: ContactRecord) => identity === null || ('email' in identity ? contact.email === identity.email : contact.mobile === identity.mobile);
  for (let attempt = 1; ; attempt += 1) {
    const holderId = identity === null ? options.contactId : await findContactIdByIdentity(tuid, identity);
    const current = holderId === null ? null : await getContact(tuid, holderId);
    try {
      if (current && holds(current)) {
        const next = suppressedContact(current, channel, suppression, now.getTime());
        if (next !== current) await replaceContact(tuid, current, next);
        return;
      }
      if (identity === null) return;
      const input = 'email' in identity ? { email: identity.email, emailSubscribe: false } : { mobile: identity.mobile, smsSubscribe: false };
      const values = applyContactInput({ current: null, input, fields: [], now: now.getTime() });
      const contact = suppressedContact({ id: await allocateContactIds(tuid, 1), ...values }, channel, suppression, now.getTime());
      // A suppression is never refused for the free contact limit: it keeps messages from going, not a contact to message.
      await insertContact(tuid, contact, null);
      return;
    } catch (error) {
      if (!(error instanceof ContactWriteRefused) || attempt >= WRITE_ATTEMPTS) throw error;
      if (error.reason === 'bulkWriterActive') await waitForBulkWriter(tuid);
      // Otherwise the address or the contact changed meanwhile (or a leftover identity): read again.
      if ((error.reason === 'emailTaken' || error.reason === 'mobileTaken') && identity !== null) await releaseIfStale(tuid, identity);
    }
  }
}

/**
 * Stops campaign email to an address for good after a hard bounce, a complaint or an unsubscribe
 * (docs/decisions.md "Tracking and reports"). The contact that holds the address now is changed
 * (the one the message went to when the address is not known); an address no contact holds any
 * more becomes an unsubscribed contact, as the unsubscribed-emails import does, so no later
 * campaign reaches it. Idempotent: the delivery-events worker calls it again on a redelivery.
 */
export async function suppressEmail(options: { tuid: string; email: string | null; contactId: number; suppression: Suppression; now: Date }): Promise<void> {
  const { email, ...rest } = options;
  await suppressIdentity({ ...rest, channel: 'email', identity: email === null ? null : { email: normalizeEmail(email) } });
}

/**
 * The same for campaign SMS and MMS to a mobile number (E.164, or any form normalizeMobile reads):
 * a hard failure (invalid, blocked number) sets the contact's smsBounce to hard, an opt-out (STOP,
 * an unsubscribe) its smsSubscribe to false (docs/decisions.md "SMS channel"). Idempotent.
 */
export async function suppressMobile(options: { tuid: string; mobile: string | null; contactId: number; suppression: Suppression; now: Date }): Promise<void> {
  const { mobile, ...rest } = options;
  const normalized = mobile === null ? null : normalizeMobile(mobile, DEFAULT_MOBILE_COUNTRY);
  await suppressIdentity({ ...rest, channel: 'sms', identity: normalized === null ? null : { mobile: normalized } });
}
