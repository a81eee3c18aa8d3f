/**
 * Template sharing in a real Chromium against the local host (spec §4 "Template and group
 * sharing"): the demo user shares a template with Bob (another standard account) to edit from the
 * list's row menu; Bob, signed in in a browser of his own, sees the offer on his templates page,
 * accepts it and finds the template under "Shared with me" with its owner and his rights, and
 * previews it sanitised; the demo user's share dialog then shows the share accepted. Bob then
 * edits it in the code editor under the edit lock, which refuses the owner meanwhile.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markLoginVerified, updateAccount } from '../../functions/data/accounts.js';
import { signIn, takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import { signUpAs, type Actor } from '../helpers/seed/accounts.js';

const BOB = { fullname: 'Bob Babbage', email: 'bob.sharing@example.com', password: 'Template-Share-2026' };

describe('template sharing', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;
  let bobContext: BrowserContext;
  let bobPage: Page;

  beforeAll(async () => {
    ({ host, page, demo } = signedIn);
    // Bob signs up, verifies and upgrades: free accounts cannot receive templates.
    const bob = await signUpAs(host.api, BOB.fullname, BOB);
    await markLoginVerified(bob.tuid, new Date().toISOString());
    await updateAccount(bob.tuid, { free: false });
    bobContext = await signedIn.browser.newContext({ viewport: { width: 1366, height: 900 } });
    bobPage = await bobContext.newPage();
    await signIn(bobPage, host, BOB);
  });

  afterAll(async () => {
    await bobContext?.close();
  });

  it('shares a template from the list; the receiver accepts it and sees it under Shared with me', async () => {
    // Prepare: a template of the demo account whose HTML carries a script.
    const created = await call<{ template: { id: string } }>(host.api, demo, 'POST', '/templates', {
      name: 'Autumn offer',
      content: { kind: 'email', editor: 'code', html: '<h1>Autumn offer</h1><script>document.title = "pwned"</script>', project: null },
    });
    expect(created.status).toBe(201);
    const demoName = (await call<{ fullname: string }>(host.api, demo, 'GET', '/user')).body.fullname;
    await page.goto(`${host.url}/#/templates`);
    const row = page.getByTestId('template-row').filter({ has: page.getByTestId('template-name').getByText('Autumn offer', { exact: true }) });

    // Act: share it with Bob, to edit.
    await row.getByTestId('template-actions').click();
    await page.getByTestId('template-share').click();
    const dialog = page.getByTestId('share-template-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('share-email').fill(BOB.email);
    await dialog.getByTestId('share-rights').selectOption('edit');
    await dialog.getByTestId('share-template-submit').click();
    await page.getByText('Invitation sent to Bob Babbage').waitFor();
    const pendingRow = dialog.getByTestId('share-row');
    await pendingRow.waitFor();
    const pendingStatus = await pendingRow.getByTestId('share-status').textContent();
    await takeScreenshot(page, 'template-sharing-dialog');
    await page.keyboard.press('Escape');

    // Act: Bob sees the offer on his templates page and accepts it.
    await bobPage.goto(`${host.url}/#/templates`);
    await bobPage.getByTestId('shared-offers-notice').waitFor();
    await bobPage.getByTestId('shared-offers-review').click();
    const offer = bobPage.getByTestId('shared-offer');
    await offer.waitFor();
    const offerText = await offer.textContent();
    await takeScreenshot(bobPage, 'template-sharing-offer');
    await offer.getByTestId('shared-offer-accept').click();
    const sharedRow = bobPage.getByTestId('shared-row');
    await sharedRow.waitFor();
    await bobPage.getByTestId('shared-offers').waitFor({ state: 'detached' });
    const sharedName = await sharedRow.getByTestId('shared-name').textContent();
    const sharedRights = await sharedRow.getByTestId('shared-rights').textContent();
    const sharedOwner = await sharedRow.getByTestId('shared-owner').textContent();
    const thumbnail = sharedRow.getByTestId('template-thumbnail');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);
    await takeScreenshot(bobPage, 'template-sharing-shared-with-me');
    await sharedRow.getByTestId('shared-name').click();
    const preview = bobPage.getByTestId('shared-preview-dialog').getByTestId('html-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getAttribute('srcdoc')).toContain('Autumn offer');
    const previewHtml = await preview.getAttribute('srcdoc');
    await bobPage.keyboard.press('Escape');
    await bobPage.getByTestId('shared-preview-dialog').waitFor({ state: 'detached' });

    // Act: the demo user's dialog now shows the share accepted.
    await page.reload();
    await row.getByTestId('template-actions').click();
    await page.getByTestId('template-share').click();
    await dialog.getByTestId('share-row').and(dialog.locator('[data-status="accepted"]')).waitFor();
    const acceptedStatus = await dialog.getByTestId('share-row').getByTestId('share-status').textContent();

    // Assess
    expect(pendingStatus).toBe('Waiting for answer');
    expect(offerText).toContain('wants to share “Autumn offer” with you');
    expect(offerText).toContain('Can edit');
    expect(sharedName).toBe('Autumn offer');
    expect(sharedRights).toBe('Can edit');
    expect(sharedOwner).toBe(demoName);
    expect(previewHtml).not.toContain('<script');
    expect(acceptedStatus).toBe('Accepted');
  });

  it('lets the receiver edit a template shared to edit, under the lock, saving into the owner’s template', async () => {
    // Prepare: Bob's "Shared with me" from the previous test.
    await bobPage.goto(`${host.url}/#/templates?tab=shared`);
    const sharedRow = bobPage.getByTestId('shared-row').filter({ hasText: 'Autumn offer' });

    // Act
    await sharedRow.getByTestId('shared-actions').click();
    await bobPage.getByTestId('shared-edit').click();
    await bobPage.getByTestId('code-editor').waitFor();
    await bobPage.getByTestId('template-save').and(bobPage.locator(':enabled')).waitFor();
    const loaded = await bobPage.getByTestId('html-source').inputValue();
    await bobPage.getByTestId('html-source').fill('<h1>Autumn offer</h1><p>Edited by Bob</p>');
    await bobPage.getByTestId('template-save').click();
    await bobPage.getByTestId('editor-save-state').getByText('All changes saved').waitFor();
    const listed = await call<{ data: Array<{ id: string; name: string }> }>(host.api, demo, 'GET', '/templates?kind=email');
    const id = listed.body.data.find((template) => template.name === 'Autumn offer')?.id;
    const whileBobEdits = await call<{ statusCode: string; lockedBy: string }>(host.api, demo, 'POST', `/templates/${id}/lock`);
    const saved = await call<{ template: { content: { html: string }; updatedBy: { name: string } } }>(host.api, demo, 'GET', `/templates/${id}`);

    // Assess
    expect(loaded).toContain('<h1>Autumn offer</h1>');
    expect(loaded).not.toContain('<script');
    expect(saved.body.template.content.html).toBe('<h1>Autumn offer</h1><p>Edited by Bob</p>');
    expect(saved.body.template.updatedBy.name).toBe(BOB.fullname);
    expect([whileBobEdits.status, whileBobEdits.body.statusCode, whileBobEdits.body.lockedBy]).toEqual([409, 'VALIDATE_BEING_MODIFIED', BOB.fullname]);
  });

  it('opens a drag-and-drop template shared to edit in the drag-and-drop editor, rebuilt from its HTML', async () => {
    // Prepare: a drag-and-drop template of the demo account, shared with Bob to edit; Bob accepts.
    const created = await call<{ template: { id: string } }>(host.api, demo, 'POST', '/templates', {
      name: 'Winter letter',
      content: { kind: 'email', editor: 'dragAndDrop', html: '<table><tr><td><h1>Winter letter</h1><p>Snow days</p></td></tr></table>', project: '{"pages":[]}' },
    });
    expect(created.status).toBe(201);
    const shared = await call(host.api, demo, 'POST', `/templates/${created.body.template.id}/shares`, { email: BOB.email, rights: 'edit' });
    expect(shared.status).toBe(201);
    await bobPage.goto(`${host.url}/#/templates?tab=shared`);
    await bobPage.getByTestId('shared-offer').filter({ hasText: 'Winter letter' }).getByTestId('shared-offer-accept').click();
    const sharedRow = bobPage.getByTestId('shared-row').filter({ hasText: 'Winter letter' });

    // Act
    await sharedRow.getByTestId('shared-actions').click();
    await bobPage.getByTestId('shared-edit').click();
    await bobPage.getByTestId('template-editor').waitFor();

    // Assess: the design is there to edit; the name stays the owner's and there is no test send.
    await bobPage.frameLocator('.gjs-frame').getByText('Snow days').waitFor({ timeout: 30_000 });
    await bobPage.getByTestId('template-editor-save').and(bobPage.locator(':enabled')).waitFor();
    expect(bobPage.url()).toMatch(/template-editor\?id=[0-9A-Z]{26}&share=/);
    expect(await bobPage.getByTestId('template-name-input').getAttribute('readonly')).not.toBeNull();
    expect(await bobPage.getByTestId('template-editor-send-test').count()).toBe(0);
  });
});
