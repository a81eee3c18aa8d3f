/**
 * Sender identities through the real handlers, DynamoDB Local and the SES v2 adapter against the
 * local SES stand-in: addresses confirmed by a mailed code, the default sender, domains with their
 * DNS records and SES's verdict, free mail domains refused with nothing written, and campaigns
 * that send only from a verified identity (and go back to draft when theirs is removed).
 */
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { getCampaignRecord } from '../../../functions/data/campaigns.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignSenders, TSenderAddress, TSenderAddressList, TSenderDomain, TSenderDomainList } from '../../../shared/schemas/sender-identities.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue, runQueueOnce } from '../../helpers/queues.js';
import { connect, verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { actOnCampaign, readyCommand, seedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContact } from '../../helpers/seed/contacts.js';
import { domainOfAddress, isDmarcAligned } from '../../../shared/domain/sender-identities.js';
import { platformSender } from '../../../functions/channels/mail.js';
import { markSesIdentityRecords } from '../../../infra/local/ses-stand-in.js';

const ADDRESSES = '/settings/emails/addresses';
const DOMAINS = '/settings/emails/domains';

let api: ApiClient;
let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  api = await startApi();
}, 30_000);
afterAll(async () => {
  await api.close();
});

/** Delivers queued mail and answers the code in the newest mail to `to`. */
async function mailedCode(to: string): Promise<string> {
  await runQueueOnce('outbound-mail');
  const [mail] = await readSink(testTable.sinkDir, 'mail', { to });
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const addresses = async (actor: Actor) => (await call<TSenderAddressList>(api, actor, 'GET', ADDRESSES)).body.data;
const domains = async (actor: Actor) => (await call<TSenderDomainList>(api, actor, 'GET', DOMAINS)).body.data;
const senders = async (actor: Actor) => (await call<TCampaignSenders>(api, actor, 'GET', '/settings/emails/senders')).body;
const addAddress = (actor: Actor, email: string) => call<{ address: TSenderAddress }>(api, actor, 'POST', ADDRESSES, { email });
const verify = (actor: Actor, email: string, code: string) => call<{ address: TSenderAddress }>(api, actor, 'POST', `${ADDRESSES}/${encodeURIComponent(email)}/verify`, { code });
const addDomain = (actor: Actor, domain: string) => call<{ domain: TSenderDomain }>(api, actor, 'POST', DOMAINS, { domain });
const checkDomain = (actor: Actor, domain: string) => call<{ domain: TSenderDomain }>(api, actor, 'POST', `${DOMAINS}/${domain}/check`);

describe('sender addresses', () => {
  it('mails a code to a new address, which confirms it; the address can then be the default sender and is offered to campaigns, until it is removed', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Ada Addresses');

    // Act
    const added = await addAddress(owner, ' News@Shop-One.example ');
    const code = await mailedCode('news@shop-one.example');
    const refusedDefault = await call(api, owner, 'POST', `${ADDRESSES}/news%40shop-one.example/default`);
    const verified = await verify(owner, 'news@shop-one.example', code);
    const madeDefault = await call<TSenderAddressList>(api, owner, 'POST', `${ADDRESSES}/news%40shop-one.example/default`);
    const offered = await senders(owner);
    const removed = await call(api, owner, 'DELETE', `${ADDRESSES}/news%40shop-one.example`);

    // Assess
    expect(added.status).toBe(201);
    expect(added.body.address).toMatchObject({ email: 'news@shop-one.example', status: 'pending', isDefault: false, verifiedByDomain: false, lastSendTime: expect.any(String) });
    expect(refusedDefault.body.statusCode).toBe(ERROR_CODES.SENDER_UNVERIFIED);
    expect(verified.body.address).toMatchObject({ status: 'verified', lastSendTime: null });
    expect(madeDefault.body.data).toEqual([expect.objectContaining({ email: 'news@shop-one.example', isDefault: true })]);
    expect(offered.data).toEqual([{ email: 'news@shop-one.example', isDefault: true }, { email: owner.login, isDefault: false }]);
    expect(removed.status).toBe(200);
    expect(await addresses(owner)).toEqual([]);
    expect((await senders(owner)).data).toEqual([{ email: owner.login, isDefault: false }]);
  });

  it('refuses a wrong code, a resend within a minute and an address the account already has', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Wes Wrong');
    await addAddress(owner, 'hello@shop-two.example');
    const code = await mailedCode('hello@shop-two.example');

    // Act
    const wrong = await verify(owner, 'hello@shop-two.example', code === '000000' ? '111111' : '000000');
    const resend = await call(api, owner, 'POST', `${ADDRESSES}/hello%40shop-two.example/resend`);
    const again = await addAddress(owner, 'HELLO@shop-two.example');
    const otherAccounts = await verify(await verifiedAccount(api, 'Olga Other'), 'hello@shop-two.example', code);

    // Assess
    expect(wrong.body.statusCode).toBe(ERROR_CODES.INVALID_VERIFICATION_CODE);
    expect(resend.status).toBe(429);
    expect(resend.body.statusCode).toBe(ERROR_CODES.RESEND_TOO_SOON);
    expect(again.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
    expect(otherAccounts.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect((await addresses(owner)).map((address) => address.status)).toEqual(['pending']);
  });

  it('refuses free and public mail domains with EA-V-011 and writes nothing, mails nothing', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Fay Free');

    // Act
    const answers = await Promise.all(['me@gmail.com', 'me@Yahoo.com.hk', 'me@outlook.com'].map((email) => addAddress(owner, email)));
    const domainAnswer = await addDomain(owner, 'gmail.com');
    await runQueueOnce('outbound-mail');

    // Assess
    for (const answer of [...answers, domainAnswer]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ statusCode: 'EA-V-011', message: expect.any(String) });
    }
    expect(await addresses(owner)).toEqual([]);
    expect(await domains(owner)).toEqual([]);
    expect(await readSink(testTable.sinkDir, 'mail', { to: 'me@gmail.com' })).toEqual([]);
  });

  it('lets only roles with email write add addresses, and bad input answers in the error shape', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Rhea Roles');
    const analyst = await connect(owner, await verifiedAccount(api, 'Ana Analyst'), 'analyst');

    // Act
    const byAnalyst = await addAddress(analyst, 'team@shop-three.example');
    const badEmail = await addAddress(owner, 'not an email');
    const badCode = await verify(owner, 'team@shop-three.example', '12');

    // Assess
    expect(byAnalyst.status).toBe(403);
    expect(badEmail.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(badCode.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await addresses(owner)).toEqual([]);
  });
});

