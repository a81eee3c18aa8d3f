/**
 * Contact exports in a real Chromium against the local host (spec §2.1 /exports, §4 Export, §8
 * "export failed to start"): the demo user exports the contacts list as CSV from the contacts page,
 * watches the export finish on /exports through the host's real queue worker, and downloads the
 * file through the presigned link; an export of a group deleted meanwhile fails to start with the
 * spec's toast.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { call } from '../helpers/api.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';
import { seedContact } from '../helpers/seed/contacts.js';

describe('contact exports', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(async () => {
    ({ host, page, demo } = signedIn);
    await seedContact(host.api, demo, { email: 'wong.export@example.com', mobile: '+85291234562', fields: { f1: '大文', f2: '黃' } });
    await seedContact(host.api, demo, { email: 'formula.export@example.com', fields: { f1: '=HYPERLINK("http://evil.example")' } });
  });

  it('exports the contacts list as CSV, shows it finish on /exports and downloads the file', async () => {
    // Prepare
    await page.getByTestId('nav-contact').click();
    await page.getByTestId('contacts-page').waitFor();

    // Act: open the dialog, choose CSV and a name, and start.
    await page.getByTestId('export-contacts').click();
    await page.getByTestId('export-dialog').waitFor();
    await page.getByTestId('export-source-all').waitFor();
    await page.getByTestId('export-count').waitFor();
    const countText = await page.getByTestId('export-count').textContent();
    await page.getByTestId('export-format-csv').click();
    await page.getByTestId('export-name').fill('E2E 聯絡人');
    await takeScreenshot(page, 'exports-dialog');
    await page.getByTestId('export-confirm').click();

    // Assess: /exports lists it and the worker finishes it.
    await page.getByTestId('exports-page').waitFor();
    const row = page.locator('[data-testid="export-row"]').filter({ hasText: 'E2E 聯絡人' });
    await row.and(page.locator('[data-status="finished"]')).waitFor({ timeout: 60_000 });
    expect(countText).toMatch(/^\d+ contacts? will be exported\.$/);
    expect(await row.getByTestId('export-source').textContent()).toBe('All contacts');
    expect(await row.getByTestId('export-status').textContent()).toBe('Ready');
    await takeScreenshot(page, 'exports-list');

    // Act: download through a fresh presigned link.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('export-download').click()]);
    const file = await readFile((await download.path())!);

    // Assess: the name, the BOM, the header, Chinese text and the formula guard.
    expect(download.suggestedFilename()).toBe('E2E 聯絡人.csv');
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = file.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toMatch(/^Email,Mobile,First Name,Last Name,/);
    expect(text).toContain('wong.export@example.com,+85291234562,大文,黃,');
    expect(text).toContain(`formula.export@example.com,,"'=HYPERLINK(""http://evil.example"")"`);
    const contactRows = text.split('\r\n').filter((line) => line.includes('@')).length;
    expect(Number(await row.getByTestId('export-records').evaluate((cell) => cell.firstChild?.textContent?.replace(/\D/g, '')))).toBe(contactRows);
  });

  it('says the export failed to start when its group is gone', async () => {
    // Prepare: a group page open while the group is deleted elsewhere.
    const created = await call<{ group: { id: string } }>(host.api, demo, 'POST', '/groups', { type: 'S', name: 'Soon gone' });
    await page.goto(`${host.url}/#/groups/group-details?id=${created.body.group.id}`);
    await page.getByTestId('group-details').waitFor();
    await page.getByTestId('export-group').click();
    await page.getByTestId('export-dialog').waitFor();
    await call(host.api, demo, 'DELETE', `/groups/${created.body.group.id}`);

    // Act
    await page.getByTestId('export-confirm').click();

    // Assess: the spec's toast, and the dialog stays for another try.
    const toast = page.getByTestId('toast').filter({ hasText: 'Export failed to start' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-type')).toBe('error');
    expect(await page.getByTestId('export-dialog').isVisible()).toBe(true);
  });
});
