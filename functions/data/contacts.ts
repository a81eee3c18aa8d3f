/**
 * Contacts, packed 100 to a block item (docs/data-model.md). A contact's id is its number in the
 * account; block = floor(id / 100), and the contact is the block's attribute `c<id % 100>`, a
 * compact JSON string. Blocks spread over CONTACT_SHARDS partitions, so a full read is one query
 * per shard in parallel, and reading 100 contacts costs one item instead of 100. Email and mobile
 * each have an identity item that makes them unique in the account; the account's contact counters
 * change in the same transaction as the contacts.
 */
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import type { BounceStatus } from '../../shared/schemas/contacts.js';
import { interleave } from '../lib/concurrency.js';
import { CONTACT_SHARDS, keys } from './keys.js';
import { batchGet, batchPut, cancellationCodes, conditionHeld, queryPages, table, transactWrite } from './table-client.js';

export const CONTACTS_PER_BLOCK = 100;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const blockOf = (id: number) => Math.floor(id / CONTACTS_PER_BLOCK);
const slotOf = (id: number) => `c${id % CONTACTS_PER_BLOCK}`;

const BOUNCE_CODES: Record<BounceStatus, string> = { none: 'n', soft: 's', hard: 'h' };
const BOUNCE_BY_CODE: Record<string, BounceStatus> = { n: 'none', s: 'soft', h: 'hard' };

type StoredContact = {
  e: string | null;
  m: string | null;
  es: 0 | 1;
  ss: 0 | 1;
  eb: string;
  sb: string;
  f: ContactRecord['fields'];
  c: number;
  u: number;
};

function encode(contact: Omit<ContactRecord, 'id'>): string {
  const stored: StoredContact = {
    e: contact.email,
    m: contact.mobile,
    es: contact.emailSubscribe ? 1 : 0,
    ss: contact.smsSubscribe ? 1 : 0,
    eb: BOUNCE_CODES[contact.emailBounce],
    sb: BOUNCE_CODES[contact.smsBounce],
    f: contact.fields,
    c: contact.createTime,
    u: contact.updateTime,
  };
  return JSON.stringify(stored);
}

function decode(id: number, text: string): ContactRecord {
  const stored = JSON.parse(text) as StoredContact;
  return {
    id,
    email: stored.e,
    mobile: stored.m,
    emailSubscribe: stored.es === 1,
    smsSubscribe: stored.ss === 1,
    emailBounce: BOUNCE_BY_CODE[stored.eb] ?? 'none',
    smsBounce: BOUNCE_BY_CODE[stored.sb] ?? 'none',
    fields: stored.f,
    createTime: stored.c,
    updateTime: stored.u,
  };
}

/** The item that makes an email or mobile number the contact's; a mobile's is also indexed by number across accounts. */
function identityItem(tuid: string, kind: 'email' | 'mobile', value: string, contactId: number): Record<string, unknown> {
  return kind === 'email'
    ? { ...keys.contactEmail(tuid, value), contactId }
    : { ...keys.contactMobile(tuid, value), ...keys.contactMobileIndex(value, tuid), contactId };
}

/** The identity items that make new contacts' emails and mobile numbers theirs. */
function identityItemsOf(tuid: string, contacts: readonly ContactRecord[]): Array<Record<string, unknown>> {
  return contacts.flatMap((contact) => [
    ...(contact.email ? [identityItem(tuid, 'email', contact.email, contact.id)] : []),
    ...(contact.mobile ? [identityItem(tuid, 'mobile', contact.mobile, contact.id)] : []),
  ]);
}

/**
 * The stored form of whole blocks of new contacts with their identity items, for bulk writers
 * (imports, seeders) that claim identities themselves; ids must be allocated and unused.
 */
