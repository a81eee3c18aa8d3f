/**
 * Email campaigns in a real Chromium against the local host (spec §2.1 /emails,
 * create-email-campaign, campaign-report; §4 campaign states and toasts; §7 campaign saving): the
 * list's tabs and row menu (rename, replicate, tags, delete); a campaign made through the wizard
 * (groups, a template copied into the code editor, information) whose unsaved fields survive a
 * reload (local storage) and whose step change saves them (the API has them), previewed as its
 * online version, sent now, then seen sending or sent in its report and the list; a schedule in
 * the user's zone cancelled from the list; a weekly recurring schedule activated and deactivated;
 * the message from a layout in the drag-and-drop editor and from a converted page; a file imported
 * from upload-file into a new group the campaign then includes, counted once imported; and the
 * whole round of an email campaign: sent to 100 contacts, one message opened from the dev mailbox, a link
 * clicked, an unsubscribe, all in the report.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickBesideToasts, takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedGroupOf } from '../helpers/seed/contacts.js';
import { emailContent, seedTemplate } from '../helpers/seed/templates.js';

/** The pipeline sends in the background: reports and mail are polled this long. */
const PIPELINE_TIMEOUT_MS = 60_000;

type SinkMail = { to: string; subject: string; html?: string; text: string };
type CampaignLoad = { command: { subject?: string; senderName?: string; selection?: { includedGroup: string[] }; content?: { html: string } } };

