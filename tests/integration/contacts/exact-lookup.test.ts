/**
 * The quick search at any size: a whole email address or mobile number is answered from its
 * identity item and the one block holding the contact, whatever the account's size (the store's
 * reads are recorded and asserted, in an account of 1,999 contacts over 20 blocks; the
 * contacts-search benchmark times it at 200,000), still held to the list's group and conditions;
 * other texts fill the first page from the newest blocks without reading the whole account.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../functions/data/keys.js';
import { table } from '../../../functions/data/table-client.js';
import { documentClient } from '../../../functions/lib/aws/dynamodb.js';
import type { TContactSearchResponse } from '../../../shared/schemas/contact-search.js';
import type { TGlobalSearchResponse } from '../../../shared/schemas/search.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { seedContacts, seedGroup } from '../../helpers/seed/contacts.js';
import { useTestTable } from '../../helpers/emulators.js';

// Ids 1–1,999 in a new account: 20 blocks over the 16 partitions, the newest (19) full.
const CONTACTS = 1_999;
/** Seeding 1,999 contacts with their identity items takes a while on a busy machine. */
const SEEDING_TIMEOUT_MS = 180_000;

let api: ApiClient;
let me: Actor;
let firstId: number;

/** The n-th seeded contact's mobile number: every other one has a Hong Kong mobile. */
const mobileOf = (n: number) => (n % 2 === 0 ? `+85261${String(n).padStart(6, '0')}` : null);

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'lookup tester');
  const seeded = await seedContacts(me.tuid, CONTACTS, { mobileOf, unsubscribed: (n) => n === 1_234 });
  firstId = seeded[0]!.id;
}, SEEDING_TIMEOUT_MS);
afterAll(() => api.close());

type StoreRead = { command: string; key: string };

const MIDDLEWARE = 'recordStoreReads';
afterEach(() => {
  documentClient().middlewareStack.remove(MIDDLEWARE);
});

/** Records every key the product reads from the store (Query: its partition) while `work` runs. */
async function readsDuring<T>(work: () => Promise<T>): Promise<{ result: T; reads: StoreRead[] }> {
  const reads: StoreRead[] = [];
  const text = (value: unknown) => String((value as { S?: string } | undefined)?.S ?? value);
  const keyOf = (key: Record<string, unknown>) => `${text(key.PK)}|${text(key.SK)}`;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: Record<string, unknown>; RequestItems?: Record<string, { Keys?: Array<Record<string, unknown>> }>; ExpressionAttributeValues?: Record<string, unknown> };
      const command = context.commandName ?? '';
      if (command.startsWith('GetItem')) reads.push({ command, key: keyOf(input.Key ?? {}) });
      if (command.startsWith('BatchGetItem')) for (const request of Object.values(input.RequestItems ?? {})) for (const key of request.Keys ?? []) reads.push({ command, key: keyOf(key) });
      if (command.startsWith('Query') || command.startsWith('Scan')) reads.push({ command, key: `${text(input.ExpressionAttributeValues?.[':pk'])}|*` });
      return next(args);
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
  const result = await work();
  documentClient().middlewareStack.remove(MIDDLEWARE);
  return { result, reads };
}

