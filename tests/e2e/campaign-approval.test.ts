/**
 * Campaign approval in a real Chromium (spec §4 "Approval", §6 "Campaign approval"): a Campaign
 * Creator connected to the demo account, whose sends the owner must approve, asks for approval;
 * the owner's notification opens the campaign's report, which offers accept and reject; the
 * owner rejects once (with a reason), the creator asks again, the owner accepts, and the campaign
 * goes out to its group. The creator's SMS campaign goes the same way, accepted on the SMS report.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { putApprovers } from '../../functions/data/campaigns.js';
import { call } from '../helpers/api.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';
import { connect, signUpAs, type Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';

const PIPELINE_TIMEOUT_MS = 60_000;

describe('campaign approval', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;
  let creator: Actor;
  let ownerLogin: string;

  beforeAll(async () => {
    ({ host, page, demo } = signedIn);
    ownerLogin = (await call<{ login: string }>(host.api, demo, 'GET', '/user')).body.login;
    const creatorOwn = await signUpAs(host.api, 'Cal Creator');
    creator = await connect(demo, creatorOwn, 'campaignCreator');
    // The owner approves the creator's sends (the multi-user settings will edit this rule).
    await putApprovers(demo.tuid, creatorOwn.loginTuid, [demo.loginTuid]);
  });

  it('sends a creator’s campaign only once the owner accepts it from the report the notification opens', async () => {
    // Prepare: two contacts in a group; the creator's campaign to them, complete.
    const emails = ['approved-1@example.com', 'approved-2@example.com'];
    const contactIds = [];
    for (const email of emails) contactIds.push((await seedContact(host.api, demo, { email })).id);
    const group = await call<{ group: { id: string } }>(host.api, demo, 'POST', '/groups', { type: 'S', name: 'Approval audience', contactIds });
    const created = await call<{ id: string }>(host.api, creator, 'POST', '/create-campaign/save', { campaignName: 'Needs a yes' });
    const id = created.body.id;
    await call(host.api, creator, 'GET', `/create-campaign/save/lock?id=${id}`);
    const saved = await call(host.api, creator, 'POST', '/create-campaign/save?source=information', {
      id,
      command: {
        selection: { includedGroup: [group.body.group.id], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
        content: { kind: 'email', editor: 'code', html: '<p>Approved news</p>', project: null },
        subject: 'Approved news',
        senderEmail: ownerLogin,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await call(host.api, creator, 'DELETE', `/create-campaign/save/lock?id=${id}`);

    // Act: the creator cannot send, and asks; the owner rejects from the report.
    const direct = await call(host.api, creator, 'POST', `/email/campaigns/${id}/actions`, { action: 'sendNow' });
    expect((await call(host.api, creator, 'POST', `/email/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
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
    expect((await call(host.api, creator, 'POST', `/email/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
    await page.reload();
    await page.getByTestId('report-approve').click();

    // Assess: refused first, then sent to the group by the creator's run.
    expect(direct.body.statusCode).toBe('VALIDATE_APPROVAL_REQUIRED');
    for (const email of emails) await host.waitForMail(email, (mail) => mail.subject === 'Approved news', PIPELINE_TIMEOUT_MS);
    const creatorNotices = await call<{ result: Array<{ message: { type: string } }> }>(host.api, creator, 'GET', '/notification/pop-up?page=1&limit=10');
    expect(creatorNotices.body.result.map((notice) => notice.message.type)).toEqual(expect.arrayContaining(['approved', 'rejected']));
    await expect.poll(() => page.getByTestId('report-approve').count()).toBe(0);
  });

  it('sends a creator’s SMS campaign once the owner accepts it on the SMS report', async () => {
    // Prepare: a group of one Hong Kong mobile; the creator's SMS to it, complete.
    const mobile = '+85291230002';
    const contact = await seedContact(host.api, demo, { email: 'approved-sms@example.com', mobile });
    const group = await call<{ group: { id: string } }>(host.api, demo, 'POST', '/groups', { type: 'S', name: 'SMS approval audience', contactIds: [contact.id] });
    const created = await call<{ id: string }>(host.api, creator, 'POST', '/sms/create-campaign/save', { campaignName: 'Text needs a yes', type: 'SMS' });
    const id = created.body.id;
    await call(host.api, creator, 'GET', `/sms/create-campaign/save/lock?id=${id}`);
    const saved = await call(host.api, creator, 'POST', '/sms/create-campaign/save?source=enter-message&mode=manual', {
      id,
      command: { selection: { includedGroup: [group.body.group.id], excludedGroup: [], includedCampaign: [], excludedCampaign: [] }, message: 'Approved text news' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await call(host.api, creator, 'DELETE', `/sms/create-campaign/save/lock?id=${id}`);

    // Act: the creator cannot send, and asks; the owner accepts on the SMS report.
    const direct = await call(host.api, creator, 'POST', `/sms/campaigns/${id}/actions`, { action: 'sendNow' });
    expect((await call(host.api, creator, 'POST', `/sms/campaigns/${id}/actions`, { action: 'requestApproval' })).status).toBe(200);
    await page.goto(`${host.url}/#/sms-and-mms/campaign-report?id=${id}&view=overview`);
    await page.getByTestId('report-approve').click();

    // Assess: refused first, then sent.
    expect(direct.body.statusCode).toBe('VALIDATE_APPROVAL_REQUIRED');
    const texts = async () => ((await (await fetch(`${host.url}/dev/api/sms?to=${encodeURIComponent(mobile)}`)).json()) as Array<{ text: string }>).map((sms) => sms.text);
    await expect.poll(texts, { timeout: PIPELINE_TIMEOUT_MS }).toContain('Approved text news');
    await expect.poll(() => page.getByTestId('report-approve').count()).toBe(0);
  });
});