describe('email campaigns', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(() => {
    ({ host, page, demo } = signedIn);
  });

  /** A snapshot group of `count` new contacts at example.com. */
  async function seedReaders(name: string, count: number): Promise<{ id: string; emails: string[] }> {
    const emails = Array.from({ length: count }, (_, index) => `${name.toLowerCase().replace(/\W+/g, '-')}-${index}@example.com`);
    const group = await seedGroupOf(host.api, demo, name, emails.map((email) => ({ email })));
    return { id: group.id, emails };
  }

  /** An email template with a tracked link and the unsubscribe link; answers its id. */
  async function seedOffer(name: string): Promise<string> {
    const html = '<p>Hello {{ email }}</p><p><a href="https://example.com/offer">See the offer</a></p><p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>';
    return (await seedTemplate(host.api, demo, { name, content: emailContent(html, null, 'code') })).id;
  }

  /** A poster and a line: the send dialog warns that it is mostly images. */
  async function seedPoster(name: string): Promise<string> {
    const html = '<img src="https://example.com/weekend-sale.jpg" width="600" alt="Weekend sale"><p>This weekend only, in every shop.</p>';
    return (await seedTemplate(host.api, demo, { name, content: emailContent(html, null, 'code') })).id;
  }

  const idInUrl = () => new URL(page.url().replace('/#/', '/')).searchParams.get('id') ?? '';
  const rowNamed = (name: string) => page.getByTestId('campaign-row').filter({ has: page.getByTestId('campaign-name').getByText(name, { exact: true }) });

  /** Creates a campaign through the wizard and sends it now; answers its id. */
  async function createAndSend(options: { name: string; groupName: string; templateId: string; subject: string }): Promise<string> {
    await page.goto(`${host.url}/#/emails`);
    await page.getByTestId('create-campaign').click();
    await page.getByTestId('create-campaign-dialog').getByTestId('campaign-name-input').fill(`  ${options.name}  `);
    await page.getByTestId('create-campaign-confirm').click();
    await page.waitForURL(/create-email-campaign\/select-groups\?id=/);
    await page.getByTestId('wizard-save-state').waitFor();
    const group = page.locator(`[data-testid="recipient-group"][data-group-name="${options.groupName}"]`);
    await group.getByTestId('group-choice-include').click();
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/select-template\?id=/);
    await page.locator(`[data-testid="select-own-template"][data-template-id="${options.templateId}"]`).click();
    await page.waitForURL(/code-editor\?id=/);
    await page.getByTestId('code-editor').waitFor();
    await page.getByTestId('editor-back').click();
    await page.waitForURL(/select-template\?id=/);
    await page.getByTestId('stage-information').click();
    await page.waitForURL(/information\?id=/);
    await page.getByTestId('campaign-subject').fill(options.subject);
    await page.getByTestId('review-send').click();
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/campaign-report\?id=/);
    return idInUrl();
  }

  it('creates a campaign through the wizard, keeps what was typed across a reload, sends it and reports it', async () => {
    // Prepare
    const group = await seedReaders('Wizard readers', 3);
    const templateId = await seedOffer('Wizard welcome');
    await page.goto(`${host.url}/#/emails`);
    await page.getByTestId('campaigns-page').waitFor();

    // Assess: every status tab is there, with its count.
    for (const tab of ['all', 'draft', 'scheduled', 'sending', 'sent', 'stopped', 'approval']) await page.getByTestId(`campaign-tab-${tab}`).waitFor();

    // Act: name it (trimmed), include the group.
    await page.getByTestId('create-campaign').click();
    await page.getByTestId('create-campaign-dialog').getByTestId('campaign-name-input').fill('  Spring news  ');
    await page.getByTestId('create-campaign-confirm').click();
    await page.waitForURL(/create-email-campaign\/select-groups\?id=[0-9A-Z]{26}/);
    const id = idInUrl();
    await page.locator(`[data-testid="recipient-group"][data-group-name="Wizard readers"]`).getByTestId('group-choice-include').click();

    // Assess: the deduplicated recipient count follows.
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count')).toBe('3');
    await takeScreenshot(page, 'email-campaign-groups');

    // Act: next saves the step; copy the template into the code editor.
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.waitForURL(/select-template\?id=/);
    await page.locator(`[data-testid="select-own-template"][data-template-id="${templateId}"]`).click();
    await page.waitForURL(/code-editor\?id=/);
    expect(await page.getByTestId('html-source').inputValue()).toContain('See the offer');
    await page.getByTestId('editor-back').click();
    await page.getByTestId('stage-information').click();
    await page.waitForURL(/information\?id=/);
    await page.getByTestId('campaign-subject').fill('Spring is here');
    await page.getByTestId('campaign-senderName').fill('Demo Shop');

    // Act: reload before any save: local storage has what was typed.
    await page.reload();
    await page.getByTestId('information-step').waitFor();

    // Assess
    expect(await page.getByTestId('campaign-subject').inputValue()).toBe('Spring is here');
    expect(await page.getByTestId('campaign-senderName').inputValue()).toBe('Demo Shop');
    expect(await page.getByTestId('campaign-name-input').inputValue()).toBe('Spring news');

    // Act: a step change saves.
    await page.getByTestId('stage-recipients').click();
    await page.waitForURL(/select-groups\?id=/);
    await page.getByTestId('wizard-save-state').and(page.locator('[data-state="saved"]')).waitFor();

    // Assess: the server has every part.
    const saved = await call<CampaignLoad>(host.api, demo, 'GET', `/create-campaign/save?id=${id}`);
    expect(saved.body.command.subject).toBe('Spring is here');
    expect(saved.body.command.senderName).toBe('Demo Shop');
    expect(saved.body.command.selection?.includedGroup).toEqual([group.id]);
    expect(saved.body.command.content?.html).toContain('See the offer');

    // Act: review and send now.
    await page.getByTestId('stage-information').click();
    await page.getByTestId('review-send').click();
    const dialog = page.getByTestId('send-dialog');
    await expect.poll(() => dialog.getByTestId('summary-recipients').textContent()).toBe('3 recipients');
    expect(await dialog.getByTestId('send-image-heavy').count()).toBe(0);
    const [preview] = await Promise.all([signedIn.context.waitForEvent('page'), dialog.getByTestId('online-version').click()]);
    await preview.waitForURL(/\/t\/view\//);
    await preview.getByText('See the offer').waitFor();
    await preview.close();
    await takeScreenshot(page, 'email-campaign-send');
    await page.getByTestId('send-confirm').click();
    await page.waitForURL(/campaign-report\?id=/);

    // Assess: the report knows its state and shows its counters (what the pipeline counts is the last test's).
    await expect.poll(() => page.getByTestId('campaign-status').getAttribute('data-status')).not.toBe('unknown');
    await page.getByTestId('counter-recipients').waitFor();
    await takeScreenshot(page, 'email-campaign-report');
    expect(['started', 'finished']).toContain(await page.getByTestId('campaign-status').getAttribute('data-status'));

    // Act: a list view, paged and exportable.
    await page.getByTestId('report-tab-delivery').click();
    await page.getByTestId('report-list-delivery').waitFor();

    // Act: the list, on the tab of where it is now.
    await page.goto(`${host.url}/#/emails`);
    const row = rowNamed('Spring news');
    await row.waitFor();

    // Assess
    expect(['started', 'finished']).toContain(await row.getByTestId('campaign-status').getAttribute('data-status'));
  });

  it('imports a file from upload-file into a new group named after the campaign, which the campaign then includes', async () => {
    // Prepare
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/create-campaign/save', { campaignName: 'Upload round trip' });
    expect(created.status).toBeLessThan(300);
    const id = created.body.id;
    const csv = ['Email', 'upload.one@example.com', 'upload.two@example.com', 'upload.three@example.com'].join('\n');
    await page.goto(`${host.url}/#/emails/create-email-campaign/upload-file?id=${id}`);
    await page.getByTestId('upload-file-step').waitFor();

    // Act: to the contact import, carrying the campaign.
    await page.getByTestId('open-contact-import').click();
    await page.waitForURL(/import-contacts\?campaign=/);

    // Assess: the page says whom it imports for, and offers no other kind of import.
    await expect.poll(() => page.getByTestId('import-for-campaign').textContent()).toContain('Upload round trip');
    expect(await page.getByTestId('import-kind-contacts').count()).toBe(0);

    // Act: upload the file.
    await page.getByTestId('import-file-input').setInputFiles({ name: 'recipients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-confirm-page').waitFor();
    await page.getByTestId('import-preview').waitFor();

    // Assess: the contacts go, by default, into a new group named after the campaign.
    await page.getByTestId('import-for-campaign').waitFor();
    const groupNameInput = page.getByTestId('import-new-group-name');
    await expect.poll(() => groupNameInput.inputValue()).toMatch(/^Upload round trip – uploaded /);
    const groupName = await groupNameInput.inputValue();
    expect(await page.getByTestId('import-new-group-option').locator('input').isChecked()).toBe(true);
    await takeScreenshot(page, 'email-campaign-upload-confirm');

    // Act: start the import.
    await page.getByTestId('import-start').click();

    // Assess: back on upload-file, the import's parameters applied and dropped, its progress shown.
    await page.waitForURL(/create-email-campaign\/upload-file\?id=[0-9A-Z]+$/);
    await page.getByTestId('upload-import').waitFor();
    const groups = await call<{ data: { id: string; name: string }[] }>(host.api, demo, 'GET', `/groups?search=${encodeURIComponent(groupName)}`);
    const group = groups.body.data.find((each) => each.name === groupName);
    expect(group).toBeDefined();
    type UploadLoad = { command: { selection?: { includedGroup: string[] }; uploadImportId?: string | null } };
    const saved = async () => (await call<UploadLoad>(host.api, demo, 'GET', `/create-campaign/save?id=${id}`)).body.command;
    await expect.poll(async () => (await saved()).selection?.includedGroup).toEqual([group?.id]);
    const importId = (await saved()).uploadImportId;
    expect(importId).toMatch(/^[0-9A-Z]{26}$/);
    expect(await page.getByTestId('upload-import-report').getAttribute('href')).toContain(`import-report?id=${importId}`);
    await page.locator('[data-testid="upload-import-status"][data-status="finished"]').waitFor({ timeout: PIPELINE_TIMEOUT_MS });
    await takeScreenshot(page, 'email-campaign-upload-progress');

    // Act: to select-groups.
    await page.getByTestId('step-select-groups').click();
    await page.waitForURL(/select-groups\?id=/);

    // Assess: the new group is included, and the imported contacts are counted.
    const row = page.locator(`[data-testid="recipient-group"][data-group-name="${groupName}"]`);
    expect(await row.getByTestId('group-choice-include').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('recipient-count').getAttribute('data-count'), { timeout: PIPELINE_TIMEOUT_MS }).toBe('3');
    expect(await page.getByTestId('recipient-count-importing').count()).toBe(0);
  });

  it('renames, replicates, tags and deletes from the list, each with its toast', async () => {
    // Prepare
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/create-campaign/save', { campaignName: 'List chores' });
    expect(created.status).toBeLessThan(300);
    await page.goto(`${host.url}/#/emails?tab=draft`);
    await rowNamed('List chores').waitFor();

    // Act: rename.
    await rowNamed('List chores').getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-rename').click();
    await page.getByTestId('rename-campaign-dialog').getByTestId('campaign-name-input').fill('List chores v2');
    await page.getByTestId('rename-campaign-confirm').click();
    await page.getByText('Renamed to List chores v2').waitFor();

    // Act: replicate.
    await rowNamed('List chores v2').getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-replicate').click();
    await rowNamed('List chores v2 (copy)').waitFor();

    // Act: tags.
    await rowNamed('List chores v2').getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-tags').click();
    await page.getByTestId('campaign-tags-input').fill('spring, news, spring');
    await page.getByTestId('tag-campaign-confirm').click();
    await page.getByText('Tags of List chores v2 changed').waitFor();

    // Assess: tags are deduplicated and offered as a filter.
    await expect.poll(() => rowNamed('List chores v2').getByTestId('campaign-tag').allTextContents()).toEqual(['spring', 'news']);
    await page.getByTestId('campaign-tag-filter').selectOption('news');
    await expect.poll(() => page.getByTestId('campaign-row').count()).toBe(1);
    await takeScreenshot(page, 'email-campaigns-list');

    // Act: delete the copy.
    await page.getByTestId('campaign-tag-filter').selectOption('');
    await rowNamed('List chores v2 (copy)').getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-delete').click();
    await page.getByTestId('delete-campaign-dialog-confirm').click();
    await page.getByText('List chores v2 (copy) deleted').waitFor();

    // Assess
    await expect.poll(() => rowNamed('List chores v2 (copy)').count()).toBe(0);
  });

  it('schedules a campaign for a time in the user\'s zone, then cancels the schedule from the list', async () => {
    // Prepare
    await seedReaders('Scheduled readers', 2);
    const templateId = await seedPoster('Scheduled poster');
    await page.goto(`${host.url}/#/emails`);
    await page.getByTestId('create-campaign').click();
    await page.getByTestId('create-campaign-dialog').getByTestId('campaign-name-input').fill('Weekend sale');
    await page.getByTestId('create-campaign-confirm').click();
    await page.waitForURL(/select-groups\?id=/);
    await page.locator('[data-testid="recipient-group"][data-group-name="Scheduled readers"]').getByTestId('group-choice-include').click();
    await clickBesideToasts(page.getByTestId('wizard-next'));
    await page.locator(`[data-testid="select-own-template"][data-template-id="${templateId}"]`).click();
    await page.waitForURL(/code-editor\?id=/);
    await page.getByTestId('editor-back').click();
    await page.getByTestId('stage-information').click();
    await page.getByTestId('campaign-subject').fill('This weekend only');

    // Act: schedule it a day ahead, at the time the dialog proposes plus a day.
    await page.getByTestId('review-send').click();

    // Assess: a poster and a line is mostly images; the warning says so, and sending is still allowed.
    expect(await page.getByTestId('send-image-heavy').textContent()).toBe(
      'This email is mostly an image: 1 image and 33 characters of text. Spam filters often hold such mail back, and readers who block images see little. Add some text (at least 250 characters) to the message.',
    );
    await page.getByTestId('send-mode-schedule').click();
    const proposed = await page.getByTestId('schedule-at').inputValue();
    const tomorrow = new Date(Date.parse(`${proposed}:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
    await page.getByTestId('schedule-at').fill(tomorrow);
    await page.getByTestId('send-confirm').click();
    await page.getByText('Weekend sale scheduled').waitFor();
    await page.waitForURL(/#\/emails$/);

    // Assess: in the scheduled tab.
    await page.getByTestId('campaign-tab-scheduled').click();
    const row = rowNamed('Weekend sale');
    await row.waitFor();
    expect(await row.getByTestId('campaign-status').getAttribute('data-status')).toBe('scheduled');

    // Act: cancel the schedule from its row.
    await row.getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-cancel').click();
    await page.getByText('Schedule of Weekend sale cancelled').waitFor();

    // Assess
    await page.getByTestId('campaign-tab-stopped').click();
    await expect.poll(() => rowNamed('Weekend sale').getByTestId('campaign-status').getAttribute('data-status')).toBe('cancelled');
  });

  it('activates a weekly recurring schedule, then deactivates it from the list', async () => {
    // Prepare: a campaign with everything a send needs, saved under its lock through the API.
    await seedReaders('Weekly readers', 1);
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/create-campaign/save', { campaignName: 'Weekly digest' });
    const id = created.body.id;
    await call(host.api, demo, 'GET', `/create-campaign/save/lock?id=${id}`);
    const groups = await call<{ data: { id: string; name: string }[] }>(host.api, demo, 'GET', '/groups?limit=100');
    const group = groups.body.data.find((item) => item.name === 'Weekly readers');
    const saved = await call(host.api, demo, 'POST', `/create-campaign/save?source=information&mode=manual`, {
      id,
      type: 'Email',
      command: {
        selection: { includedGroup: [group?.id], excludedGroup: [], includedCampaign: [], excludedCampaign: [] },
        content: { kind: 'email', editor: 'code', html: '<p>This week</p>', project: null },
        subject: 'This week',
      },
    });
    expect(saved.status).toBe(200);
    await call(host.api, demo, 'DELETE', `/create-campaign/save/lock?id=${id}`);

    // Act: every Monday and Thursday at 08:30 (Hong Kong time).
    await page.goto(`${host.url}/#/emails/create-email-campaign/information?id=${id}`);
    await page.getByTestId('review-send').click();
    await page.getByTestId('send-mode-recurring').click();
    await page.getByTestId('recurring-frequency').selectOption('weekly');
    await page.getByTestId('recurring-time').fill('08:30');
    await page.getByRole('group', { name: 'Days' }).getByText('Thu').click();
    await page.getByTestId('send-confirm').click();
    await page.getByText('Recurring schedule of Weekly digest activated').waitFor();

    // Assess
    await page.getByTestId('campaign-tab-scheduled').click();
    const row = rowNamed('Weekly digest');
    await row.getByText('Every week').waitFor();

    // Act
    await row.getByTestId('campaign-actions').click();
    await page.getByTestId('campaign-deactivateRecurring').click();
    await page.getByText('Recurring schedule of Weekly digest deactivated').waitFor();

    // Assess: back to draft.
    await page.getByTestId('campaign-tab-draft').click();
    await expect.poll(() => rowNamed('Weekly digest').getByTestId('campaign-status').getAttribute('data-status')).toBe('draft');
  });

  it('writes the message from a ready-made layout in the drag-and-drop editor, and from a converted page', async () => {
    // Prepare
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/create-campaign/save', { campaignName: 'Designed news' });
    const id = created.body.id;
    await page.goto(`${host.url}/#/emails/create-email-campaign/select-template?id=${id}`);

    // Act: a ready-made layout opens the template editor (full screen) with that design; save it.
    await page.getByTestId('layout-blank').waitFor();
    await page.locator('[data-testid^="layout-"]').nth(1).click();
    await page.waitForURL(/create-email-campaign\/template-editor\?id=/);
    await page.locator('.gjs-frame').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('template-name-input').inputValue()).toBe('Designed news');
    // Editable, not the read-only preview: the wizard's lock came along into the full-screen editor.
    await page.locator('.gjs-pn-btn[title="Blocks"]').waitFor();
    await page.getByTestId('template-editor-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Designed news' }).waitFor();
    await takeScreenshot(page, 'email-campaign-template-editor');

    // Assess: the campaign holds the design and its HTML.
    const designed = await call<{ command: { content?: { editor: string; html: string; project: string | null } } }>(host.api, demo, 'GET', `/create-campaign/save?id=${id}`);
    expect(designed.body.command.content?.editor).toBe('dragAndDrop');
    expect(designed.body.command.content?.project).toBeTruthy();

    // Act: back in the wizard, convert pasted HTML and use it.
    await page.getByTestId('template-editor-back').click();
    await page.waitForURL(/select-template\?id=/);
    await page.getByTestId('step-convert-page').click();
    await page.waitForURL(/convert-page\?id=/);
    await page.getByTestId('convert-source-html').click();
    await page.getByTestId('convert-html').fill('<html><head><style>p { color: red; }</style></head><body><p>Converted offer</p></body></html>');
    await page.getByTestId('convert-submit').click();
    await page.getByTestId('convert-use').click();
    await page.waitForURL(/code-editor\?id=/);

    // Assess: the converted page is the message, open in the code editor.
    expect(await page.getByTestId('html-source').inputValue()).toContain('Converted offer');
    const converted = await call<{ command: { content?: { editor: string; html: string } } }>(host.api, demo, 'GET', `/create-campaign/save?id=${id}`);
    expect(converted.body.command.content?.editor).toBe('convertedPage');
    expect(converted.body.command.content?.html).toMatch(/<p[^>]*style="[^"]*color: red[^"]*"[^>]*>Converted offer/);
  });

  it('sends to 100 contacts; an opened message, a clicked link and an unsubscribe show in the report', async () => {
    // Prepare
    const group = await seedReaders('Hundred readers', 100);
    const templateId = await seedOffer('Hundred offer');

    // Act
    const id = await createAndSend({ name: 'Hundred offer', groupName: 'Hundred readers', templateId, subject: 'An offer for 100' });
    await expect.poll(() => page.getByTestId('counter-sent').getAttribute('data-value'), { timeout: PIPELINE_TIMEOUT_MS }).toBe('100');
    const reader = group.emails[7];
    let mail: SinkMail | undefined;
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${host.url}/dev/api/mail?to=${encodeURIComponent(reader)}`);
          mail = ((await answer.json()) as SinkMail[]).find((item) => item.subject === 'An offer for 100');
          return mail !== undefined;
        },
        { timeout: PIPELINE_TIMEOUT_MS },
      )
      .toBe(true);

    // Act: open it as a mail client would (the pixel loads), click the offer, unsubscribe.
    const reading = await signedIn.context.newPage();
    await reading.setContent(mail?.html ?? '', { waitUntil: 'load' });
    const offer = await reading.getByText('See the offer').getAttribute('href');
    const unsubscribe = await reading.locator('a[href*="/t/unsubscribe/"]').first().getAttribute('href');
    expect(offer).toContain('/t/click/');
    const click = await fetch(offer ?? '', { redirect: 'manual' });
    expect(click.status >= 300 && click.status < 400).toBe(true);
    expect(click.headers.get('location')).toBe('https://example.com/offer');
    const unsubscribed = await fetch(unsubscribe ?? '', { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.status).toBeLessThan(300);
    await reading.close();

    // Assess: the report counts each (events are processed in the background, and a finished
    // campaign's report refreshes when opened), and the lists name the reader.
    const engagement = async () => {
      await page.goto(`${host.url}/#/emails/campaign-report?id=${id}&view=overview`);
      await page.reload();
      const counter = page.getByTestId('counter-uniqueOpens');
      await counter.waitFor();
      return Promise.all(['uniqueOpens', 'uniqueClicks', 'unsubscribes'].map((name) => page.getByTestId(`counter-${name}`).getAttribute('data-value')));
    };
    await expect.poll(engagement, { timeout: PIPELINE_TIMEOUT_MS, interval: 2_000 }).toEqual(['1', '1', '1']);
    await page.getByTestId('report-tab-click').click();
    await page.getByTestId('report-list-click').getByText(reader).waitFor();
    await page.getByTestId('report-tab-unsubscribe').click();
    await page.getByTestId('report-list-unsubscribe').getByText(reader).waitFor();
    await takeScreenshot(page, 'email-campaign-report-unsubscribe');

    // Act: export the delivery list; the export worker makes the file, /exports shows it.
    await page.getByTestId('report-tab-delivery').click();
    await page.getByTestId('report-list-delivery').getByTestId('report-row').first().waitFor();
    await page.getByTestId('report-export').click();
    await page.getByTestId('report-export-csv').click();
    await page.getByTestId('exports-page').waitFor();
    const row = page.locator('[data-testid="export-row"]').filter({ hasText: 'Hundred offer-delivery' });
    await row.and(page.locator('[data-status="finished"]')).waitFor({ timeout: PIPELINE_TIMEOUT_MS });
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).slice(1).trim().split('\r\n');

    // Assess: every recipient, the reader among them, under the delivery view's headers.
    expect(await row.getByTestId('export-source').textContent()).toBe('Report of Hundred offer: delivery');
    expect(download.suggestedFilename()).toBe('Hundred offer-delivery.csv');
    expect(lines[0]).toBe('Contact ID,Email,Status,Time');
    expect(lines).toHaveLength(101);
    expect(lines.some((line) => line.includes(`,${reader},`))).toBe(true);
  });

  it('finds a campaign in the global search: a draft opens in the wizard, "See all" in the advanced search', async () => {
    // Prepare
    const created = await call<{ id: string }>(host.api, demo, 'POST', '/create-campaign/save', { campaignName: 'Findable launch' });

    // Act
    await page.goto(`${host.url}/#/search-results?search=findable`);
    const area = page.getByTestId('search-area-campaigns');
    await area.getByTestId('search-hit').first().waitFor();

    // Assess
    expect(await area.getByTestId('search-hit').allTextContents()).toEqual(['Findable launchDraft']);
    await area.getByTestId('search-hit').getByRole('link').click();
    await page.waitForURL(new RegExp(`#/emails/create-email-campaign/select-groups\\?id=${created.body.id}$`));
    await page.goto(`${host.url}/#/search-results?search=findable`);
    await area.getByTestId('search-see-all-campaigns').click();
    await page.waitForURL(/#\/advanced-search\/emails\?search=findable$/);
    await page.getByTestId('campaign-name').getByText('Findable launch', { exact: true }).waitFor();
  });
});