describe('sender domains', () => {
  it('shows the DNS records to publish, stays pending until SES finds them, then lets any address at the domain send without a code', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Dan Domains');

    // Act
    const added = await addDomain(owner, 'https://Brand-One.example/');
    const pending = await checkDomain(owner, 'brand-one.example');
    await markSesIdentityRecords('brand-one.example', 'found');
    const verified = await checkDomain(owner, 'brand-one.example');
    const address = await addAddress(owner, 'offers@brand-one.example');
    await runQueueOnce('outbound-mail');

    // Assess
    expect(added.status).toBe(201);
    const { records } = added.body.domain;
    expect(records.filter((record) => record.purpose === 'dkim')).toHaveLength(3);
    expect(records.filter((record) => record.purpose === 'dkim').every((record) => record.type === 'CNAME' && /^\w+\._domainkey\.brand-one\.example$/.test(record.name) && record.value.endsWith('.dkim.amazonses.com'))).toBe(true);
    expect(records.filter((record) => record.purpose !== 'dkim')).toEqual([
      { purpose: 'mailFromMx', type: 'MX', name: 'mail.brand-one.example', value: expect.stringMatching(/^10 feedback-smtp\.[\w-]+\.amazonses\.com$/) },
      { purpose: 'mailFromSpf', type: 'TXT', name: 'mail.brand-one.example', value: '"v=spf1 include:amazonses.com ~all"' },
      { purpose: 'dmarc', type: 'TXT', name: '_dmarc.brand-one.example', value: expect.stringContaining('v=DMARC1') },
    ]);
    expect(added.body.domain).toMatchObject({ domain: 'brand-one.example', status: 'pending', dkimDomain: 'brand-one.example' });
    expect(pending.body.domain).toMatchObject({ status: 'pending', reason: null, lastCheckTime: expect.any(String) });
    expect(verified.body.domain).toMatchObject({ status: 'verified', reason: null });
    expect(address.body.address).toMatchObject({ status: 'verified', verifiedByDomain: true, lastSendTime: null });
    expect(await readSink(testTable.sinkDir, 'mail', { to: 'offers@brand-one.example' })).toEqual([]);
    expect((await senders(owner)).verifiedDomains).toEqual(['brand-one.example']);
  });

  it('shows failed with the reason when SES does not find the records, and removes the domain and its SES identity', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Fin Failed');
    await addDomain(owner, 'brand-two.example');
    await markSesIdentityRecords('brand-two.example', 'failed');

    // Act
    const failed = await checkDomain(owner, 'brand-two.example');
    const removed = await call(api, owner, 'DELETE', `${DOMAINS}/brand-two.example`);
    const readded = await addDomain(owner, 'brand-two.example');

    // Assess
    expect(failed.body.domain).toMatchObject({ status: 'failed', reason: 'dkimNotFound' });
    expect(removed.status).toBe(200);
    // A new SES identity: new DKIM tokens, pending again.
    expect(readded.body.domain.status).toBe('pending');
    expect(readded.body.domain.records[0]!.name).not.toBe(failed.body.domain.records[0]!.name);
  });

  it('answers EA-V-012 for a domain another account holds, and ERROR_RECORD_NAME_EXISTS for one the account has', async () => {
    // Prepare
    const first = await verifiedAccount(api, 'Hal Holder');
    const second = await verifiedAccount(api, 'Sam Second');
    await addDomain(first, 'brand-three.example');

    // Act
    const elsewhere = await addDomain(second, 'brand-three.example');
    const twice = await addDomain(first, 'BRAND-THREE.example');
    const badDomain = await addDomain(first, 'not a domain');

    // Assess
    expect(elsewhere.body.statusCode).toBe('EA-V-012');
    expect(twice.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
    expect(badDomain.body.statusCode).toBe(ERROR_CODES.INVALID_INPUT);
    expect(await domains(second)).toEqual([]);
  });
});

