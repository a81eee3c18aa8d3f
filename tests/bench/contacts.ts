/**
 * contacts-search and contacts-resolve: an account of CONTACTS_BENCH_N (default 200,000) contacts
 * in the embedded store (seeded in bulk, not timed), measured through the product's own services:
 * - count-s: counting an auto-update group with 3 conditions (every contact is read once);
 * - first-page-ms: the first page (10) of search results for the same conditions;
 * - email-lookup-ms, mobile-lookup-ms: the list's quick search for one contact's whole email
 *   address or mobile number (as typed, national), contacts spread over the whole account;
 * - text-first-page-ms: the first page (10) of a quick search for a text (a name);
 * - resolve-per-s: recipients/s resolving include 2 snapshot groups, exclude 1, on email.
 * Each rate is also given as a fraction of store-ceiling's query-items-per-s from the same run.
 */
import { randomBytes } from 'node:crypto';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import type { TConditionTree } from '../../shared/schemas/contact-search.js';
import { startEmulators } from '../../infra/local/emulators.js';
import { storeCeiling } from './store-ceiling.js';
import type { Benchmark, Figure } from './figures.js';
import { requiredConfigEnv } from '../helpers/config-env.js';

const CONTACTS = Number(process.env.CONTACTS_BENCH_N ?? 200_000);
/** Contacts built and written at a time while seeding, so a million never sit in memory at once. */
const SEED_SLICE = 10_000;
/** Exact lookups timed (the median is reported). */
const LOOKUPS = 21;
const TABLE = 'bench-contacts';
const TUID = 'bench-account';
const FIRST_NAMES = ['Ann', 'Ben', 'Chan', 'Dora', 'Eric', 'Fay', 'Gus', 'Hui', 'Ivy', 'Jon'];

type Setup = { ceilingItemsPerS: number; stop(): Promise<void>; groups: { a: string; b: string; excluded: string } };

/** The seeded mobile of a contact, if it has one: unique, and a valid Hong Kong mobile (+852 61…) up to 1,000,000 contacts. */
const mobileOf = (id: number) => (id % 5 < 3 ? `+8526${1_000_000 + id}` : null);

/** A plausible account: 60% with mobiles, 5% unsubscribed, 1% hard-bounced, names, scores and tiers. */
function contactNumber(id: number, now: number): ContactRecord {
  return {
    id,
    email: `user${id}@example${id % 50}.com`,
    mobile: mobileOf(id),
    emailSubscribe: id % 20 !== 0,
    smsSubscribe: id % 25 !== 0,
    emailBounce: id % 100 === 7 ? 'hard' : 'none',
    smsBounce: 'none',
    fields: { f1: FIRST_NAMES[id % FIRST_NAMES.length]!, f2: `Family${id % 997}`, f3: id % 100, f4: id % 3 === 0 ? 'c1' : 'c2' },
    createTime: now - (CONTACTS - id) * 1000,
    updateTime: now - (CONTACTS - id) * 500,
  };
}