export function contactBlockItems(tuid: string, contacts: readonly ContactRecord[]): Array<Record<string, unknown>> {
  const blocks = new Map<number, Record<string, unknown>>();
  for (const contact of contacts) {
    const block = blocks.get(blockOf(contact.id)) ?? { ...keys.contactBlock(tuid, blockOf(contact.id)) };
    block[slotOf(contact.id)] = encode(contact);
    blocks.set(blockOf(contact.id), block);
  }
  return [...blocks.values(), ...identityItemsOf(tuid, contacts)];
}

/** The contacts of one block item, in id order. */
function contactsOfBlock(item: Record<string, unknown>): ContactRecord[] {
  const block = Number(String(item.SK).slice(keys.contactBlockPrefix.length));
  const contacts: ContactRecord[] = [];
  for (const [name, value] of Object.entries(item)) {
    if (name.startsWith('c') && typeof value === 'string') contacts.push(decode(block * CONTACTS_PER_BLOCK + Number(name.slice(1)), value));
  }
  return contacts.sort((a, b) => a.id - b.id);
}

/** Reserves `count` new contact numbers; returns the first. Numbers are never reused. */
export async function allocateContactIds(tuid: string, count: number): Promise<number> {
  const { db, name } = table();
  const answer = await db.send(
    new UpdateCommand({
      TableName: name,
      Key: keys.contactSequence(tuid),
      UpdateExpression: 'ADD nextId :count',
      ExpressionAttributeValues: { ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  // The counter holds the last number handed out; the first contact is 1.
  return Number(answer.Attributes?.nextId) - count + 1;
}

/** The highest contact number handed out so far (0 before the first contact). */
export async function getHighestContactId(tuid: string): Promise<number> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.contactSequence(tuid), ConsistentRead: true }));
  return Number(answer.Item?.nextId ?? 0);
}

/** Block items by number, in the order asked, missing blocks left out. */
async function getBlocks(tuid: string, blocks: readonly number[], projection?: string[]): Promise<Array<Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const item of await batchGet(blocks.map((block) => keys.contactBlock(tuid, block)), { attributes: projection })) found.set(String(item.SK), item);
  return blocks.flatMap((block) => {
    const item = found.get(keys.contactBlock(tuid, block).SK);
    return item ? [item] : [];
  });
}

/** Contacts by id (one read per block they share); ids that name no contact are absent. */
export async function getContacts(tuid: string, ids: readonly number[]): Promise<Map<number, ContactRecord>> {
  const byBlock = new Map<number, number[]>();
  for (const id of ids) byBlock.set(blockOf(id), [...(byBlock.get(blockOf(id)) ?? []), id]);
  const wantedSlots = [...new Set(ids.map(slotOf))];
  const items = await getBlocks(tuid, [...byBlock.keys()], wantedSlots);
  const wanted = new Set(ids);
  const contacts = new Map<number, ContactRecord>();
  for (const item of items) for (const contact of contactsOfBlock(item)) if (wanted.has(contact.id)) contacts.set(contact.id, contact);
  return contacts;
}

export async function getContact(tuid: string, id: number): Promise<ContactRecord | null> {
  return (await getContacts(tuid, [id])).get(id) ?? null;
}

/** Which contact holds an email or a mobile number, if any. */
export async function findContactIdByIdentity(tuid: string, identity: { email: string } | { mobile: string }): Promise<number | null> {
  const { db, name } = table();
  const key = 'email' in identity ? keys.contactEmail(tuid, identity.email) : keys.contactMobile(tuid, identity.mobile);
  const answer = await db.send(new GetCommand({ TableName: name, Key: key, ConsistentRead: true }));
  return answer.Item ? Number(answer.Item.contactId) : null;
}

// Access pattern: every account that holds a mobile number, with its contact there (an inbound STOP).
export async function findContactsByMobileAcrossAccounts(mobile: string): Promise<Array<{ tuid: string; contactId: number }>> {
  const holders: Array<{ tuid: string; contactId: number }> = [];
  for await (const page of queryPages({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.contactMobileIndexPartition(mobile) },
  })) {
    for (const item of page) holders.push({ tuid: String(item.GSI1SK), contactId: Number(item.contactId) });
  }
  return holders;
}

