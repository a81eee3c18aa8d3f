/**
 * The file manager in a real Chromium against the local host (spec §2.2 sidebar): the demo user
 * opens the drawer from the sidebar, uploads an image (presigned PUT through the host's /_s3
 * pass-through, then confirm), sees it served from the host's /content path, renames it, moves
 * it into a new folder, and picks it into the code editor ("Insert image"; the test mail in the
 * sink shows it) and into the drag-and-drop editor's image block. Several files are deleted at
 * once; a folder with files is not, and the error dialog says why.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { redPng } from '../helpers/images.js';
import type { TestHost } from '../helpers/local-host.js';

const entry = (page: Page, name: string): Locator => page.locator(`[data-testid="file-manager-entry"][data-entry-name="${name}"]`);

/** Whether an <img> (of the page or of the editor's canvas frame, another realm) has loaded and decoded its picture. */
const isDecoded = (image: Locator) =>
  image.evaluate((element) => {
    const { complete, naturalWidth } = element as HTMLImageElement;
    return complete && naturalWidth > 0;
  });

describe('file manager', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;

  beforeAll(() => {
    ({ host, page } = signedIn);
  });

  it('opens from the sidebar, uploads an image, renames and moves it, and picks it into the code editor', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('sidebar-file-manager').click();
    const drawer = page.getByTestId('file-manager');
    await drawer.waitFor();

    // Act: upload through the hidden file input the Upload button opens.
    await page.getByTestId('file-manager-upload-input').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: redPng() });
    const uploaded = entry(page, 'pixel.png');
    await uploaded.waitFor();

    // Assess: served from the host's /content path, decoded by the browser, counted in the usage bar.
    const thumbnail = uploaded.locator('img');
    await expect.poll(() => isDecoded(thumbnail)).toBe(true);
    const url = await thumbnail.getAttribute('src');
    expect(url).toMatch(new RegExp(`^${host.url}/content/[^/]+/[^/]+/pixel\\.png$`));
    const served = await fetch(url!);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${host.url}/content/nobody/nothing.png`)).status).toBe(404);
    await expect.poll(() => page.getByTestId('file-manager-usage').innerText()).toMatch(/of 500 MB used/);
    await takeScreenshot(page, 'file-manager-drawer');

    // Act: rename it.
    await uploaded.getByTestId('file-manager-entry-rename').click();
    await page.getByTestId('file-manager-name-input').fill('hero banner.png');
    await page.getByTestId('file-manager-name-submit').click();
    const renamed = entry(page, 'hero banner.png');
    await renamed.waitFor();

    // Assess: the new name, the same public URL (sent emails keep working).
    expect(await uploaded.count()).toBe(0);
    expect(await renamed.locator('img').getAttribute('src')).toBe(url);

    // Act: a new folder, the image moved into it, and the folder opened.
    await page.getByTestId('file-manager-new-folder').click();
    await page.getByTestId('file-manager-name-input').fill('Banners');
    await page.getByTestId('file-manager-name-submit').click();
    await entry(page, 'Banners').waitFor();
    await renamed.getByTestId('file-manager-entry-move').click();
    await page.locator('[data-testid="file-manager-move-folder"][data-folder-name="Banners"]').click();
    await page.getByTestId('file-manager-move-target').getByText('Into: Banners').waitFor();
    await page.getByTestId('file-manager-move-submit').click();
    await renamed.waitFor({ state: 'detached' });
    await entry(page, 'Banners').getByTestId('file-manager-open-folder').click();

    // Assess: inside Banners, under the breadcrumb, with the same URL.
    await renamed.waitFor();
    expect(await page.getByTestId('file-manager-breadcrumb').innerText()).toMatch(/All files\s+Banners/);
    expect(await renamed.locator('img').getAttribute('src')).toBe(url);

    // Act: close the drawer, write a template in the code editor and insert the image.
    await page.getByTestId('file-manager-close').click();
    await drawer.waitFor({ state: 'detached' });
    await page.goto(`${host.url}/#/templates/code-editor`);
    await page.getByTestId('code-editor').waitFor();
    await page.getByTestId('html-source').fill('<p>Spring sale</p>\n');
    await page.getByTestId('code-editor-insert-image').click();
    await entry(page, 'Banners').getByTestId('file-manager-open-folder').click();
    await entry(page, 'hero banner.png').getByTestId('file-manager-entry-insert').click();
    await drawer.waitFor({ state: 'detached' });

    // Assess: an email-safe image tag at the caret, shown by the live preview.
    const source = await page.getByTestId('html-source').inputValue();
    expect(source).toBe(`<p>Spring sale</p>\n<img src="${url}" alt="hero banner" style="display: block; max-width: 100%; height: auto; border: 0;">`);
    const preview = page.frameLocator('[data-testid="html-preview"]').locator('img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe(url);

    // Act: save the template and send it to the demo user as a test.
    await page.getByTestId('template-name-input').fill('Spring hero');
    await page.getByTestId('template-save').click();
    await page.waitForURL(/code-editor\?id=[0-9A-Z]{26}/);
    await page.getByTestId('code-editor-send-test').click();
    const mail = await host.waitForMail(host.demo.email, (message) => message.subject === '[Test] Spring hero');

    // Assess: the mail in the sink shows the hosted image, which the host serves.
    expect(mail.html).toContain(`<img src="${url}" alt="hero banner"`);
    expect((await fetch(url!)).status).toBe(200);
  });

  it('deletes several files at once, and explains why a folder with files is not deleted', async () => {
    // Prepare: two more images in the top folder.
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('sidebar-file-manager').click();
    await page.getByTestId('file-manager').waitFor();
    await page.getByTestId('file-manager-upload-input').setInputFiles([
      { name: 'old-1.png', mimeType: 'image/png', buffer: redPng() },
      { name: 'old-2.png', mimeType: 'image/png', buffer: redPng() },
    ]);
    await entry(page, 'old-2.png').waitFor();
    await entry(page, 'old-1.png').waitFor();

    // Act: tick both, delete them together.
    await entry(page, 'old-1.png').getByTestId('file-manager-entry-select').click();
    await entry(page, 'old-2.png').getByTestId('file-manager-entry-select').click();
    await page.getByTestId('file-manager-delete-selected').click();
    await page.getByTestId('file-manager-delete-confirm').click();

    // Assess
    await entry(page, 'old-1.png').waitFor({ state: 'detached' });
    await entry(page, 'old-2.png').waitFor({ state: 'detached' });
    expect(await page.getByTestId('file-manager-delete-selected').count()).toBe(0);

    // Act: the Banners folder still holds the image.
    await entry(page, 'Banners').getByTestId('file-manager-entry-delete').click();
    await page.getByTestId('file-manager-delete-confirm').click();

    // Assess: the error dialog says why, in the user's language, and the folder stays.
    await page.getByTestId('error-dialog').waitFor();
    expect(await page.getByTestId('error-message').innerText()).toBe('Only an empty folder can be deleted.');
    expect(await entry(page, 'Banners').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('error-dialog').waitFor({ state: 'detached' });
  });

  it("chooses an image block's picture from the file manager in the drag-and-drop editor", async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates/template-editor`);
    await page.getByTestId('template-editor').waitFor();
    await page.locator('.gjs-frame').waitFor({ timeout: 30_000 });
    const frame = page.frameLocator('.gjs-frame');
    await page.locator('.gjs-block').filter({ has: page.locator('.gjs-block-label', { hasText: /^\s*Image\s*$/ }) }).click();
    const image = frame.locator('img').first();
    await image.waitFor();

    // Act: a double click on an image opens the asset manager, which is our picker.
    await image.dblclick();
    await page.getByTestId('file-manager').waitFor();
    await entry(page, 'Banners').getByTestId('file-manager-open-folder').click();
    const url = await entry(page, 'hero banner.png').locator('img').getAttribute('src');
    await entry(page, 'hero banner.png').getByTestId('file-manager-entry-insert').click();
    await page.getByTestId('file-manager').waitFor({ state: 'detached' });

    // Assess
    await expect.poll(() => image.getAttribute('src')).toBe(url);
    await expect.poll(() => isDecoded(image)).toBe(true);
  });
});