async function setUp(): Promise<Setup> {
  // The store's ceiling on this machine, measured first on its own emulators.
  const ceiling = await storeCeiling.run();
  const ceilingItemsPerS = ceiling.find((figure) => figure.metric === 'query-items-per-s')!.value;

  const emulators = await startEmulators();
  await emulators.createTable(TABLE);
  Object.assign(
    process.env,
    emulators.env,
    requiredConfigEnv({ TABLE_NAME: TABLE, DATA_BUCKET: 'bench-data', JWT_SECRET: randomBytes(36).toString('base64'), APP_URL: 'http://127.0.0.1:3000', STAGE: 'test' }),
  );
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: emulators.env.AWS_ENDPOINT_URL_DYNAMODB,
      region: emulators.env.AWS_REGION,
      credentials: { accessKeyId: emulators.env.AWS_ACCESS_KEY_ID, secretAccessKey: emulators.env.AWS_SECRET_ACCESS_KEY },
    }),
  );
  const { contactBlockItems } = await import('../../functions/data/contacts.js');
  const { insertGroup, memberCountChange } = await import('../../functions/data/groups.js');
  const { changeContactSet } = await import('../../functions/data/contact-sets.js');
  const { keys } = await import('../../functions/data/keys.js');

  // Seeding: the account, then whole blocks of contacts with their identity items, 25 items a call, 4 writers.
  const now = Date.now();
  const withEmail = CONTACTS;
  let withMobile = 0;
  for (let id = 1; id <= CONTACTS; id += 1) if (mobileOf(id)) withMobile += 1;
  await db.send(new UpdateCommand({
    TableName: TABLE,
    Key: keys.account(TUID),
    UpdateExpression: 'SET contactCount = :n, emailContactCount = :e, mobileContactCount = :m, #tz = :tz, createTime = :at',
    ExpressionAttributeNames: { '#tz': 'timezone' },
    ExpressionAttributeValues: { ':n': CONTACTS, ':e': withEmail, ':m': withMobile, ':tz': 'Asia/Hong_Kong', ':at': new Date(now).toISOString() },
  }));
  await db.send(new UpdateCommand({ TableName: TABLE, Key: keys.contactSequence(TUID), UpdateExpression: 'SET nextId = :n', ExpressionAttributeValues: { ':n': CONTACTS } }));
  for (let first = 1; first <= CONTACTS; first += SEED_SLICE) {
    const slice = Array.from({ length: Math.min(SEED_SLICE, CONTACTS - first + 1) }, (_, i) => contactNumber(first + i, now));
    const items = contactBlockItems(TUID, slice);
    let next = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < items.length) {
        let requests = items.slice(next, next + 25).map((Item) => ({ PutRequest: { Item } }));
        next += 25;
        while (requests.length > 0) {
          const answer = await db.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
          requests = (answer.UnprocessedItems?.[TABLE] ?? []) as typeof requests;
        }
      }
    }));
  }

  // Groups: A = the first 40%, B = the 30%–70% band, excluded = every 10th contact (at 200,000: 80,000, 60,001–140,000, 20,000).
  const at = new Date(now).toISOString();
  const groups = { a: 'group-a', b: 'group-b', excluded: 'group-x' };
  const members = {
    [groups.a]: Array.from({ length: Math.floor(CONTACTS * 0.4) }, (_, i) => i + 1),
    [groups.b]: Array.from({ length: Math.floor(CONTACTS * 0.4) }, (_, i) => Math.floor(CONTACTS * 0.3) + 1 + i),
    [groups.excluded]: Array.from({ length: Math.floor(CONTACTS / 10) }, (_, i) => (i + 1) * 10),
  };
  for (const [id, ids] of Object.entries(members)) {
    await insertGroup(TUID, { id, name: id, type: 'S', conditions: null, memberCount: 0, createTime: at, updateTime: at });
    await changeContactSet({ tuid: TUID, setId: id, add: ids, remove: [], counter: (delta) => memberCountChange(TUID, id, delta) });
  }
  db.destroy();
  return { ceilingItemsPerS, groups, stop: () => emulators.stop() };
}

/** Email in one of 50 domains' tenth, score above 50, tier "c1": about 1 contact in 60. */
const THREE_CONDITIONS: TConditionTree = {
  match: 'all',
  rules: [
    { field: 'email', operator: 'contains', value: '@example1' },
    { field: 'field:f3', operator: 'greaterThan', value: 50 },
    { field: 'field:f4', operator: 'equals', value: 'c1' },
  ],
};

