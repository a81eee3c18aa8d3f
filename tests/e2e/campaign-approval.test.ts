/**
 * Campaign approval in a real Chromium (spec §4 "Approval", §6 "Campaign approval"): a Campaign
 * Creator connected to the demo account, whose sends the owner must approve, asks for approval;
 * the owner's notification opens the campaign's report, which offers accept and reject; the
 * owner rejects once (with a reason), the creator asks again, the owner accepts, and the campaign
 * goes out to its group. The creator's SMS campaign goes the same way, accepted on the SMS report.
 */
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApprovers } from '../../functions/data/campaigns.js';
import { signToken } from '../../functions/lib/jwt.js';
import { ROLE_IDS } from '../../shared/constants.js';
import { ROLE_PERMISSIONS } from '../../shared/domain/permissions.js';
import { ZTokenClaims } from '../../shared/schemas/session.js';
import { openSignedInBrowser, takeScreenshot, type SignedInBrowser } from '../helpers/browser.js';
import { apiAs, seedContact, type PageApi } from '../helpers/contacts-seed.js';
import { startTestHost, type TestHost } from '../helpers/local-host.js';

const API = '/api/v1/pageBasedAPI';
const PIPELINE_TIMEOUT_MS = 60_000;

describe('campaign approval', () => {
  let host: TestHost;
  let browser: SignedInBrowser;
  let page: Page;
  let ownerApi: PageApi;
  let creatorToken: string;
  let ownerLogin: string;

  /** A call as the connected Campaign Creator. */
  const asCreator = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${host.url}${API}/${path}`, {
      method,
      headers: { authorization: `Bearer ${creatorToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as T & { statusCode?: string } };
  };

  beforeAll(async () => {
    host = await startTestHost();
    browser = await openSignedInBrowser(host);
    page = browser.page;
    ownerApi = apiAs(page, host.url);
    const ownerClaims = decodeJwt((await page.evaluate(() => window.localStorage.getItem('session.token'))) ?? '');
    ownerLogin = (await ownerApi<{ login: string }>('GET', 'user')).body.login;
    const signUp = await fetch(`${host.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullname: 'Cal Creator', email: 'cal.creator@example.com', password: 'Approval-Test-2026' }),
    });
    const creatorOwnToken = ((await signUp.json()) as { token: string }).token;
    const creatorClaims = decodeJwt(creatorOwnToken);
    creatorToken = await signToken(
      ZTokenClaims.parse({ ...creatorClaims, tuid: ownerClaims.tuid, connectionRole: ROLE_IDS.campaignCreator, permissions: ROLE_PERMISSIONS.campaignCreator }),
    );
    // The owner approves the creator's sends (the multi-user settings will edit this rule).
    await putApprovers(String(ownerClaims.tuid), String(creatorClaims.loginTuid), [String(ownerClaims.loginTuid)]);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('sends a creator’s campaign only once the owner accepts it from the report the notification opens', async () => {
    // Prepare: two contacts in a group; the creator's campaign to them, complete.
    const emails = ['approved-1@example.com', 'approved-2@example.com'];
    const contactIds = [];
    for (const email of emails) contactIds.push((await seedContact(ownerApi, { email })).id);
    const group = await ownerApi<{ group: { id: string } }>('POST', 'groups', { type: 'S', name: 'Approval audience', contactIds });
    const created = await asCreator<{ id: string }>('POST', 'create-campaign/save', { campaignName: 'Needs a yes' });
    const id = created.body.id;
    await asCreator('GET', `create-campaign/save/lock?id=${id}`);
    const saved = await asCreator('POST', 'create-campaign/save?source=information', {
      id,
      command: {
        selection: { includedGroup: [group.body.group.id], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
        content: { kind: 'email', editor: 'code', html: '<p>Approved news</p>', project: null },
        subject: 'Approved news',
        senderEmail: ownerLogin,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await asCreator('DELETE', `create-campaign/save/lock?id=${id}`);

    // Act: the creator cannot send, and asks; the owner rejects from the report.
    const direct = await asCreator('POST', `email/campaigns/${id}/actions`, { action: 'sendNow' });
    expect((await asCreator('POST', `email/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('notifications-button').click();
    await page.getByTestId('notification-item').filter({ hasText: 'Needs a yes' }).getByRole('button').first().click();
    await page.waitForURL(new RegExp(`#/emails/campaign-report\\?id=${id}&view=overview$`));
    await page.getByTestId('report-approve').waitFor();
    await takeScreenshot(page, 'campaign-approval-buttons');
    await page.getByTestId('report-reject').click();
    await page.getByTestId('reject-reason').fill('Check the prices first');
    await page.getByTestId('reject-confirm').click();
    await page.getByTestId('report-approve').waitFor({ state: 'detached' });

    // Act: asked again, accepted.
    expect((await asCreator('POST', `email/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
    await page.reload();
    await page.getByTestId('report-approve').click();

    // Assess: refused first, then sent to the group by the creator's run.
    expect(direct.body.statusCode).toBe('VALIDATE_APPROVAL_REQUIRED');
    for (const email of emails) await host.waitForMail(email, (mail) => mail.subject === 'Approved news', PIPELINE_TIMEOUT_MS);
    const creatorNotices = await asCreator<{ result: Array<{ message: { type: string } }> }>('GET', 'notification/pop-up?page=1&limit=10');
    expect(creatorNotices.body.result.map((notice) => notice.message.type)).toEqual(expect.arrayContaining(['approved', 'rejected']));
    await expect.poll(() => page.getByTestId('report-approve').count()).toBe(0);
  });

  it('sends a creator’s SMS campaign once the owner accepts it on the SMS report', async () => {
    // Prepare: a group of one Hong Kong mobile; the creator's SMS to it, complete.
    const mobile = '+85291230002';
    const contact = await seedContact(ownerApi, { email: 'approved-sms@example.com', mobile });
    const group = await ownerApi<{ group: { id: string } }>('POST', 'groups', { type: 'S', name: 'SMS approval audience', contactIds: [contact.id] });
    const created = await asCreator<{ id: string }>('POST', 'sms/create-campaign/save', { campaignName: 'Text needs a yes', type: 'SMS' });
    const id = created.body.id;
    await asCreator('GET', `sms/create-campaign/save/lock?id=${id}`);
    const saved = await asCreator('POST', 'sms/create-campaign/save?source=enter-message&mode=manual', {
      id,
      command: { selection: { includedGroup: [group.body.group.id], excludedGroup: [], includedCampaign: [], excludedCampaign: [] }, message: 'Approved text news' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await asCreator('DELETE', `sms/create-campaign/save/lock?id=${id}`);

    // Act: the creator cannot send, and asks; the owner accepts on the SMS report.
    const direct = await asCreator('POST', `sms/campaigns/${id}/actions`, { action: 'sendNow' });
    expect((await asCreator('POST', `sms/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
    await page.goto(`${host.url}/#/sms-and-mms/campaign-report?id=${id}&view=overview`);
    await page.getByTestId('report-approve').click();

    // Assess: refused first, then sent.
    expect(direct.body.statusCode).toBe('VALIDATE_APPROVAL_REQUIRED');
    const texts = async () => ((await (await fetch(`${host.url}/dev/api/sms?to=${encodeURIComponent(mobile)}`)).json()) as Array<{ text: string }>).map((sms) => sms.text);
    await expect.poll(texts, { timeout: PIPELINE_TIMEOUT_MS }).toContain('Approved text news');
    await expect.poll(() => page.getByTestId('report-approve').count()).toBe(0);
  });
});