describe('campaign senders', () => {
  it('refuses to send from an address that is not a verified identity', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Uma Unverified');
    await addAddress(owner, 'pending@shop-four.example');
    const id = await seedCampaign(api, owner, 'From a pending address', readyCommand('pending@shop-four.example'));

    // Act
    const sent = await actOnCampaign(api, owner, id, { action: 'sendNow' });

    // Assess
    expect(sent.body.statusCode).toBe(ERROR_CODES.SENDER_UNVERIFIED);
    expect((await getCampaignRecord(owner.tuid, id))?.status).toBe('draft');
  });

  it('sends from a confirmed address, and a campaign whose sender is removed before it goes returns to draft with the reason', async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Rex Removed');
    await addAddress(owner, 'news@shop-five.example');
    await verify(owner, 'news@shop-five.example', await mailedCode('news@shop-five.example'));
    const id = await seedCampaign(api, owner, 'From a removed address', readyCommand('news@shop-five.example'));
    const sent = await actOnCampaign(api, owner, id, { action: 'sendNow' });

    // Act
    await call(api, owner, 'DELETE', `${ADDRESSES}/news%40shop-five.example`);
    await drainQueue('campaign-plan');

    // Assess
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await getCampaignRecord(owner.tuid, id)).toMatchObject({ status: 'draft', draftReason: 'senderUnverified' });
  });

  it('sends a confirmed address at a domain not verified in SES from the platform domain on its behalf, replies going to it', async () => {
    // Prepare: the address is confirmed by code; its domain is not an SES identity
    const owner = await verifiedAccount(api, 'Jane Code');
    await addAddress(owner, 'jane@code-only.example');
    await verify(owner, 'jane@code-only.example', await mailedCode('jane@code-only.example'));
    await seedContact(api, owner, { email: 'behalf-reader@example.com' });
    const id = await seedCampaign(api, owner, 'From a code-confirmed address', { ...readyCommand('jane@code-only.example'), replyTo: undefined });

    // Act
    const sent = await actOnCampaign(api, owner, id, { action: 'sendNow' });
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');
    const [mail] = (await readSink(testTable.sinkDir, 'mail', { to: 'behalf-reader@example.com' })).filter((each) => each.tags?.campaignId === id);

    // Assess: SES would refuse jane@code-only.example as From; the platform's domain sends for her
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const platformDomain = domainOfAddress(platformSender().address);
    expect(mail?.headers.From).toBe(`Shop Ltd via ${platformSender().name} <jane=code-only.example@${platformDomain}>`);
    expect(mail?.headers['Reply-To']).toBe('jane@code-only.example');
    expect(mail?.headers['Message-ID']).toMatch(new RegExp(`@${platformDomain.replace(/\./g, '\\.')}>$`));
  });

  it("sends from any address at a verified domain, From aligned with the domain page's DKIM domain, Message-ID at that domain and a Feedback-ID", async () => {
    // Prepare
    const owner = await verifiedAccount(api, 'Ava Aligned');
    await addDomain(owner, 'aligned-shop.example');
    await markSesIdentityRecords('aligned-shop.example', 'found');
    const { domain } = (await checkDomain(owner, 'aligned-shop.example')).body;
    await seedContact(api, owner, { email: 'reader@example.com' });
    const id = await seedCampaign(api, owner, 'From the verified domain', readyCommand('offers@aligned-shop.example'));

    // Act
    const sent = await actOnCampaign(api, owner, id, { action: 'sendNow' });
    await drainQueue('campaign-plan');
    await drainQueue('campaign-delivery');
    const [mail] = (await readSink(testTable.sinkDir, 'mail', { to: 'reader@example.com' })).filter((each) => each.tags?.campaignId === id);
    const parsed = await PostalMime.parse(mail!.raw!);

    // Assess
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const fromDomain = parsed.from!.address!.split('@')[1]!;
    expect(fromDomain).toBe('aligned-shop.example');
    expect(isDmarcAligned(fromDomain, domain.dkimDomain)).toBe(true);
    expect(parsed.messageId).toMatch(/^<[\w-]+@aligned-shop\.example>$/);
    const feedbackId = parsed.headers.find((header) => header.key === 'feedback-id')?.value;
    expect(feedbackId).toBe(`${id}:${owner.tuid}:email:aligned-shop.example`);
  });
});