/** Reads of contact data: blocks, identity items, the id sequence (the account's fields, groups and settings are not). */
const contactReads = (reads: StoreRead[]) => reads.filter((read) => /#CONTACTS#|#CONTACTEMAIL#|#CONTACTMOBILE#|\|CONTACTSEQ$/.test(read.key)).map((read) => read.key).sort();

const blockKey = (contactId: number) => {
  const key = keys.contactBlock(me.tuid, Math.floor(contactId / 100));
  return `${key.PK}|${key.SK}`;
};
const emailKey = (email: string) => `${keys.contactEmail(me.tuid, email).PK}|CONTACT`;
const mobileKey = (mobile: string) => `${keys.contactMobile(me.tuid, mobile).PK}|CONTACT`;

const search = (body: Record<string, unknown>) => readsDuring(async () => (await call<TContactSearchResponse>(api, me, 'POST', '/contacts/search', body)).body);
const count = (body: Record<string, unknown>) => readsDuring(async () => (await call<{ count: number }>(api, me, 'POST', '/contacts/count', body)).body.count);

describe('exact lookup', () => {
  it('answers a whole email address from its identity item and the one block that holds the contact', async () => {
    // Prepare: a contact in the middle of the account, far from the newest blocks.
    const id = firstId + 1_234 + 1;
    const email = `c${id}@example.com`;

    // Act
    const found = await search({ quickSearch: `  ${email.toUpperCase()} `, limit: 10 });
    const counted = await count({ quickSearch: email });
    const missing = await search({ quickSearch: 'nobody@example.com' });
    const everywhere = await readsDuring(async () => (await call<TGlobalSearchResponse>(api, me, 'GET', `/search?search=${encodeURIComponent(email)}`)).body);

    // Assess
    expect(found.result.data.map((contact) => contact.email)).toEqual([email]);
    expect(found.result.nextCursor).toBeNull();
    expect(contactReads(found.reads)).toEqual([blockKey(id), emailKey(email)].sort());
    expect([counted.result, contactReads(counted.reads)]).toEqual([1, [blockKey(id), emailKey(email)].sort()]);
    expect(missing.result).toEqual({ data: [], nextCursor: null });
    expect(contactReads(missing.reads)).toEqual([emailKey('nobody@example.com')]);
    expect(everywhere.result.areas.find((area) => area.area === 'contacts')?.hits.map((hit) => hit.title)).toEqual([email]);
    expect(contactReads(everywhere.reads)).toEqual([blockKey(id), emailKey(email)].sort());
  });

  it('answers a whole mobile number, typed as people do, the same way', async () => {
    // Prepare
    const n = 1_500;
    const id = firstId + n;
    const mobile = mobileOf(n)!;
    const national = `${mobile.slice(4, 8)} ${mobile.slice(8)}`;

    // Act
    const found = await search({ quickSearch: national });
    const international = await search({ quickSearch: `+852-${national}` });

    // Assess
    expect(found.result.data.map((contact) => [contact.id, contact.mobile])).toEqual([[String(id), mobile]]);
    expect(contactReads(found.reads)).toEqual([blockKey(id), mobileKey(mobile)].sort());
    expect(international.result.data.map((contact) => contact.mobile)).toEqual([mobile]);
  });

  it('holds the contact found to the list’s group and conditions', async () => {
    // Prepare: one contact in a group, one unsubscribed.
    const member = firstId + 10;
    const unsubscribed = firstId + 1_234;
    const group = await seedGroup(api, me, { type: 'S', name: 'Lookup VIP', contactIds: [String(member)] });
    const subscribedOnly = { match: 'all', rules: [{ field: 'email', operator: 'subscribed' }] };

    // Act
    const inGroup = await search({ quickSearch: `c${member}@example.com`, groupId: group.id });
    const notInGroup = await search({ quickSearch: `c${member + 1}@example.com`, groupId: group.id });
    const excludedByCondition = await search({ quickSearch: `c${unsubscribed}@example.com`, conditions: subscribedOnly });
    const keptByCondition = await search({ quickSearch: `c${member}@example.com`, conditions: subscribedOnly });
    const groupPage = await call<TContactSearchResponse>(api, me, 'POST', `/groups/${group.id}/contacts`, { quickSearch: `c${member + 1}@example.com` });
    const excludedCount = await count({ quickSearch: `c${unsubscribed}@example.com`, conditions: subscribedOnly });
    const unknownGroup = await call(api, me, 'POST', '/contacts/search', { quickSearch: `c${member}@example.com`, groupId: 'no-such-group' });

    // Assess
    expect(inGroup.result.data.map((contact) => contact.id)).toEqual([String(member)]);
    expect(notInGroup.result).toEqual({ data: [], nextCursor: null });
    expect(excludedByCondition.result).toEqual({ data: [], nextCursor: null });
    expect(keptByCondition.result.data.map((contact) => contact.id)).toEqual([String(member)]);
    expect(groupPage.body).toEqual({ data: [], nextCursor: null });
    expect(excludedCount.result).toBe(0);
    expect(unknownGroup.status).toBe(404);
    // The conditions are checked on the one contact found; no block but its own is read.
    expect(contactReads(excludedByCondition.reads).filter((key) => key.includes('#CONTACTS#'))).toEqual([blockKey(unsubscribed)]);
  });

  it('finds no one through an identity item whose contact no longer holds the address', async () => {
    // Prepare: an identity item left by a write that died halfway, naming a contact with another address.
    const { db, name } = table();
    await db.send(new PutCommand({ TableName: name, Item: { ...keys.contactEmail(me.tuid, 'left-behind@example.com'), contactId: firstId + 5 } }));

    // Act
    const found = await search({ quickSearch: 'left-behind@example.com' });
    const counted = await count({ quickSearch: 'left-behind@example.com' });

    // Assess
    expect([found.result, counted.result]).toEqual([{ data: [], nextCursor: null }, 0]);
  });
});

describe('text search', () => {
  it('fills the first page from the newest blocks, never reading the whole account or counting first', async () => {
    // Act: a text every contact matches, and a prefix of some of the newest contacts' addresses.
    const everyone = await search({ quickSearch: 'example.com', limit: 10 });
    const newestTens = `c${Math.floor((firstId + CONTACTS - 1) / 100)}`;
    const prefix = await search({ quickSearch: newestTens, limit: 10 });

    // Assess
    expect(everyone.result.data).toHaveLength(10);
    expect(everyone.result.nextCursor).not.toBeNull();
    expect(prefix.result.data.map((contact) => contact.email)).toEqual(Array.from({ length: 10 }, (_, i) => `c${firstId + CONTACTS - 1 - i}@example.com`));
    expect(prefix.result.data.every((contact) => contact.email?.startsWith(newestTens))).toBe(true);
    for (const { reads } of [everyone, prefix]) {
      // No query over the contact partitions (a full pass, which counting is), and the newest block with the next window read ahead (1 + 4), not 20.
      expect(reads.filter((read) => read.command.startsWith('Query') && read.key.includes('#CONTACTS#'))).toEqual([]);
      expect(contactReads(reads).filter((key) => key.includes('#CONTACTS#')).length).toBeLessThanOrEqual(5);
    }
  });
});
