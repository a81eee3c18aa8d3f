/**
 * GET email/stat/{view}/{campaignId} and its export through the real handler and export worker: the report
 * state, the overview's counters, timeline and links, every list view paged by key range, the
 * click view of one link, the export, and another account's campaign answering as missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TCampaignReportResponse } from '../../../shared/schemas/campaigns.js';
import type { TExportDownloadResponse, TExportJob } from '../../../shared/schemas/exports.js';
import { startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { runQueueOnce } from '../../helpers/queues.js';
import { drainEvents, enqueueEvent, rawGet, snsEnvelope, tokenFor } from '../../helpers/delivery-events.js';
import { type Actor, connect, signUpAs } from '../../helpers/seed/accounts.js';
import { type SentCampaign, sentCampaign } from '../../helpers/seed/campaigns.js';
import { newContact } from '../../helpers/seed/contacts.js';
import { addCampaignCounters } from '../../../functions/data/campaign-counters.js';

const STAT = '/api/v1/pageBasedAPI/email/stat';
const EXPORTS = '/api/v1/pageBasedAPI/data-export';

let api: ApiClient;
let me: Actor;
let campaign: SentCampaign;
const recipients: Array<{ id: number; email: string }> = [];

const report = (actor: Actor, path: string) => api.request<TCampaignReportResponse & { statusCode?: string }>('GET', `${STAT}/${path}`, { token: actor.token });

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  me = await signUpAs(api, 'Report Owner');
  campaign = await sentCampaign(me);
  for (let i = 0; i < 7; i += 1) {
    const email = `reader${i}@example.com`;
    recipients.push({ id: await newContact(me, { email: email }), email });
  }
  // Everyone is sent to and delivered; 0..4 open (0 twice), 0..2 click link 0, 1 also clicks link 1,
  // 5 bounces hard, 6 soft; 3 unsubscribes.
  for (const [i, { id, email }] of recipients.entries()) {
    const base = { actor: me, campaignId: campaign.id, contactId: id, email };
    await enqueueEvent(snsEnvelope({ ...base, eventType: 'Send' }));
    if (i < 5) await enqueueEvent(snsEnvelope({ ...base, eventType: 'Delivery' }));
  }
  const bounce = (email: string, bounceType: string, diagnosticCode: string) => ({ bounce: { bounceType, bouncedRecipients: [{ emailAddress: email, diagnosticCode }] } });
  await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: recipients[5].id, email: recipients[5].email, eventType: 'Bounce', detail: bounce(recipients[5].email, 'Permanent', '=550 user unknown') }));
  await enqueueEvent(snsEnvelope({ actor: me, campaignId: campaign.id, contactId: recipients[6].id, email: recipients[6].email, eventType: 'Bounce', detail: bounce(recipients[6].email, 'Transient', '452 mailbox full') }));
  await drainEvents();
  // The planner counts a run's recipients; these events come without a run.
  await addCampaignCounters(me.tuid, campaign.id, { recipients: recipients.length });
  for (let i = 0; i < 5; i += 1) await rawGet(api, `/t/open/${await tokenFor('track', me, campaign.id, recipients[i].id)}`);
  await rawGet(api, `/t/open/${await tokenFor('track', me, campaign.id, recipients[0].id)}`);
  for (let i = 0; i < 3; i += 1) await rawGet(api, `/t/click/${await tokenFor('track', me, campaign.id, recipients[i].id)}?l=0`);
  await rawGet(api, `/t/click/${await tokenFor('track', me, campaign.id, recipients[1].id)}?l=1`);
  await api.request('POST', `/t/unsubscribe/${await tokenFor('unsubscribe', me, campaign.id, recipients[3].id)}`, {
    rawBody: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await drainEvents();
}, 120_000);
afterAll(() => api.close());

describe('campaign report', () => {
  it('answers the overview: state, counters, the hourly timeline and each link with its clicks', async () => {
    // Act
    const answer = await report(me, `overview/${campaign.id}?type=Email`);
    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { state, counters, timeline, links } = answer.body;
    expect(state).toMatchObject({ campaignId: campaign.id, view: 'overview', type: 'Email', title: campaign.name, status: 'finished', mode: 'now', isShowAcceptOrRejectApproveButton: false });
    expect(counters).toMatchObject({ delivered: 5, opens: 6, uniqueOpens: 5, clicks: 4, uniqueClicks: 3, hardBounces: 1, softBounces: 1, unsubscribes: 1 });
    expect(timeline?.reduce((sum, point) => sum + point.opens, 0)).toBe(6);
    expect(timeline?.reduce((sum, point) => sum + point.clicks, 0)).toBe(4);
    expect(timeline?.[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
    expect(links).toEqual([
      { index: 0, url: 'https://shop.example.com/offer?a=1&b=2', clicks: 3, uniqueClicks: 3 },
      { index: 1, url: 'https://shop.example.com/help', clicks: 1, uniqueClicks: 1 },
    ]);
    expect(answer.body.rows).toBeUndefined();
  });

  it('pages the delivery view by key range: every recipient once, with the status the events gave it', async () => {
    // Act
    const pages = await Promise.all([1, 2, 3].map((page) => report(me, `delivery/${campaign.id}?page=${page}&limit=3`)));
    // Assess
    const rows = pages.flatMap((page) => page.body.rows ?? []);
    expect(pages.map((page) => page.body.rows?.length)).toEqual([3, 3, 1]);
    expect(pages[0].body.total).toBe(7);
    expect(new Set(rows.map((row) => row.contactId)).size).toBe(7);
    const statusOf = (i: number) => rows.find((row) => row.contactId === String(recipients[i].id))?.status;
    expect([0, 1, 2, 3, 4].map(statusOf)).toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered']);
    expect(statusOf(5)).toBe('bounced');
    expect(rows.every((row) => row.email.startsWith('reader') && row.time !== null)).toBe(true);
  });

  it('lists openers with their open counts, clickers per link, bounces with reasons, and unsubscribes', async () => {
    // Act
    const [open, click, linkOne, bounce, unsubscribe] = await Promise.all([
      report(me, `open/${campaign.id}`),
      report(me, `click/${campaign.id}`),
      report(me, `click/${campaign.id}?link=1`),
      report(me, `bounce/${campaign.id}`),
      report(me, `unsubscribe/${campaign.id}`),
    ]);
    // Assess
    expect(open.body.total).toBe(5);
    expect(open.body.rows?.find((row) => row.email === 'reader0@example.com')?.count).toBe(2);
    expect(click.body.total).toBe(3);
    expect(click.body.rows?.find((row) => row.email === 'reader1@example.com')?.count).toBe(2);
    expect(click.body.links).toHaveLength(2);
    expect(linkOne.body.total).toBe(1);
    expect(linkOne.body.rows).toEqual([expect.objectContaining({ email: 'reader1@example.com', url: 'https://shop.example.com/help', count: 1 })]);
    expect(bounce.body.total).toBe(2);
    expect(bounce.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'reader5@example.com', bounceType: 'hard', reason: '=550 user unknown' }),
        expect.objectContaining({ email: 'reader6@example.com', bounceType: 'soft', reason: '452 mailbox full' }),
      ]),
    );
    expect(unsubscribe.body.total).toBe(1);
    expect(unsubscribe.body.rows?.[0]).toMatchObject({ email: 'reader3@example.com' });
  });

  it('refuses a link the campaign does not have and an unknown view', async () => {
    // Act
    const badLink = await report(me, `click/${campaign.id}?link=9`);
    const badView = await report(me, `complaints/${campaign.id}`);
    // Assess
    expect(badLink.status).toBe(400);
    expect(badView.status).toBe(400);
  });

  it("exports a list view through the export worker: a CSV named after the campaign, times in the user's zone, safe from formula injection", async () => {
    // Act
    const started = await api.request<{ export: TExportJob }>('POST', `${STAT}/bounce/${campaign.id}/export`, { token: me.token });
    const worked = await runQueueOnce('export');
    const job = await api.request<{ export: TExportJob }>('GET', `${EXPORTS}/${started.body.export.id}`, { token: me.token });
    const link = await api.request<TExportDownloadResponse>('GET', `${EXPORTS}/${started.body.export.id}/download`, { token: me.token });
    const csv = await (await fetch(link.body.url)).text();

    // Assess
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.export).toMatchObject({ name: `${campaign.name}-bounce`, format: 'csv', status: 'queued', source: { kind: 'campaignReport', family: 'email', campaignId: campaign.id, view: 'bounce' } });
    expect(worked).toEqual({ processed: 1, failed: 0 });
    expect(job.body.export).toMatchObject({ status: 'finished', records: 2 });
    expect(link.body.fileName).toBe(`${campaign.name}-bounce.csv`);
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Contact ID,Email,Bounce type,Bounce code,Reason,Time');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The diagnostic code starts with '=': a spreadsheet must not run it.
    expect(csv).toContain(",'=550 user unknown,");
  });

  it('exports one link’s clickers with the link, as XLSX when asked', async () => {
    // Act
    const started = await api.request<{ export: TExportJob }>('POST', `${STAT}/click/${campaign.id}/export?link=1`, { token: me.token, body: { format: 'xlsx' } });
    await runQueueOnce('export');
    const job = await api.request<{ export: TExportJob }>('GET', `${EXPORTS}/${started.body.export.id}`, { token: me.token });

    // Assess: recipient 1 alone clicked link 1.
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.export.source).toMatchObject({ kind: 'campaignReport', view: 'click', link: { index: 1 } });
    expect(job.body.export).toMatchObject({ status: 'finished', format: 'xlsx', records: 1 });
  });

  it('exports an SMS campaign’s list under sms/: the number’s column is Mobile, and the email path answers it as missing', async () => {
    // Prepare
    const texted = await sentCampaign(me, { type: 'SMS', channel: 'sms' });

    // Act
    const asEmail = await api.request<{ statusCode: string }>('POST', `${STAT}/delivery/${texted.id}/export`, { token: me.token });
    const started = await api.request<{ export: TExportJob }>('POST', `/api/v1/pageBasedAPI/sms/stat/failed/${texted.id}/export`, { token: me.token });
    await runQueueOnce('export');
    const link = await api.request<TExportDownloadResponse>('GET', `${EXPORTS}/${started.body.export.id}/download`, { token: me.token });
    const csv = await (await fetch(link.body.url)).text();

    // Assess
    expect([asEmail.status, asEmail.body.statusCode]).toEqual([404, ERROR_CODES.RECORD_NOT_FOUND]);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body.export.source).toMatchObject({ kind: 'campaignReport', family: 'sms', view: 'failed' });
    expect(csv.replace(/^\uFEFF/, '').trim()).toBe('Contact ID,Mobile,Reason,Time');
  });

  it('fails the export of a campaign deleted before the worker ran, with that reason and no file', async () => {
    // Prepare
    const doomed = await sentCampaign(me);
    const started = await api.request<{ export: TExportJob }>('POST', `${STAT}/delivery/${doomed.id}/export`, { token: me.token });
    const deleted = await api.request('DELETE', '/api/v1/pageBasedAPI/email/campaigns', { token: me.token, body: { ids: [doomed.id] } });

    // Act
    await runQueueOnce('export');

    // Assess
    expect(started.status).toBe(201);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const job = await api.request<{ export: TExportJob }>('GET', `${EXPORTS}/${started.body.export.id}`, { token: me.token });
    expect(job.body.export).toMatchObject({ status: 'failed', reason: 'campaignDeleted', fileSize: null });
  });

  it('refuses an export of the overview, of a link the campaign lacks, in an unknown format or of another account’s campaign, and queues nothing', async () => {
    // Prepare
    const stranger = await signUpAs(api, 'Export Stranger');
    const before = (await api.request<{ data: TExportJob[] }>('GET', EXPORTS, { token: me.token })).body.data.length;

    // Act
    const answers = await Promise.all([
      api.request<{ statusCode: string }>('POST', `${STAT}/overview/${campaign.id}/export`, { token: me.token }),
      api.request<{ statusCode: string }>('POST', `${STAT}/click/${campaign.id}/export?link=9`, { token: me.token }),
      api.request<{ statusCode: string }>('POST', `${STAT}/delivery/${campaign.id}/export`, { token: me.token, body: { format: 'pdf' } }),
      api.request<{ statusCode: string }>('POST', `${STAT}/delivery/${campaign.id}/export`, { token: stranger.token }),
    ]);

    // Assess
    expect(answers.map((answer) => [answer.status, answer.body.statusCode])).toEqual([
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [400, ERROR_CODES.INVALID_INPUT],
      [404, ERROR_CODES.RECORD_NOT_FOUND],
    ]);
    expect((await api.request<{ data: TExportJob[] }>('GET', EXPORTS, { token: me.token })).body.data).toHaveLength(before);
    expect((await api.request<{ data: TExportJob[] }>('GET', EXPORTS, { token: stranger.token })).body.data).toEqual([]);
    expect(await runQueueOnce('export')).toEqual({ processed: 0, failed: 0 });
  });

  it("shows the approver the accept and reject buttons, and answers another account's campaign as missing", async () => {
    // Prepare
    const approver = await signUpAs(api, 'Approver');
    const asApprover = await connect(me, approver, 'analyst');
    const waiting = await sentCampaign(me, {
      status: 'draft',
      run: null,
      scheduleTime: '2030-01-01T00:00:00.000Z',
      approval: {
        state: 'waiting',
        requestedBy: { loginTuid: me.loginTuid, name: 'Owner' },
        requestTime: new Date().toISOString(),
        approvers: [approver.loginTuid],
        scheduleTime: null,
        decidedBy: null,
        decisionTime: null,
        reason: null,
      },
    });
    const stranger = await signUpAs(api, 'Stranger');
    // Act
    const forApprover = await report(asApprover, `overview/${waiting.id}`);
    const forOwner = await report(me, `overview/${waiting.id}`);
    const forStranger = await report(stranger, `overview/${campaign.id}`);
    // Assess
    expect(forApprover.status, JSON.stringify(forApprover.body)).toBe(200);
    expect(forApprover.body.state).toMatchObject({ isShowAcceptOrRejectApproveButton: true, approval: 'waiting', mode: 'schedule', pcSent: 0, startTime: null });
    expect(forOwner.body.state.isShowAcceptOrRejectApproveButton).toBe(false);
    expect(forStranger.status).toBe(404);
    expect(forStranger.body.statusCode).toBe(ERROR_CODES.RECORD_NOT_FOUND);
  });
});
