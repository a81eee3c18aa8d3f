/**
 * Email campaigns as records through the real handlers (spec §7 "Campaign saving"): create with
 * a unique trimmed name, check-title, the edit lock, saving one step's part of the command,
 * loading it back, the list with tabs, search and tags, rename, tag, replicate and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignListResponse, TCampaignLoadResponse, TCampaignSummary } from '../../../shared/schemas/campaigns.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { connect, verifiedAccount, type Actor } from '../../helpers/seed/accounts.js';
import { CAMPAIGNS, SAVE, readyCommand, seedCampaign } from '../../helpers/seed/campaigns.js';

let api: ApiClient;
let owner: Actor & { login: string };
let colleague: Actor;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  owner = await verifiedAccount(api, 'Cora Campaigner');
  colleague = await connect(owner, await verifiedAccount(api, 'Bo Colleague'), 'collaborator');
}, 30_000);
afterAll(async () => {
  await api.close();
});

const load = (actor: Actor, id: string) => call<TCampaignLoadResponse>(api, actor, 'GET', `${SAVE}?id=${id}&timestamp=${Date.now()}`);
const list = (query = '') => call<TCampaignListResponse>(api, owner, 'GET', `${CAMPAIGNS}${query}`);

describe('creating and naming', () => {
  it('creates a draft with the trimmed name and refuses the same name in any case', async () => {
    // Act
    const created = await call<{ id: string }>(api, owner, 'POST', SAVE, { campaignName: '  Autumn launch  ' });
    const again = await call(api, owner, 'POST', SAVE, { campaignName: 'AUTUMN LAUNCH' });

    // Assess
    expect(created.status).toBe(201);
    const loaded = await load(owner, created.body.id);
    expect(loaded.body.campaignName).toBe('Autumn launch');
    expect(loaded.body.campaign.status).toBe('draft');
    expect(again.status).toBe(409);
    expect(again.body.statusCode).toBe(ERROR_CODES.RECORD_NAME_EXISTS);
  });

  it('answers check-title with duplicated, ignoring the campaign itself', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Title check');

    // Act
    const asOther = await call<{ duplicated: boolean }>(api, owner, 'POST', '/create-campaign/check-title', { title: ' title CHECK ' });
    const asItself = await call<{ duplicated: boolean }>(api, owner, 'POST', '/create-campaign/check-title', { id, title: 'Title check' });
    const free = await call<{ duplicated: boolean }>(api, owner, 'POST', '/create-campaign/check-title', { title: 'Never used' });

    // Assess
    expect([asOther.body.duplicated, asItself.body.duplicated, free.body.duplicated]).toEqual([true, false, false]);
  });
});

describe('saving the wizard', () => {
  it('saves each step’s part, keeps the others, and reports pasted addresses that are not emails', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Step by step');
    await call(api, owner, 'GET', `${SAVE}/lock?id=${id}`);
    const command = readyCommand(owner.login);

    // Act
    await call(api, owner, 'POST', `${SAVE}?source=select-groups`, { id, command: { selection: command.selection } });
    const pasted = await call<{ invalidEmails: string[] }>(api, owner, 'POST', `${SAVE}?source=paste-emails&mode=auto`, {
      id,
      command: { pastedEmails: ['ann@example.com', 'not an address'] },
    });
    await call(api, owner, 'POST', `${SAVE}?source=information`, { id, command: { subject: command.subject, senderEmail: owner.login, name: 'Step by step, renamed' } });

    // Assess
    expect(pasted.status).toBe(200);
    expect(pasted.body.invalidEmails).toEqual(['not an address']);
    const loaded = (await load(owner, id)).body;
    expect(loaded.command.selection).toEqual(command.selection);
    expect(loaded.command.pastedEmails).toEqual(['ann@example.com', 'not an address']);
    expect(loaded.command.subject).toBe('Spring offers');
    expect(loaded.campaignName).toBe('Step by step, renamed');
    expect(loaded.campaign.subject).toBe('Spring offers');
  });

  it('refuses a save without the caller’s edit lock, and names the editor to anyone else (Access Denied)', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Locked one');

    // Act
    const withoutLock = await call(api, owner, 'POST', SAVE, { id, command: { subject: 'x' } });
    await call(api, colleague, 'GET', `${SAVE}/lock?id=${id}`);
    const ownerLock = await call(api, owner, 'GET', `${SAVE}/lock?id=${id}`);
    const ownerRename = await call(api, owner, 'PUT', `${CAMPAIGNS}/${id}/name`, { name: 'Renamed under lock' });
    await call(api, colleague, 'DELETE', `${SAVE}/lock?id=${id}`);
    const afterRelease = await call(api, owner, 'GET', `${SAVE}/lock?id=${id}`);

    // Assess
    expect(withoutLock.body.statusCode).toBe(ERROR_CODES.EDIT_LOCK_REQUIRED);
    expect(ownerLock.status).toBe(409);
    expect(ownerLock.body).toMatchObject({ statusCode: ERROR_CODES.BEING_MODIFIED, lockedBy: 'Bo Colleague' });
    expect(ownerRename.body.statusCode).toBe(ERROR_CODES.BEING_MODIFIED);
    expect(afterRelease.status).toBe(200);
  });

  it('refuses bad input and changes nothing', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Bad input');
    await call(api, owner, 'GET', `${SAVE}/lock?id=${id}`);

    // Act
    const unknownKey = await call(api, owner, 'POST', SAVE, { id, command: { subject: 'ok', secret: 1 } });
    const longSubject = await call(api, owner, 'POST', SAVE, { id, command: { subject: 'x'.repeat(201) } });
    const badId = await call(api, owner, 'GET', `${SAVE}?id=../../etc`);
    const otherAccount = await load(await verifiedAccount(api, 'Stranger'), id);

    // Assess
    expect([unknownKey.status, longSubject.status, badId.status]).toEqual([400, 400, 400]);
    expect(otherAccount.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect((await load(owner, id)).body.command.subject).toBeUndefined();
  });
});

describe('the list', () => {
  it('lists newest first with tab counts, searches names and subjects, filters by tag', async () => {
    // Prepare
    const first = await seedCampaign(api, owner, 'List alpha', readyCommand(owner.login));
    const second = await seedCampaign(api, owner, 'List beta');
    await call(api, owner, 'PUT', `${CAMPAIGNS}/${first}/tags`, { tags: [' VIP ', 'vip', 'Spring'] });

    // Act
    const searched = await list('?search=list');
    const bySubject = await list('?search=spring%20offers');
    const tagged = await list('?tag=vip');
    const sentTab = await list('?tab=sent');

    // Assess
    expect(searched.body.data.map((campaign) => campaign.id)).toEqual([second, first]);
    expect(searched.body.tabCounts).toMatchObject({ all: 2, draft: 2, sent: 0 });
    expect(bySubject.body.data.map((campaign) => campaign.id)).toContain(first);
    expect(tagged.body.data.map((campaign) => campaign.id)).toEqual([first]);
    expect(tagged.body.data[0].tags).toEqual(['VIP', 'Spring']);
    expect(tagged.body.tags).toEqual(expect.arrayContaining(['Spring', 'VIP']));
    expect(sentTab.body.total).toBe(0);
  });

  it('replicates a campaign with its command under the next free copy name', async () => {
    // Prepare
    const id = await seedCampaign(api, owner, 'Original', readyCommand(owner.login));

    // Act
    const copy1 = await call<{ campaign: TCampaignSummary }>(api, owner, 'POST', `${CAMPAIGNS}/${id}/replicate`);
    const copy2 = await call<{ campaign: TCampaignSummary }>(api, owner, 'POST', `${CAMPAIGNS}/${id}/replicate`);

    // Assess
    expect([copy1.status, copy2.status]).toEqual([201, 201]);
    expect([copy1.body.campaign.name, copy2.body.campaign.name]).toEqual(['Original (copy)', 'Original (copy 2)']);
    expect((await load(owner, copy2.body.campaign.id)).body.command.subject).toBe('Spring offers');
  });

  it('deletes campaigns all or none, freeing their names', async () => {
    // Prepare
    const a = await seedCampaign(api, owner, 'Delete me A');
    const b = await seedCampaign(api, owner, 'Delete me B');
    await call(api, colleague, 'GET', `${SAVE}/lock?id=${b}`);

    // Act
    const refused = await call(api, owner, 'DELETE', CAMPAIGNS, { ids: [a, b] });
    await call(api, colleague, 'DELETE', `${SAVE}/lock?id=${b}`);
    const deleted = await call<{ deleted: number }>(api, owner, 'DELETE', CAMPAIGNS, { ids: [a, b] });
    const reused = await call(api, owner, 'POST', SAVE, { campaignName: 'Delete me A' });

    // Assess
    expect(refused.body.statusCode).toBe(ERROR_CODES.BEING_MODIFIED);
    expect(deleted.body.deleted).toBe(2);
    expect((await load(owner, a)).body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
    expect(reused.status).toBe(201);
  });

  it('names the selection’s groups and marks the ones that no longer exist', async () => {
    // Prepare
    const command = readyCommand(owner.login);
    const id = await seedCampaign(api, owner, 'Selection details', { ...command, selection: { ...command.selection!, excludedGroup: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] } });

    // Act
    const details = await call<{ groupIncludeResult: unknown[]; groupExcludeResult: unknown[] }>(api, owner, 'POST', '/create-campaign/select-contact/get-detail-by-ids', { campId: id, type: 'Email' });

    // Assess
    expect(details.body.groupIncludeResult).toEqual([{ id: 'system-email', name: 'All Contacts with Emails', exists: true }]);
    expect(details.body.groupExcludeResult).toEqual([{ id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', name: '', exists: false }]);
  });
});