/**
 * An identity item that names a contact which no longer holds it (a write that died halfway) is
 * removed; not while a bulk writer holds the lease, whose identities may name contacts it has yet
 * to store.
 */
export async function releaseStaleIdentity(tuid: string, identity: { email: string } | { mobile: string }, staleId: number, now = Date.now()): Promise<void> {
  const { name } = table();
  const key = 'email' in identity ? keys.contactEmail(tuid, identity.email) : keys.contactMobile(tuid, identity.mobile);
  await runContactTransaction([
    { item: { Delete: { TableName: name, Key: key, ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': staleId } } }, refusal: 'changedMeanwhile' },
    { item: leaseCheckItem(tuid, bulkLeaseGuard(null, now)), refusal: 'bulkWriterActive' },
  ]);
}

/** Why a contact write was refused. */
export class ContactWriteRefused extends Error {
  constructor(readonly reason: 'emailTaken' | 'mobileTaken' | 'limitReached' | 'changedMeanwhile' | 'bulkWriterActive') {
    super(reason);
  }
}

function identityItems(tuid: string, id: number, before: Pick<ContactRecord, 'email' | 'mobile'> | null, after: Pick<ContactRecord, 'email' | 'mobile'> | null) {
  const { name } = table();
  const items: ContactTransactionPart[] = [];
  const change = (kind: 'email' | 'mobile', old: string | null, next: string | null) => {
    if (old === next) return;
    const keyOf = (value: string) => (kind === 'email' ? keys.contactEmail(tuid, value) : keys.contactMobile(tuid, value));
    if (old !== null) {
      items.push({ item: { Delete: { TableName: name, Key: keyOf(old), ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': id } } }, refusal: 'changedMeanwhile' });
    }
    if (next !== null) {
      items.push({
        item: { Put: { TableName: name, Item: identityItem(tuid, kind, next, id), ConditionExpression: 'attribute_not_exists(PK)' } },
        refusal: kind === 'email' ? 'emailTaken' : 'mobileTaken',
      });
    }
  };
  change('email', before?.email ?? null, after?.email ?? null);
  change('mobile', before?.mobile ?? null, after?.mobile ?? null);
  return items;
}

const presence = (value: string | null | undefined) => (value ? 1 : 0);

/**
 * Bulk writers (imports) claim identities with unconditional batch writes, which is safe only while
 * no one else claims identities in the account: they hold a short lease on the account item, and
 * every single write that claims an identity checks in its transaction that no other writer holds
 * it. `writer` is the bulk writer making the single write (its own lease passes), or null.
 */
function bulkLeaseGuard(writer: string | null, now: number) {
  return {
    condition: '(attribute_not_exists(bulkWriterUntil) OR bulkWriterUntil < :leaseNow OR bulkWriter = :leaseWriter)',
    values: { ':leaseNow': now, ':leaseWriter': writer ?? '' },
  };
}

type LeaseGuard = ReturnType<typeof bulkLeaseGuard>;

/** The account's counters move with the contacts: all, with an email, with a mobile number. */
function counterItem(tuid: string, delta: { contacts: number; withEmail: number; withMobile: number }, limit: number | null, guard: LeaseGuard | null): TransactItem {
  const { name } = table();
  const conditions = ['attribute_exists(PK)', ...(limit === null ? [] : ['(attribute_not_exists(contactCount) OR contactCount <= :room)']), ...(guard ? [guard.condition] : [])];
  return {
    Update: {
      TableName: name,
      Key: keys.account(tuid),
      UpdateExpression: 'ADD contactCount :contacts, emailContactCount :withEmail, mobileContactCount :withMobile',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: {
        ':contacts': delta.contacts,
        ':withEmail': delta.withEmail,
        ':withMobile': delta.withMobile,
        ...(limit === null ? {} : { ':room': limit - delta.contacts }),
        ...guard?.values,
      },
    },
  };
}

/** The lease check alone, for a write that claims an identity without moving a counter. */
function leaseCheckItem(tuid: string, guard: LeaseGuard): TransactItem {
  const { name } = table();
  return { ConditionCheck: { TableName: name, Key: keys.account(tuid), ConditionExpression: guard.condition, ExpressionAttributeValues: guard.values } };
}

/** How long a bulk writer's lease lasts unrenewed: far longer than one batch's writes, short enough that a crashed import holds up single writes only briefly. */
export const BULK_WRITE_LEASE_MS = 30_000;
/** A single writer that found the lease taken makes bulk writers step aside for this long, so it gets its turn between two batches. */
const WAITING_WRITER_PRECEDENCE_MS = 2_000;

/**
 * Takes (or renews) the account's bulk-write lease for `holder` until now + BULK_WRITE_LEASE_MS;
 * answers false while another holder's lease is live or a single writer has just asked to go first.
 */
export async function takeBulkWriteLease(tuid: string, holder: string, now: number): Promise<boolean> {
  const { db, name } = table();
  return conditionHeld(
    db.send(
      new UpdateCommand({
        TableName: name,
        Key: keys.account(tuid),
        UpdateExpression: 'SET bulkWriter = :holder, bulkWriterUntil = :until',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(bulkWriterUntil) OR bulkWriterUntil < :now OR bulkWriter = :holder) AND (attribute_not_exists(writerWaiting) OR writerWaiting < :waitedBefore)',
        ExpressionAttributeValues: { ':holder': holder, ':until': now + BULK_WRITE_LEASE_MS, ':now': now, ':waitedBefore': now - WAITING_WRITER_PRECEDENCE_MS },
      }),
    ),
  );
}

/** Gives the lease back (if `holder` still has it). */
export async function releaseBulkWriteLease(tuid: string, holder: string): Promise<void> {
  const { db, name } = table();
  await conditionHeld(
    db.send(new UpdateCommand({ TableName: name, Key: keys.account(tuid), UpdateExpression: 'REMOVE bulkWriter, bulkWriterUntil', ConditionExpression: 'bulkWriter = :holder', ExpressionAttributeValues: { ':holder': holder } })),
  );
}

/** Until when a bulk writer holds the account's lease (epoch ms), or null when none does. */
export async function bulkWriteLeaseUntil(tuid: string): Promise<number | null> {
  const { db, name } = table();
  const answer = await db.send(new GetCommand({ TableName: name, Key: keys.account(tuid), ProjectionExpression: 'bulkWriterUntil', ConsistentRead: true }));
  return typeof answer.Item?.bulkWriterUntil === 'number' ? answer.Item.bulkWriterUntil : null;
}

/** A single writer refused for a bulk writer's lease asks to go next (see takeBulkWriteLease). */
export async function announceWaitingWriter(tuid: string, now: number): Promise<void> {
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: keys.account(tuid), UpdateExpression: 'SET writerWaiting = :now', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':now': now } }));
}

/** A part of a contact transaction, and what its failed condition means. */
type ContactTransactionPart = { item: TransactItem; refusal: ContactWriteRefused['reason'] | null };

async function runContactTransaction(parts: ContactTransactionPart[]): Promise<void> {
  try {
    await transactWrite(parts.map((part) => part.item));
  } catch (error) {
    const refusals = cancellationCodes(error).flatMap((code, index) => {
      const refusal = code === 'ConditionalCheckFailed' ? parts[index]?.refusal : null;
      return refusal ? [refusal] : [];
    });
    if (refusals.length === 0) throw error;
    // While a bulk writer holds the lease its half-written identities may refuse this write too:
    // waiting for the lease, not "address taken", is then the answer.
    throw new ContactWriteRefused(refusals.includes('bulkWriterActive') ? 'bulkWriterActive' : refusals[0]!);
  }
}

/** Writes a contact's block attribute if it still holds `before` (absent for a new contact). */
function slotWrite(tuid: string, before: ContactRecord | null, after: ContactRecord): TransactItem {
  const { name } = table();
  return {
    Update: {
      TableName: name,
      Key: keys.contactBlock(tuid, blockOf(after.id)),
      UpdateExpression: 'SET #slot = :after',
      ConditionExpression: before ? '#slot = :before' : 'attribute_not_exists(#slot)',
      ExpressionAttributeNames: { '#slot': slotOf(after.id) },
      ExpressionAttributeValues: { ':after': encode(after), ...(before ? { ':before': encode(before) } : {}) },
    },
  };
}

/**
 * Stores a new contact under an allocated id with its identities and counters, all or nothing.
 * `limit` caps the account's contact count (free accounts).
 */
export async function insertContact(tuid: string, contact: ContactRecord, limit: number | null, now = Date.now()): Promise<void> {
  await runContactTransaction([
    { item: slotWrite(tuid, null, contact), refusal: 'changedMeanwhile' },
    ...identityItems(tuid, contact.id, null, contact),
    { item: counterItem(tuid, { contacts: 1, withEmail: presence(contact.email), withMobile: presence(contact.mobile) }, limit, bulkLeaseGuard(null, now)), refusal: 'limitReached' },
  ]).catch(async (error: unknown) => {
    // One item, two conditions: the lease, read afresh, says which one failed.
    if (error instanceof ContactWriteRefused && error.reason === 'limitReached' && ((await bulkWriteLeaseUntil(tuid)) ?? 0) >= now) throw new ContactWriteRefused('bulkWriterActive');
    throw error;
  });
}

/**
 * Replaces a contact, provided it is still exactly `before` (optimistic: a concurrent edit makes it
 * 'changedMeanwhile'). A new email or mobile number is a claim, checked against the bulk-write
 * lease; `writer` is the bulk writer doing the replacing, if any.
 */
export async function replaceContact(tuid: string, before: ContactRecord, after: ContactRecord, options: { writer?: string; now?: number } = {}): Promise<void> {
  const emailDelta = presence(after.email) - presence(before.email);
  const mobileDelta = presence(after.mobile) - presence(before.mobile);
  const identities = identityItems(tuid, before.id, before, after);
  const claims = identities.some((part) => 'Put' in part.item);
  const guard = claims ? bulkLeaseGuard(options.writer ?? null, options.now ?? Date.now()) : null;
  const countsMove = emailDelta !== 0 || mobileDelta !== 0;
  await runContactTransaction([
    { item: slotWrite(tuid, before, after), refusal: 'changedMeanwhile' },
    ...identities,
    ...(countsMove ? [{ item: counterItem(tuid, { contacts: 0, withEmail: emailDelta, withMobile: mobileDelta }, null, guard), refusal: 'bulkWriterActive' as const }] : []),
    ...(!countsMove && guard ? [{ item: leaseCheckItem(tuid, guard), refusal: 'bulkWriterActive' as const }] : []),
  ]);
}

/** Contacts of one block deleted per transaction: block + 2 identities each + counters stays under 100 items. */
const DELETES_PER_TRANSACTION = 30;

/** Deletes contacts that are exactly as read (a concurrent edit makes the call 'changedMeanwhile'). */
export async function deleteContactRecords(tuid: string, contacts: readonly ContactRecord[]): Promise<void> {
  const { name } = table();
  const byBlock = new Map<number, ContactRecord[]>();
  for (const contact of contacts) byBlock.set(blockOf(contact.id), [...(byBlock.get(blockOf(contact.id)) ?? []), contact]);
  for (const [block, inBlock] of byBlock) {
    for (let i = 0; i < inBlock.length; i += DELETES_PER_TRANSACTION) {
      const batch = inBlock.slice(i, i + DELETES_PER_TRANSACTION);
      const names = Object.fromEntries(batch.map((contact, n) => [`#s${n}`, slotOf(contact.id)]));
      const values = Object.fromEntries(batch.map((contact, n) => [`:v${n}`, encode(contact)]));
      await runContactTransaction([
        {
          item: {
            Update: {
              TableName: name,
              Key: keys.contactBlock(tuid, block),
              UpdateExpression: `REMOVE ${batch.map((_, n) => `#s${n}`).join(', ')}`,
              ConditionExpression: batch.map((_, n) => `#s${n} = :v${n}`).join(' AND '),
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            },
          },
          refusal: 'changedMeanwhile',
        },
        ...batch.flatMap((contact) => identityItems(tuid, contact.id, contact, null)),
        {
          item: counterItem(
            tuid,
            {
              contacts: -batch.length,
              withEmail: -batch.filter((contact) => contact.email).length,
              withMobile: -batch.filter((contact) => contact.mobile).length,
            },
            null,
            null,
          ),
          refusal: null,
        },
      ]);
    }
  }
}

/**
 * Every contact of the account, one block at a time, in no particular order: one query per shard,
 * all shards in parallel. Memory holds a page per shard, never the account.
 */
export function scanContacts(tuid: string): AsyncGenerator<ContactRecord[]> {
  const shards = Array.from({ length: CONTACT_SHARDS }, (_, shard) =>
    (async function* () {
      for await (const page of queryPages({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.contactShardPartition(tuid, shard) } })) {
        yield page.flatMap(contactsOfBlock);
      }
    })(),
  );
  return interleave(shards);
}

/** Blocks read ahead per request when walking in id order: small first (a page of 10 needs one block), then more. */
const WINDOWS = [1, 4, 16, 48] as const;

/**
 * Contacts in id order from `startId` (inclusive) downwards (newest first) or upwards, block by
 * block; the next window of blocks is fetched while the caller reads the current one.
 */
export async function* walkContacts(tuid: string, options: { direction: 'asc' | 'desc'; startId: number; highestId: number }): AsyncGenerator<ContactRecord[]> {
  const { direction, highestId } = options;
  const lastBlock = blockOf(highestId);
  let next = blockOf(options.startId);
  let round = 0;
  const takeWindow = (): number[] => {
    const size = WINDOWS[Math.min(round, WINDOWS.length - 1)]!;
    round += 1;
    const blocks: number[] = [];
    while (blocks.length < size && next >= 0 && next <= lastBlock) {
      blocks.push(next);
      next += direction === 'desc' ? -1 : 1;
    }
    return blocks;
  };
  const first = takeWindow();
  let fetching = first.length > 0 ? getBlocks(tuid, first) : null;
  while (fetching) {
    const items = await fetching;
    const following = takeWindow();
    fetching = following.length > 0 ? getBlocks(tuid, following) : null;
    for (const item of items) {
      const contacts = contactsOfBlock(item).filter((contact) => (direction === 'desc' ? contact.id <= options.startId : contact.id >= options.startId));
      yield direction === 'desc' ? contacts.reverse() : contacts;
    }
  }
}

/** The contacts of chosen blocks (those a recipient set touches), a window at a time. */
export async function* readContactBlocks(tuid: string, blocks: readonly number[]): AsyncGenerator<ContactRecord[]> {
  const WINDOW = 48;
  let fetching = blocks.length > 0 ? getBlocks(tuid, blocks.slice(0, WINDOW)) : null;
  for (let start = 0; fetching; start += WINDOW) {
    const items = await fetching;
    const following = blocks.slice(start + WINDOW, start + 2 * WINDOW);
    fetching = following.length > 0 ? getBlocks(tuid, following) : null;
    for (const item of items) yield contactsOfBlock(item);
  }
}

export { blockOf as contactBlockOf };

/**
 * Writes a bulk writer's new contacts under ids it reserved, with unconditional batch writes: the
 * caller holds the account's bulk-write lease (takeBulkWriteLease) and has read that none of
 * their emails and mobile numbers is held, so no one can claim them meanwhile. Identities go first
 * and blocks after: a crash in between leaves identities naming no stored contact, which the
 * retry (reusing the reservation) completes, or which a single writer releases as stale once the
 * lease has lapsed (the retry then treats that row afresh); never a stored contact without its
 * identities. Writing the same contacts again with the same ids changes nothing. Counters are the
 * caller's (they move with its checkpoint).
 */
export async function writeNewContacts(tuid: string, contacts: readonly ContactRecord[]): Promise<void> {
  const { db, name } = table();
  const byBlock = new Map<number, ContactRecord[]>();
  for (const contact of contacts) byBlock.set(blockOf(contact.id), [...(byBlock.get(blockOf(contact.id)) ?? []), contact]);
  const whole = [...byBlock.values()].filter((inBlock) => inBlock.length === CONTACTS_PER_BLOCK);
  // A block the reservation shares with other writers' contacts is updated slot by slot, never replaced.
  const shared = [...byBlock.values()].filter((inBlock) => inBlock.length < CONTACTS_PER_BLOCK);
  await batchPut(identityItemsOf(tuid, contacts));
  await Promise.all([
    batchPut(whole.map((inBlock) => contactBlockItems(tuid, inBlock)[0]!)),
    ...shared.map((inBlock) =>
      db.send(
        new UpdateCommand({
          TableName: name,
          Key: keys.contactBlock(tuid, blockOf(inBlock[0]!.id)),
          UpdateExpression: `SET ${inBlock.map((_, n) => `#s${n} = :c${n}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(inBlock.map((contact, n) => [`#s${n}`, slotOf(contact.id)])),
          ExpressionAttributeValues: Object.fromEntries(inBlock.map((contact, n) => [`:c${n}`, encode(contact)])),
        }),
      ),
    ),
  ]);
}

/** Which contacts hold these emails and mobile numbers (batch reads of 100). */
export async function findContactIdsByIdentities(tuid: string, identities: { emails: readonly string[]; mobiles: readonly string[] }): Promise<{ byEmail: Map<string, number>; byMobile: Map<string, number> }> {
  const wanted = [
    ...identities.emails.map((email) => keys.contactEmail(tuid, email)),
    ...identities.mobiles.map((mobile) => keys.contactMobile(tuid, mobile)),
  ];
  const byEmail = new Map<string, number>();
  const byMobile = new Map<string, number>();
  const emailPrefix = keys.contactEmail(tuid, '').PK;
  const mobilePrefix = keys.contactMobile(tuid, '').PK;
  // An import asks for a batch's 1,000 or so identities at once: a few reads in flight, not one by one.
  for (const item of await batchGet(wanted, { consistent: true, inFlight: 4 })) {
    const pk = String(item.PK);
    if (pk.startsWith(emailPrefix)) byEmail.set(pk.slice(emailPrefix.length), Number(item.contactId));
    else if (pk.startsWith(mobilePrefix)) byMobile.set(pk.slice(mobilePrefix.length), Number(item.contactId));
  }
  return { byEmail, byMobile };
}

/**
 * The contacts that hold these emails and mobile numbers: one read of the identity items and one
 * of the blocks they name, whatever the account's size. An identity item whose contact no longer
 * holds it (a write that died halfway) names no one.
 */
export async function getContactsByIdentities(tuid: string, identities: { emails: readonly string[]; mobiles: readonly string[] }): Promise<ContactRecord[]> {
  const { byEmail, byMobile } = await findContactIdsByIdentities(tuid, identities);
  const contacts = await getContacts(tuid, [...new Set([...byEmail.values(), ...byMobile.values()])]);
  const holdsIdentity = (contact: ContactRecord) =>
    (contact.email !== null && byEmail.get(contact.email) === contact.id) || (contact.mobile !== null && byMobile.get(contact.mobile) === contact.id);
  return [...contacts.values()].filter(holdsIdentity).sort((a, b) => a.id - b.id);
}
