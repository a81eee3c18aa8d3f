/**
 * Templates in a real Chromium against the local host (spec §2.1 /templates, §2.2 full-screen
 * editors, §4 "Edit locking", §8 TPL-SAV-01 and lockedBy): the demo user writes an SMS template
 * with a tag and watches the segment counter, saves it and finds it in the list, renames, copies
 * and deletes; writes an HTML template whose sandboxed preview follows the source and a contact's
 * data, saves, sends it as a test to the user's own address and reopens it; and is refused a
 * template another user is editing.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_LIMITS } from '../../shared/domain/templates.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import { connect, signUpAs, type Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';


describe('templates', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(async () => {
    ({ host, page, demo } = signedIn);
    await seedContact(host.api, demo, { email: 'ada.preview@example.com' });
  });

  const rowNamed = (name: string) => page.getByTestId('template-row').filter({ has: page.getByTestId('template-name').getByText(name, { exact: true }) });

  async function openRowMenu(name: string, action: 'rename' | 'copy' | 'delete') {
    await rowNamed(name).getByTestId('template-actions').click();
    await page.getByTestId(`template-${action}`).click();
  }

  it('writes an SMS template with a tag, counts its segments, saves, renames, copies and deletes', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('templates-page').waitFor();

    // Act: a new SMS of 145 characters plus a tag, 160 septets (GSM-7 sends each brace as two),
    // then one character more.
    await page.getByTestId('create-template').click();
    await page.getByTestId('create-sms').click();
    await page.getByTestId('message-editor').waitFor();
    await page.getByTestId('template-name-input').fill('Welcome SMS');
    const message = page.getByTestId('message-text');
    await message.fill('x'.repeat(145));
    await page.getByTestId('insert-tag').click();
    await page.getByTestId('insert-tag-email').click();
    await expect.poll(() => message.inputValue()).toBe(`${'x'.repeat(145)}{{ email }}`);
    const atLimit = await page.getByTestId('sms-counter').textContent();
    await message.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('!');
    await expect.poll(() => page.getByTestId('sms-counter').getAttribute('data-segments')).toBe('2');
    const overLimit = await page.getByTestId('sms-counter').textContent();
    await takeScreenshot(page, 'templates-sms-editor');
    await page.getByTestId('template-save').click();
    await page.waitForURL(/enter-message\?id=[0-9A-Z]{26}&kind=sms/);
    await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();

    // Assess: one segment exactly full, then two of 153 septets each.
    expect(atLimit).toBe('156 characters · 1 segment · 0 left');
    expect(overLimit).toBe('157 characters · 2 segments · 145 left');

    // Act: the created template stays open, now under its lock; change it and save again.
    const id = new URL(page.url().replace('/#/', '/')).searchParams.get('id');
    await message.press('Control+End');
    await page.keyboard.press('Backspace');
    await page.getByTestId('editor-save-state').getByText('Unsaved changes').waitFor();
    await page.getByTestId('template-save').click();
    await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();

    // Assess
    const stored = await call<{ template: { content: { text: string } } }>(host.api, demo, 'GET', `/templates/${id}`);
    expect(stored.body.template.content.text).toBe(`${'x'.repeat(145)}{{ email }}`);

    // Act: back to the list, SMS and MMS tab.
    await page.getByTestId('editor-back').click();
    await page.getByTestId('templates-page').waitFor();
    const row = rowNamed('Welcome SMS');
    await row.waitFor();

    // Assess
    expect(page.url()).toContain('tab=1');
    expect(await row.getByTestId('template-kind').textContent()).toBe('SMS');
    // The list shows the start of the text (TEMPLATE_LIMITS.snippetLength).
    expect(await row.getByTestId('template-snippet').textContent()).toBe('x'.repeat(TEMPLATE_LIMITS.snippetLength));
    await takeScreenshot(page, 'templates-list');

    // Act: rename from the list.
    await openRowMenu('Welcome SMS', 'rename');
    await page.getByTestId('rename-template-dialog').getByTestId('template-name-input').fill('Welcome SMS v2');
    await page.getByTestId('rename-template-confirm').click();
    await rowNamed('Welcome SMS v2').waitFor();

    // Act: copy it, then try to give the copy the original's name.
    await openRowMenu('Welcome SMS v2', 'copy');
    await rowNamed('Copy of Welcome SMS v2').waitFor();
    await openRowMenu('Copy of Welcome SMS v2', 'rename');
    const renameDialog = page.getByTestId('rename-template-dialog');
    await renameDialog.getByTestId('template-name-input').fill('welcome sms v2');
    await page.getByTestId('rename-template-confirm').click();

    // Assess: TPL-SAV-01 under the field (names are unique regardless of case), the dialog stays.
    expect(await renameDialog.getByTestId('template-name-error').textContent()).toBe('This template name is already used.');
    await renameDialog.getByRole('button', { name: 'Cancel' }).click();
    await renameDialog.waitFor({ state: 'detached' });

    // Act: delete the copy.
    await openRowMenu('Copy of Welcome SMS v2', 'delete');
    await page.getByTestId('delete-templates-dialog-confirm').click();
    await rowNamed('Copy of Welcome SMS v2').waitFor({ state: 'detached' });

    // Assess: the original is still there, the copy is gone for the API too.
    expect(await rowNamed('Welcome SMS v2').count()).toBe(1);
    const listed = await call<{ data: { name: string }[] }>(host.api, demo, 'GET', '/templates?kind=sms');
    expect(listed.body.data.map((template) => template.name)).toEqual(['Welcome SMS v2']);
  });

  it('names the characters that force Unicode, asks before leaving unsaved, and saves an MMS with checked media', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates/enter-message?kind=sms`);
    await page.getByTestId('message-editor').waitFor();

    // Act: "ł" is outside the GSM alphabet.
    await page.getByTestId('message-text').fill('Cześć, miło Cię widzieć');

    // Assess: UCS-2, 70 characters a segment, and the culprits listed once each.
    expect(await page.getByTestId('sms-counter').textContent()).toBe('23 characters · 1 segment · 47 left');
    expect(await page.getByTestId('unicode-note').textContent()).toContain('a segment holds 70 characters instead of 160');
    expect(await page.getByTestId('unicode-note').locator('span').allTextContents()).toEqual(['ś', 'ć', 'ł', 'ę']);

    // Act: leave with the text unsaved: asked first.
    await page.getByTestId('editor-back').click();
    await page.getByTestId('leave-editor-dialog').waitFor();
    await page.getByTestId('leave-editor-dialog-confirm').click();
    await page.getByTestId('templates-page').waitFor();

    // Act: an MMS with a media line that is not a web address.
    await page.getByTestId('create-template').click();
    await page.getByTestId('create-mms').click();
    await page.getByTestId('message-editor').waitFor();
    await page.getByTestId('template-name-input').fill('Grand opening');
    await page.getByTestId('mms-subject').fill('We are open');
    await page.getByTestId('message-text').fill('Come and see us, {{ email }}');
    await page.getByTestId('mms-media').fill('https://cdn.example.com/shop.jpg\nftp://cdn.example.com/map.png');
    await page.getByTestId('template-save').click();

    // Assess: refused before sending, naming the line.
    await page.getByText('ftp://cdn.example.com/map.png is not a web address starting with http:// or https://.').waitFor();

    // Act
    await page.getByTestId('mms-media').fill('https://cdn.example.com/shop.jpg\n\nhttps://cdn.example.com/map.png');
    await page.getByTestId('template-save').click();
    await page.waitForURL(/enter-message\?id=[0-9A-Z]{26}&kind=mms/);
    await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();

    // Assess
    const id = new URL(page.url().replace('/#/', '/')).searchParams.get('id');
    const stored = await call<{ template: { content: unknown } }>(host.api, demo, 'GET', `/templates/${id}`);
    expect(stored.body.template.content).toEqual({
      kind: 'mms',
      subject: 'We are open',
      text: 'Come and see us, {{ email }}',
      media: [{ url: 'https://cdn.example.com/shop.jpg' }, { url: 'https://cdn.example.com/map.png' }],
    });
  });

  it('writes an HTML template with a live sandboxed preview, previews a contact, saves, sends a test and reopens it', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('create-template').click();
    await page.getByTestId('create-code').click();
    await page.getByTestId('code-editor').waitFor();
    const preview = page.frameLocator('[data-testid="html-preview"]');
    const html = '<h1>Hello {{ email }}</h1><p>News of the week</p><script>document.title = "ran"</script>';

    // Act
    await page.getByTestId('template-name-input').fill('Weekly news');
    await page.getByTestId('html-source').fill(html);
    await preview.locator('h1').getByText('Hello {{ email }}').waitFor();
    await page.getByTestId('preview-contact').click();
    await page.getByTestId('preview-contact-search').fill('ada.preview');
    await page.getByTestId('preview-contact-option').filter({ hasText: 'ada.preview@example.com' }).click();
    await preview.locator('h1').getByText('Hello ada.preview@example.com').waitFor();
    await page.getByTestId('preview-width-mobile').click();
    await takeScreenshot(page, 'templates-code-editor');

    // Assess: the frame is fully sandboxed, so the script never ran.
    expect(await page.getByTestId('html-preview').getAttribute('sandbox')).toBe('');
    expect(await page.getByTestId('html-preview').getAttribute('data-width')).toBe('mobile');
    expect(await preview.locator('script').count()).toBe(1);
    expect(await page.getByTestId('html-preview').evaluate((frame: HTMLIFrameElement) => frame.contentDocument)).toBeNull();

    // Act: save, then open it again from scratch.
    await page.getByTestId('template-save').click();
    await page.waitForURL(/code-editor\?id=[0-9A-Z]{26}/);
    await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();

    // Act: a test send of the saved template, filled in with the previewed contact, to the demo user.
    await page.getByTestId('code-editor-send-test').click();
    await page.getByText(`Test email sent to ${host.demo.email}`).waitFor();
    const testMail = await host.waitForMail(host.demo.email, (mail) => mail.subject === '[Test] Weekly news');

    // Assess
    expect(testMail.html).toContain('<h1>Hello ada.preview@example.com</h1>');

    await page.reload();
    await page.getByTestId('code-editor').waitFor();
    await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();

    // Assess
    expect(await page.getByTestId('template-name-input').inputValue()).toBe('Weekly news');
    expect(await page.getByTestId('html-source').inputValue()).toBe(html);
    await preview.locator('p').getByText('News of the week').waitFor();
  });

  it('opens a template another user is editing read-only, naming them (Access Denied)', async () => {
    // Prepare: Bob, a collaborator of the demo account, opens "Weekly news" for editing.
    const bob = await connect(demo, await signUpAs(host.api, 'Bob Babbage'), 'collaborator');
    const weekly = (await call<{ data: { id: string; name: string }[] }>(host.api, demo, 'GET', '/templates?kind=email')).body.data.find((template) => template.name === 'Weekly news');
    expect(weekly).toBeDefined();
    // The demo user's editor released its lock on leaving; Bob takes it.
    await page.goto(`${host.url}/#/templates`);
    await expect
      .poll(async () => (await call(host.api, bob, 'POST', `/templates/${weekly?.id}/lock`)).status, { timeout: 10_000 })
      .toBe(200);

    // Act
    await page.reload();
    await rowNamed('Weekly news').getByTestId('template-lock').waitFor();
    const listBadge = await rowNamed('Weekly news').getByTestId('template-lock').textContent();
    await rowNamed('Weekly news').getByTestId('template-name').click();
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    await takeScreenshot(page, 'templates-locked');

    // Assess
    expect(listBadge).toBe('Bob Babbage is editing');
    expect(await dialog.getByText('Access Denied').count()).toBe(1);
    expect(await dialog.getByTestId('error-message').textContent()).toBe('Bob Babbage is editing this record right now. Please try again when they have finished.');
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByTestId('editor-read-only').textContent()).toBe('Read only: Bob Babbage is editing');
    expect(await page.getByTestId('template-save').isDisabled()).toBe(true);
    expect(await page.getByTestId('html-source').getAttribute('readonly')).not.toBeNull();

    // Bob is done: the later tests open "Weekly news" for editing themselves.
    expect((await call(host.api, bob, 'DELETE', `/templates/${weekly?.id}/lock`)).status).toBe(200);
  });

  it("shows each template's thumbnail drawn from its design, larger on hover", async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    const thumbnail = rowNamed('Weekly news').getByTestId('template-thumbnail');

    // Act
    await thumbnail.waitFor();
    await thumbnail.hover();

    // Assess: the browser decoded the SVG at its drawn size, so it is a well-formed image.
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);
    const large = page.getByTestId('template-thumbnail-large');
    await large.waitFor();
    expect(await large.getAttribute('alt')).toBe('Thumbnail of Weekly news');
    await takeScreenshot(page, 'templates-thumbnail');
  });

  it('finds templates in the global search and the advanced search, each opening its own editor', async () => {
    // Act
    await page.goto(`${host.url}/#/search-results?search=weekly`);
    const area = page.getByTestId('search-area-templates');
    await area.getByTestId('search-hit').first().waitFor();

    // Assess: the hit names the kind, and opens the code editor it was made in.
    expect(await area.getByTestId('search-hit').allTextContents()).toEqual(['Weekly newsEmail']);
    await area.getByTestId('search-hit').first().getByRole('link').click();
    await page.waitForURL(/#\/templates\/code-editor\?id=[0-9A-Z]{26}$/);
    await page.getByTestId('code-editor').waitFor();

    // Act: every hit, in the advanced search's templates tab.
    await page.goto(`${host.url}/#/search-results?search=weekly`);
    await area.getByTestId('search-see-all-templates').click();

    // Assess
    await page.waitForURL(/#\/advanced-search\/templates\?search=weekly$/);
    await expect.poll(() => page.getByTestId('template-name').allTextContents()).toEqual(['Weekly news']);

    // Act: the same text among SMS templates.
    await page.getByTestId('message-kind-sms').click();

    // Assess
    await page.waitForURL(/#\/advanced-search\/templates\?search=weekly&kind=sms$/);
    await page.getByTestId('template-list-no-match').waitFor();
  });
});