async function median(runs: number, work: (run: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** The fields the seeded contacts use, stored as a user would have made them. */
async function defineFields(): Promise<void> {
  const { createContactField } = await import('../../functions/services/contacts/contact-fields.js');
  await createContactField({ tuid: TUID, input: { name: 'Score', type: 'number', choices: [] }, now: new Date() });
  await createContactField({ tuid: TUID, input: { name: 'Tier', type: 'singleChoice', choices: [{ label: 'Gold' }, { label: 'Silver' }] }, now: new Date() });
}

export const contactsSearch: Benchmark = {
  name: 'contacts-search',
  async run(): Promise<Figure[]> {
    const setup = await setUp();
    try {
      await defineFields();
      const { countContacts, loadFilterContext, searchContacts } = await import('../../functions/services/contacts/contact-search.js');
      // Warm the JVM and the code paths once, as a running service would be.
      await countContacts({ context: await loadFilterContext(TUID), filter: { conditions: THREE_CONDITIONS } });
      let counted = 0;
      const countMs = await median(3, async () => {
        counted = await countContacts({ context: await loadFilterContext(TUID), filter: { conditions: THREE_CONDITIONS } });
      });
      let pageSize = 0;
      const firstPageMs = await median(9, async () => {
        pageSize = (await searchContacts({ context: await loadFilterContext(TUID), request: { conditions: THREE_CONDITIONS, limit: 10 } })).data.length;
      });
      if (pageSize !== 10 || counted === 0) throw new Error(`unexpected results: page ${pageSize}, count ${counted}`);
      const textPageMs = await median(9, async () => {
        pageSize = (await searchContacts({ context: await loadFilterContext(TUID), request: { quickSearch: 'family12', limit: 10 } })).data.length;
      });
      if (pageSize !== 10) throw new Error(`unexpected text search page: ${pageSize}`);

      // Each lookup finds a different contact, spread evenly from the oldest to the newest block.
      const lookUp = async (text: string, id: number) => {
        const page = await searchContacts({ context: await loadFilterContext(TUID), request: { quickSearch: text, limit: 10 } });
        if (page.data.length !== 1 || page.data[0]!.id !== String(id)) throw new Error(`looking up ${text} found ${page.data.map((contact) => contact.id).join(', ') || 'nobody'}`);
      };
      const spreadId = (run: number) => 1 + Math.floor(((run + 0.5) * CONTACTS) / LOOKUPS);
      const withMobileFrom = (id: number): number => (mobileOf(id) ? id : withMobileFrom(id + 1));
      const emailLookupMs = await median(LOOKUPS, async (run) => lookUp(contactNumber(spreadId(run), 0).email!, spreadId(run)));
      const mobileLookupMs = await median(LOOKUPS, async (run) => {
        const id = withMobileFrom(spreadId(run));
        // Typed as people write a local number: "6120 0003".
        const national = mobileOf(id)!.slice(4);
        await lookUp(`${national.slice(0, 4)} ${national.slice(4)}`, id);
      });
      const scannedPerS = CONTACTS / (countMs / 1000);
      return [
        { bench: 'contacts-search', metric: 'contacts', value: CONTACTS, unit: 'contacts' },
        { bench: 'contacts-search', metric: 'count-s', value: countMs / 1000, unit: 's' },
        { bench: 'contacts-search', metric: 'count-matches', value: counted, unit: 'contacts' },
        { bench: 'contacts-search', metric: 'count-contacts-per-s', value: scannedPerS, unit: 'contacts/s' },
        { bench: 'contacts-search', metric: 'count-vs-store-ceiling', value: scannedPerS / setup.ceilingItemsPerS, unit: 'x query-items-per-s' },
        { bench: 'contacts-search', metric: 'first-page-ms', value: firstPageMs, unit: 'ms' },
        { bench: 'contacts-search', metric: 'text-first-page-ms', value: textPageMs, unit: 'ms' },
        { bench: 'contacts-search', metric: 'email-lookup-ms', value: emailLookupMs, unit: 'ms' },
        { bench: 'contacts-search', metric: 'mobile-lookup-ms', value: mobileLookupMs, unit: 'ms' },
      ];
    } finally {
      await setup.stop();
    }
  },
};

export const contactsResolve: Benchmark = {
  name: 'contacts-resolve',
  async run(): Promise<Figure[]> {
    const setup = await setUp();
    try {
      const { countRecipients } = await import('../../functions/services/contacts/recipients.js');
      const selection = { includedGroup: [setup.groups.a, setup.groups.b], excludedGroup: [setup.groups.excluded], includedCampaign: [], excludedCampaign: [] };
      await countRecipients({ tuid: TUID, channel: 'email', selection });
      let recipients = 0;
      const resolveMs = await median(3, async () => {
        recipients = await countRecipients({ tuid: TUID, channel: 'email', selection });
      });
      const perS = recipients / (resolveMs / 1000);
      return [
        { bench: 'contacts-resolve', metric: 'recipients', value: recipients, unit: 'contacts' },
        { bench: 'contacts-resolve', metric: 'resolve-s', value: resolveMs / 1000, unit: 's' },
        { bench: 'contacts-resolve', metric: 'resolve-per-s', value: perS, unit: 'recipients/s' },
        { bench: 'contacts-resolve', metric: 'resolve-vs-store-ceiling', value: perS / setup.ceilingItemsPerS, unit: 'x query-items-per-s' },
      ];
    } finally {
      await setup.stop();
    }
  },
};
