/**
 * The bulk-write lease that lets an import claim identities with plain batch writes: while an
 * import holds it, a contact created or re-addressed from a form waits for it (and is then written)
 * instead of claiming an address the import may be writing; an identity left by an import that
 * died between its identities and its blocks is released only once the lease has lapsed; a waiting
 * form goes before the import's next batch.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { keys } from '../../../functions/data/keys.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { table } from '../../../functions/data/table-client.js';
import {
  allocateContactIds,
  contactBlockItems,
  findContactIdByIdentity,
  getContact,
  releaseBulkWriteLease,
  takeBulkWriteLease,
  writeNewContacts,
} from '../../../functions/data/contacts.js';
import { createContact, updateContact } from '../../../functions/services/contacts/contacts.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { signUpAs } from '../../helpers/seed/accounts.js';
import { useTestTable } from '../../helpers/emulators.js';

let api: ApiClient;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
});
afterAll(() => api.close());

const signUp = () => signUpAs(api, 'lease tester');

function newContact(id: number, email: string): ContactRecord {
  return { id, email, mobile: null, emailSubscribe: true, smsSubscribe: true, emailBounce: 'none', smsBounce: 'none', fields: {}, createTime: 1, updateTime: 1 };
}

/** The holder is gone and its lease has run out, as after a crash. */
async function lapseLease(tuid: string): Promise<void> {
  const { db, name } = table();
  await db.send(new UpdateCommand({ TableName: name, Key: keys.account(tuid), UpdateExpression: 'SET bulkWriterUntil = :past', ExpressionAttributeValues: { ':past': Date.now() - 1 } }));
}

/** When a single writer last asked to go before the bulk writer (epoch ms), if one has. */
async function writerWaitingSince(tuid: string): Promise<unknown> {
  const { db, name } = table();
  return (await db.send(new GetCommand({ TableName: name, Key: keys.account(tuid), ConsistentRead: true }))).Item?.writerWaiting;
}

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('bulk-write lease', () => {
  it('makes a form create wait while an import holds the lease, then writes it', async () => {
    // Prepare
    const me = await signUp();
    expect(await takeBulkWriteLease(me.tuid, 'import-a', Date.now())).toBe(true);

    // Act
    const creating = createContact({ tuid: me.tuid, input: { email: 'waits@example.com' }, now: new Date() });
    const finishedWhileHeld = await settledWithin(creating, 600);
    await releaseBulkWriteLease(me.tuid, 'import-a');
    const created = await creating;

    // Assess
    expect(finishedWhileHeld).toBe(false);
    expect(created.email).toBe('waits@example.com');
    expect(await findContactIdByIdentity(me.tuid, { email: 'waits@example.com' })).toBe(Number(created.id));
  });

  it('makes a change of address wait too, but not an edit that claims nothing', async () => {
    // Prepare
    const me = await signUp();
    const contact = await createContact({ tuid: me.tuid, input: { email: 'before@example.com' }, now: new Date() });
    expect(await takeBulkWriteLease(me.tuid, 'import-b', Date.now())).toBe(true);

    // Act
    const renamed = updateContact({ tuid: me.tuid, id: contact.id, input: { emailSubscribe: false }, now: new Date() });
    const renamedWhileHeld = await settledWithin(renamed, 2_000);
    const readdressed = updateContact({ tuid: me.tuid, id: contact.id, input: { email: 'after@example.com' }, now: new Date() });
    const readdressedWhileHeld = await settledWithin(readdressed, 600);
    await releaseBulkWriteLease(me.tuid, 'import-b');
    await readdressed;

    // Assess
    expect(renamedWhileHeld).toBe(true);
    expect(readdressedWhileHeld).toBe(false);
    expect(await findContactIdByIdentity(me.tuid, { email: 'after@example.com' })).toBe(Number(contact.id));
    expect(await findContactIdByIdentity(me.tuid, { email: 'before@example.com' })).toBeNull();
  });

  it('lets a waiting form go before the import’s next batch, and one import hold it at a time', async () => {
    // Prepare
    const me = await signUp();
    expect(await takeBulkWriteLease(me.tuid, 'import-c', Date.now())).toBe(true);

    // Act: a form starts waiting; the import ends its batch and tries to start the next one.
    const creating = createContact({ tuid: me.tuid, input: { email: 'first@example.com' }, now: new Date() });
    await vi.waitFor(async () => expect(await writerWaitingSince(me.tuid)).toBeTypeOf('number'), { timeout: 5000 });
    const otherImport = await takeBulkWriteLease(me.tuid, 'import-d', Date.now());
    await releaseBulkWriteLease(me.tuid, 'import-c');
    const nextBatch = await takeBulkWriteLease(me.tuid, 'import-c', Date.now());
    await creating;

    // Assess
    expect(otherImport).toBe(false);
    expect(nextBatch).toBe(false);
  });

  it('releases an identity an import left without its contact only after the lease lapsed', async () => {
    // Prepare: an import wrote the identity of its reserved contact and died before the block.
    const me = await signUp();
    const id = await allocateContactIds(me.tuid, 1);
    const [identity] = contactBlockItems(me.tuid, [newContact(id, 'orphan@example.com')]).filter((item) => 'contactId' in item);
    expect(identity).toBeDefined();
    expect(await takeBulkWriteLease(me.tuid, 'import-e', Date.now())).toBe(true);
    await table().db.send(new PutCommand({ TableName: table().name, Item: identity }));

    // Act: a form wants the address while the lease is live, then once it has lapsed.
    const whileLive = createContact({ tuid: me.tuid, input: { email: 'orphan@example.com' }, now: new Date() });
    const settledWhileLive = await settledWithin(whileLive, 600);
    await lapseLease(me.tuid);
    const created = await whileLive;

    // Assess
    expect(settledWhileLive).toBe(false);
    expect(await findContactIdByIdentity(me.tuid, { email: 'orphan@example.com' })).toBe(Number(created.id));
    expect(await getContact(me.tuid, id)).toBeNull();
  });

  it.each(['batch', 'transaction'] as const)('writes whole blocks and blocks shared with other writers without losing their contacts (%s writes)', async (mode) => {
    // Prepare: a contact from a form, then an import's reservation that starts in the same block.
    process.env.STORE_BULK_WRITES = mode;
    resetConfigForTests();
    onTestFinished(() => {
      delete process.env.STORE_BULK_WRITES;
      resetConfigForTests();
    });
    const me = await signUp();
    const fromForm = await createContact({ tuid: me.tuid, input: { email: 'form@example.com' }, now: new Date() });
    const first = await allocateContactIds(me.tuid, 250);
    const imported = Array.from({ length: 250 }, (_, n) => newContact(first + n, `bulk${n}@example.com`));
    expect(await takeBulkWriteLease(me.tuid, 'import-f', Date.now())).toBe(true);

    // Act: written twice, as a redelivered batch would be.
    await writeNewContacts(me.tuid, imported);
    await writeNewContacts(me.tuid, imported);
    await releaseBulkWriteLease(me.tuid, 'import-f');

    // Assess
    expect((await getContact(me.tuid, Number(fromForm.id)))?.email).toBe('form@example.com');
    for (const n of [0, 99, 100, 249]) {
      expect((await getContact(me.tuid, first + n))?.email).toBe(`bulk${n}@example.com`);
      expect(await findContactIdByIdentity(me.tuid, { email: `bulk${n}@example.com` })).toBe(first + n);
    }
  });
});
