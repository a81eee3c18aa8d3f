/**
 * Contacts, packed 100 to a block item (docs/data-model.md). A contact's id is its number in the
 * account; block = floor(id / 100), and the contact is the block's attribute `c<id % 100>`, a
 * compact JSON string. Blocks spread over CONTACT_SHARDS partitions, so a full read is one query
 * per shard in parallel, and reading 100 contacts costs one item instead of 100. Email and mobile
 * each have an identity item that makes them unique in the account; the account's contact counters
 * change in the same transaction as the contacts.
 */
import { BatchGetCommand, GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import type { BounceStatus } from '../../shared/schemas/contacts.js';
import { createLimiter, interleave } from '../lib/concurrency.js';
import { CONTACT_SHARDS, keys } from './keys.js';
import { cancellationCodes, queryPages, table, transactWrite } from './table-client.js';

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

/**
 * The stored form of whole blocks of new contacts with their identity items, for bulk writers
 * (imports, seeders) that claim identities themselves; ids must be allocated and unused.
 */
export function contactBlockItems(tuid: string, contacts: readonly ContactRecord[]): Array<Record<string, unknown>> {
  const blocks = new Map<number, Record<string, unknown>>();
  const identities: Array<Record<string, unknown>> = [];
  for (const contact of contacts) {
    const block = blocks.get(blockOf(contact.id)) ?? { ...keys.contactBlock(tuid, blockOf(contact.id)) };
    block[slotOf(contact.id)] = encode(contact);
    blocks.set(blockOf(contact.id), block);
    if (contact.email) identities.push({ ...keys.contactEmail(tuid, contact.email), contactId: contact.id });
    if (contact.mobile) identities.push({ ...keys.contactMobile(tuid, contact.mobile), contactId: contact.id });
  }
  return [...blocks.values(), ...identities];
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

const BATCH_GET_LIMIT = 100;

/** Block items by number, in the order asked, missing blocks left out; unprocessed keys are retried. */
async function getBlocks(tuid: string, blocks: readonly number[], projection?: string[]): Promise<Array<Record<string, unknown>>> {
  const { db, name } = table();
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < blocks.length; i += BATCH_GET_LIMIT) {
    let wanted: Array<Record<string, unknown>> = blocks.slice(i, i + BATCH_GET_LIMIT).map((block) => keys.contactBlock(tuid, block));
    const names = projection ? ['PK', 'SK', ...projection] : undefined;
    while (wanted.length > 0) {
      const answer = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [name]: {
              Keys: wanted,
              ...(names ? { ProjectionExpression: names.map((_, n) => `#p${n}`).join(', '), ExpressionAttributeNames: Object.fromEntries(names.map((attr, n) => [`#p${n}`, attr])) } : {}),
            },
          },
        }),
      );
      for (const item of answer.Responses?.[name] ?? []) found.set(String(item.SK), item);
      wanted = (answer.UnprocessedKeys?.[name]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
  }
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

