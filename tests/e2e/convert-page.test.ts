/**
 * "Convert a web page" in a real Chromium against the local host (spec §2.1 convert-page): the
 * demo user pastes HTML with a `<style>` and a `<script>`, converts it, sees the sandboxed
 * preview, saves it as a template and lands in the code editor with inline styles and no script.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';

describe('convert a web page', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;

  beforeAll(() => {
    ({ host, page } = signedIn);
  });

  it('converts pasted HTML, previews it, saves it and opens it in the code editor', async () => {
    // Prepare
    await page.goto(`${host.url}/#/templates`);
    await page.getByTestId('create-template').click();
    await page.getByTestId('create-convertPage').click();
    await page.getByTestId('convert-page').waitFor();
    const html = '<html><head><style>h1 { color: #c00; }</style></head><body><h1>Spring sale</h1><script>document.title = "ran"</script></body></html>';

    // Act
    await page.getByTestId('convert-source-html').click();
    await page.getByTestId('convert-html').fill(html);
    await page.getByTestId('convert-submit').click();
    const preview = page.frameLocator('[data-testid="html-preview"]');
    await preview.locator('h1').getByText('Spring sale').waitFor();
    await takeScreenshot(page, 'templates-convert-page');

    // Assess: the preview is fully sandboxed and already shows the inlined style.
    expect(await page.getByTestId('html-preview').getAttribute('sandbox')).toBe('');
    expect(await preview.locator('h1').getAttribute('style')).toBe('color: #c00;');
    expect(await preview.locator('script').count()).toBe(0);

    // Act: name it and save.
    await page.getByTestId('template-name-input').fill('Converted spring sale');
    await page.getByTestId('convert-save').click();
    await page.waitForURL(/code-editor\?id=[0-9A-Z]{26}/);
    await page.getByTestId('code-editor').waitFor();

    // Assess
    await expect.poll(() => page.getByTestId('template-name-input').inputValue()).toBe('Converted spring sale');
    const source = await page.getByTestId('html-source').inputValue();
    expect(source).toContain('<h1 style="color: #c00;">Spring sale</h1>');
    expect(source).not.toMatch(/<script|<style/i);
  });
});
