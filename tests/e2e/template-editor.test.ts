/**
 * The drag-and-drop email editor in a real Chromium against the local host (spec §2.1
 * /templates/template-editor, §2.2 full-screen editor): the demo user drags a section and a text
 * block into the grapesjs canvas, types, inserts a personalisation tag, names and saves the
 * template; the stored HTML is email-safe (tables, inlined styles); reopening loads the design;
 * the preview fills in a contact's details.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TTemplate } from '../../shared/schemas/templates.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';

const CONTACT_EMAIL = 'chan.preview@example.com';

/** A block of the editor's blocks panel, by its label. */
function block(page: Page, label: string): Locator {
  return page.locator('.gjs-block').filter({ has: page.locator('.gjs-block-label', { hasText: new RegExp(`^\\s*${label}\\s*$`) }) });
}

describe('drag-and-drop template editor', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(async () => {
    ({ host, page, demo } = signedIn);
    await seedContact(host.api, demo, { email: CONTACT_EMAIL });
  });

  it('builds an email from blocks, saves it email-safe, reopens the design and previews it for a contact', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates/template-editor`);
    await page.getByTestId('template-editor').waitFor();
    const canvas = page.locator('.gjs-frame');
    await canvas.waitFor({ timeout: 30_000 });
    const frame = page.frameLocator('.gjs-frame');

    // Act: a one-column section, then a text block in its cell. Blocks are added by clicking them
    // (grapesjs's own appendOnClick): Chromium's native drag and drop does not cross into the canvas iframe under automation.
    await block(page, '1 column').click();
    const cell = frame.locator('table td').first();
    await cell.waitFor();
    await cell.click();
    // Selecting a block shows its styles; the blocks come back with their panel button.
    await page.locator('.gjs-pn-btn[title="Blocks"]').click();
    await block(page, 'Text').click();
    const text = frame.getByText('Insert your text here');
    await text.waitFor();
    expect(await cell.getByText('Insert your text here').count()).toBe(1);

    // Act: type in the text and put the contact's email at the caret.
    await text.dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Hello ');
    await page.getByTestId('insert-tag').click();
    await page.getByTestId('insert-tag-email').click();
    await frame.getByText('Hello {{ email }}').waitFor();

    await page.getByTestId('template-name-input').fill('E2E newsletter');
    await takeScreenshot(page, 'template-editor');
    await page.getByTestId('template-editor-save').click();

    // Assess: created, and the URL now names the template.
    await page.getByTestId('toast').filter({ hasText: 'E2E newsletter' }).waitFor();
    await page.waitForURL(/template-editor\?id=/);
    const id = new URLSearchParams(page.url().split('?')[1]).get('id');
    expect(id).toBeTruthy();
    const stored = await call<{ template: TTemplate }>(host.api, demo, 'GET', `/templates/${id}`);
    expect(stored.status).toBe(200);
    const { content } = stored.body.template;
    if (content.kind !== 'email') throw new Error(`stored a ${content.kind} template`);
    expect(content.editor).toBe('dragAndDrop');
    expect(content.html).toMatch(/^<!doctype html>/);
    expect(content.html).toContain('<meta charset="utf-8">');
    // Email-safe: the layout is a table and the CSS rules are inlined into style attributes.
    expect(content.html).toMatch(/<table[^>]*style="[^"]*width:\s*100%/);
    expect(content.html).toMatch(/<div[^>]*style="[^"]*padding:\s*10px/);
    // The typed space before the tag is a no-break space, as browsers write a trailing space in editable text.
    expect(content.html).toMatch(/Hello(?:&nbsp;|\s)\{\{ email \}\}/);
    expect(JSON.parse(content.project ?? 'null')).toHaveProperty('pages');

    // Act: reopen the template from scratch.
    await page.reload();
    await page.getByTestId('template-editor').waitFor();
    await page.locator('.gjs-frame').waitFor({ timeout: 30_000 });

    // Assess: the design came back from the project data, and the name with it.
    await page.frameLocator('.gjs-frame').getByText('Hello {{ email }}').waitFor();
    expect(await page.frameLocator('.gjs-frame').locator('table td').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('template-name-input').inputValue()).toBe('E2E newsletter');

    // Act: the mobile width, and back.
    await page.getByTestId('template-editor-device-mobile').click();

    // Assess: the canvas narrows to a phone's width.
    await expect.poll(() => page.locator('.gjs-frame').evaluate((element) => element.getBoundingClientRect().width)).toBe(375);
    await page.getByTestId('template-editor-device-desktop').click();

    // Act: preview with the contact.
    await page.getByTestId('template-editor-preview').click();
    await page.getByTestId('contact-preview-dialog').waitFor();
    await page.getByTestId('contact-preview-search').fill('chan.preview');
    await page.getByTestId('contact-preview-option').filter({ hasText: CONTACT_EMAIL }).click();

    // Assess: the contact's email stands where the tag was, in the sandboxed frame.
    const preview = page.getByTestId('contact-preview-frame');
    expect(await preview.getAttribute('sandbox')).toBe('');
    await page.frameLocator('[data-testid="contact-preview-frame"]').getByText(`Hello ${CONTACT_EMAIL}`).waitFor();
    await takeScreenshot(page, 'template-editor-preview');

    // Act: close the preview and send a test, filled in with the previewed contact.
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-preview-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('template-editor-send-test').click();

    // Assess: the saved design reaches the user's own inbox with the contact's details in it.
    await page.getByText(`Test email sent to ${host.demo.email}`).waitFor();
    const testMail = await host.waitForMail(host.demo.email, (mail) => mail.subject === '[Test] E2E newsletter');
    expect(testMail.html).toMatch(new RegExp(`Hello(?:&nbsp;|\\s|\u00a0)${CONTACT_EMAIL.replaceAll('.', '\\.')}`));
  });

  it('asks before leaving with unsaved changes, and undo takes a change back', async () => {
    // Prepare: a new template with one block.
    await page.goto(`${host.url}/#/templates/template-editor`);
    await page.getByTestId('template-editor').waitFor();
    await page.locator('.gjs-frame').waitFor({ timeout: 30_000 });
    const divider = page.frameLocator('.gjs-frame').locator('td.divider');
    await block(page, 'Divider').click();
    await divider.waitFor();
    await page.getByTestId('template-editor-unsaved').waitFor();

    // Act: undo, then redo.
    await page.getByTestId('template-editor-undo').click();

    // Assess: the divider goes, and comes back.
    await divider.waitFor({ state: 'detached' });
    await page.getByTestId('template-editor-redo').click();
    await divider.waitFor();

    // Act: leave through the top bar.
    await page.getByTestId('template-editor-back').click();

    // Assess: the question comes first; confirming goes to the templates list.
    await page.getByTestId('template-editor-leave').waitFor();
    await page.getByTestId('template-editor-leave-confirm').click();
    await page.waitForURL(/#\/templates\?tab=0$/);
  });

  it('starts a new email from a ready-made layout, or from a copy of an own template', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('create-template').click();
    await page.getByTestId('create-selectTemplate').click();
    await page.getByTestId('select-template-page').waitFor();
    await takeScreenshot(page, 'templates-select-template');

    // Act: the newsletter layout.
    await page.getByTestId('layout-newsletter').click();
    await page.getByTestId('template-editor').waitFor();
    const frame = page.frameLocator('.gjs-frame');

    // Assess: the editor opens on the layout's design, its tags in place, with nothing to save yet.
    await frame.getByText('Our monthly news').waitFor({ timeout: 30_000 });
    await frame.getByText('Unsubscribe').waitFor();
    expect(await page.getByTestId('template-editor-unsaved').count()).toBe(0);
    expect(page.url()).toMatch(/template-editor$/);

    // Act: save it under a name, then start again from a copy of it.
    await page.getByTestId('template-name-input').fill('From the newsletter layout');
    await page.getByTestId('template-editor-save').click();
    await page.waitForURL(/template-editor\?id=/);
    const originalId = new URLSearchParams(page.url().split('?')[1]).get('id');
    await page.goto(`${host.url}/#/templates/select-template`);
    await page.getByTestId('select-template-search').fill('newsletter layout');
    const own = page.locator(`[data-testid="select-own-template"][data-template-id="${originalId}"]`);
    await own.click();

    // Assess: a copy opens in the editor with the same design; the original is unchanged.
    await expect.poll(() => new URLSearchParams(page.url().split('?')[1] ?? '').get('id')).not.toBe(originalId);
    await page.waitForURL(/template-editor\?id=/);
    await frame.getByText('Our monthly news').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('template-name-input').inputValue()).toBe('Copy of From the newsletter layout');
    const original = await call<{ template: TTemplate }>(host.api, demo, 'GET', `/templates/${originalId}`);
    expect(original.body.template.name).toBe('From the newsletter layout');
  });
});