/** An identity item that names a contact which no longer holds it (a write that died halfway) is removed. */
export async function releaseStaleIdentity(tuid: string, identity: { email: string } | { mobile: string }, staleId: number): Promise<void> {
  const { name } = table();
  const key = 'email' in identity ? keys.contactEmail(tuid, identity.email) : keys.contactMobile(tuid, identity.mobile);
  await transactWrite([{ Delete: { TableName: name, Key: key, ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': staleId } } }]).catch(() => undefined);
}

/** Why a contact write was refused. */
export class ContactWriteRefused extends Error {
  constructor(readonly reason: 'emailTaken' | 'mobileTaken' | 'limitReached' | 'changedMeanwhile') {
    super(reason);
  }
}

function identityItems(tuid: string, id: number, before: Pick<ContactRecord, 'email' | 'mobile'> | null, after: Pick<ContactRecord, 'email' | 'mobile'> | null) {
  const { name } = table();
  const items: Array<{ item: TransactItem; refusal: ContactWriteRefused['reason'] | null }> = [];
  const change = (kind: 'email' | 'mobile', old: string | null, next: string | null) => {
    if (old === next) return;
    const keyOf = (value: string) => (kind === 'email' ? keys.contactEmail(tuid, value) : keys.contactMobile(tuid, value));
    if (old !== null) {
      items.push({ item: { Delete: { TableName: name, Key: keyOf(old), ConditionExpression: 'contactId = :id', ExpressionAttributeValues: { ':id': id } } }, refusal: 'changedMeanwhile' });
    }
    if (next !== null) {
      items.push({
        item: { Put: { TableName: name, Item: { ...keyOf(next), contactId: id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        refusal: kind === 'email' ? 'emailTaken' : 'mobileTaken',
      });
    }
  };
  change('email', before?.email ?? null, after?.email ?? null);
  change('mobile', before?.mobile ?? null, after?.mobile ?? null);
  return items;
}

const presence = (value: string | null | undefined) => (value ? 1 : 0);

/** The account's counters move with the contacts: all, with an email, with a mobile number. */
function counterItem(tuid: string, delta: { contacts: number; withEmail: number; withMobile: number }, limit: number | null): TransactItem {
  const { name } = table();
  return {
    Update: {
      TableName: name,
      Key: keys.account(tuid),
      UpdateExpression: 'ADD contactCount :contacts, emailContactCount :withEmail, mobileContactCount :withMobile',
      ConditionExpression: limit === null ? 'attribute_exists(PK)' : 'attribute_exists(PK) AND (attribute_not_exists(contactCount) OR contactCount <= :room)',
      ExpressionAttributeValues: {
        ':contacts': delta.contacts,
        ':withEmail': delta.withEmail,
        ':withMobile': delta.withMobile,
        ...(limit === null ? {} : { ':room': limit - delta.contacts }),
      },
    },
  };
}

async function runContactTransaction(parts: Array<{ item: TransactItem; refusal: ContactWriteRefused['reason'] | null }>): Promise<void> {
  try {
    await transactWrite(parts.map((part) => part.item));
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
    const refusal = failed >= 0 ? parts[failed]?.refusal : null;
    if (refusal) throw new ContactWriteRefused(refusal);
    throw error;
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
export async function insertContact(tuid: string, contact: ContactRecord, limit: number | null): Promise<void> {
  await runContactTransaction([
    { item: slotWrite(tuid, null, contact), refusal: 'changedMeanwhile' },
    ...identityItems(tuid, contact.id, null, contact),
    { item: counterItem(tuid, { contacts: 1, withEmail: presence(contact.email), withMobile: presence(contact.mobile) }, limit), refusal: 'limitReached' },
  ]);
}

/** Replaces a contact, provided it is still exactly `before` (optimistic: a concurrent edit makes it 'changedMeanwhile'). */
export async function replaceContact(tuid: string, before: ContactRecord, after: ContactRecord): Promise<void> {
  const emailDelta = presence(after.email) - presence(before.email);
  const mobileDelta = presence(after.mobile) - presence(before.mobile);
  await runContactTransaction([
    { item: slotWrite(tuid, before, after), refusal: 'changedMeanwhile' },
    ...identityItems(tuid, before.id, before, after),
    ...(emailDelta !== 0 || mobileDelta !== 0 ? [{ item: counterItem(tuid, { contacts: 0, withEmail: emailDelta, withMobile: mobileDelta }, null), refusal: null }] : []),
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

/** New contacts written together: 25 to a transaction keeps blocks + two identities each under 100 items. */
const BULK_CONTACTS_PER_TRANSACTION = 25;

/**
 * Writes new contacts of a bulk writer (an import) under ids it reserved. Writing the same
 * contacts again with the same ids changes nothing: an identity that already names this contact
 * is fine. Answers the contacts whose email or mobile another contact holds (claimed meanwhile);
 * those are not written. Counters are the caller's (they move with its checkpoint).
 */
export async function writeNewContacts(tuid: string, contacts: readonly ContactRecord[]): Promise<ContactRecord[]> {
  const { name } = table();
  const refused: ContactRecord[] = [];
  const identityClaims = (contact: ContactRecord): TransactItem[] =>
    [
      contact.email ? keys.contactEmail(tuid, contact.email) : null,
      contact.mobile ? keys.contactMobile(tuid, contact.mobile) : null,
    ].flatMap((key) =>
      key
        ? [{ Put: { TableName: name, Item: { ...key, contactId: contact.id }, ConditionExpression: 'attribute_not_exists(PK) OR contactId = :id', ExpressionAttributeValues: { ':id': contact.id } } }]
        : [],
    );
  const blockWrites = (group: readonly ContactRecord[]): TransactItem[] => {
    const byBlock = new Map<number, ContactRecord[]>();
    for (const contact of group) byBlock.set(blockOf(contact.id), [...(byBlock.get(blockOf(contact.id)) ?? []), contact]);
    return [...byBlock].map(([block, inBlock]) => ({
      Update: {
        TableName: name,
        Key: keys.contactBlock(tuid, block),
        UpdateExpression: `SET ${inBlock.map((_, n) => `#s${n} = :c${n}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(inBlock.map((contact, n) => [`#s${n}`, slotOf(contact.id)])),
        ExpressionAttributeValues: Object.fromEntries(inBlock.map((contact, n) => [`:c${n}`, encode(contact)])),
      },
    }));
  };
  // Blocks are written in parallel; the transactions of one block one after another, so they never
  // race each other for the same item.
  const byBlock = new Map<number, ContactRecord[]>();
  for (const contact of contacts) byBlock.set(blockOf(contact.id), [...(byBlock.get(blockOf(contact.id)) ?? []), contact]);
  const limit = createLimiter(8);
  await Promise.all([...byBlock.values()].map((inBlock) => limit(() => writeBlockContacts(inBlock))));
  return refused;

  async function writeBlockContacts(inBlock: readonly ContactRecord[]): Promise<void> {
    for (let i = 0; i < inBlock.length; i += BULK_CONTACTS_PER_TRANSACTION) {
      await writeGroup(inBlock.slice(i, i + BULK_CONTACTS_PER_TRANSACTION));
    }
  }

  async function writeGroup(group: readonly ContactRecord[]): Promise<void> {
    try {
      await transactWrite([...blockWrites(group), ...group.flatMap(identityClaims)]);
    } catch (error) {
      if (!cancellationCodes(error).includes('ConditionalCheckFailed')) throw error;
      // Someone claimed an address meanwhile: write the others one by one to find out which.
      for (const contact of group) {
        try {
          await transactWrite([...blockWrites([contact]), ...identityClaims(contact)]);
        } catch (single) {
          if (!cancellationCodes(single).includes('ConditionalCheckFailed')) throw single;
          refused.push(contact);
        }
      }
    }
  }
}

/** Which contacts hold these emails and mobile numbers (batch reads of 100). */
export async function findContactIdsByIdentities(tuid: string, identities: { emails: readonly string[]; mobiles: readonly string[] }): Promise<{ byEmail: Map<string, number>; byMobile: Map<string, number> }> {
  const { db, name } = table();
  const wanted = [
    ...identities.emails.map((email) => keys.contactEmail(tuid, email)),
    ...identities.mobiles.map((mobile) => keys.contactMobile(tuid, mobile)),
  ];
  const byEmail = new Map<string, number>();
  const byMobile = new Map<string, number>();
  const emailPrefix = keys.contactEmail(tuid, '').PK;
  const mobilePrefix = keys.contactMobile(tuid, '').PK;
  const readChunk = async (keysToRead: Array<Record<string, unknown>>) => {
    let batch = keysToRead;
    while (batch.length > 0) {
      const answer = await db.send(new BatchGetCommand({ RequestItems: { [name]: { Keys: batch, ConsistentRead: true } } }));
      for (const item of answer.Responses?.[name] ?? []) {
        const pk = String(item.PK);
        if (pk.startsWith(emailPrefix)) byEmail.set(pk.slice(emailPrefix.length), Number(item.contactId));
        else if (pk.startsWith(mobilePrefix)) byMobile.set(pk.slice(mobilePrefix.length), Number(item.contactId));
      }
      batch = (answer.UnprocessedKeys?.[name]?.Keys ?? []) as Array<Record<string, unknown>>;
    }
  };
  // An import asks for a batch's 1,000 or so identities at once: a few reads in flight, not one by one.
  const limit = createLimiter(4);
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < wanted.length; i += BATCH_GET_LIMIT) chunks.push(wanted.slice(i, i + BATCH_GET_LIMIT));
  await Promise.all(chunks.map((chunk) => limit(() => readChunk(chunk))));
  return { byEmail, byMobile };
}
