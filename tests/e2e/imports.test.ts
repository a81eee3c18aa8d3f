/**
 * Contact imports in a real Chromium against the local host (spec §2.1 import-contacts,
 * import-contacts/confirm, import-report; §4 Import; §8 IMPORT-UPLOAD-C-001): the demo user
 * uploads a CSV from the contacts page, checks the guessed mapping, starts the import, watches
 * the report reach its counts through the host's real queue worker, downloads the error rows, and
 * finds the new contacts. A file that is not text in any supported encoding gets the
 * wrong-encoding message. A ZIP archive of two CSV files imports the one the user chose. A list of
 * unsubscribed emails unsubscribes a contact. Stop ends a running import, and a free account's
 * import stops at the contact limit, each saying why (the limit with the rows it left out and the
 * way to upgrade).
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getAccount, updateAccount } from '../../functions/data/accounts.js';
import { FREE_CONTACT_LIMIT } from '../../shared/constants.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import { zipArchive } from '../helpers/archives.js';

const CSV = ['Email Address,Mobile,First Name', 'ada.import@example.com,+85291234561,Ada', 'bob.import@example.com,,Bob', 'ada.import@example.com,,Ada again', 'not-an-email,,Broken'].join('\n');
/** Bytes that read as no supported text encoding (the same pattern the API's integration test uses). */
const GARBAGE = Buffer.from(Uint8Array.from({ length: 4096 }, (_, i) => (i * 37 + 11) % 256));

describe('contact imports', () => {
  const signedIn = useSignedInPage();
  let page: Page;

  beforeAll(() => {
    ({ page } = signedIn);
  });

  async function openImportFromContacts(): Promise<void> {
    await page.getByTestId('nav-contact').click();
    await page.getByTestId('contacts-page').waitFor();
    await page.getByTestId('import-contacts').click();
    await page.getByTestId('import-upload-page').waitFor();
  }

  const selectedLabels = () => page.getByTestId('import-target').evaluateAll((selects) => selects.map((select) => (select instanceof HTMLSelectElement ? (select.selectedOptions[0]?.textContent ?? '') : '')));

  it('uploads a CSV, maps it with the guessed columns, and reports created, duplicated and error rows', async () => {
    // Prepare
    await openImportFromContacts();

    // Act: choose the file, then check the preview.
    await page.getByTestId('import-file-input').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByTestId('import-confirm-page').waitFor();
    await page.getByTestId('import-preview').waitFor();

    // Assess: the guessed mapping, the header row and the four data rows.
    expect(await selectedLabels()).toEqual(['Email', 'Mobile', 'First Name']);
    expect(await page.getByTestId('import-header-cell').allTextContents()).toEqual(['Email Address', 'Mobile', 'First Name']);
    expect(await page.getByTestId('import-preview-row').count()).toBe(4);
    expect(await page.getByTestId('import-format').textContent()).toContain('CSV, comma separated');
    expect(await page.getByTestId('import-encoding').inputValue()).toBe('utf-8');
    // A target chosen for one column cannot be chosen for another.
    const emailOptionOfMobile = page.getByTestId('import-target').nth(1).locator('option[value="email"]');
    expect(await emailOptionOfMobile.isDisabled()).toBe(true);
    await takeScreenshot(page, 'imports-confirm');

    // Act: leave out both Email and Mobile, then try to start.
    const targets = page.getByTestId('import-target');
    await targets.nth(0).selectOption('');
    await targets.nth(1).selectOption('email');
    await targets.nth(1).selectOption('');
    await page.getByTestId('import-start').click();

    // Assess: refused before calling the API, and the freed targets can be chosen again.
    expect(await page.getByTestId('import-confirm-error').textContent()).toBe('Map a column to Email or Mobile.');
    await targets.nth(0).selectOption('email');
    await targets.nth(1).selectOption('mobile');
    expect(await selectedLabels()).toEqual(['Email', 'Mobile', 'First Name']);
    expect(await page.getByTestId('import-confirm-error').count()).toBe(0);

    // Act: start, and follow the report until the worker has finished.
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-report-page').waitFor();
    await page.locator('[data-testid="import-status"][data-status="finished"]').waitFor({ timeout: 60_000 });

    // Assess
    const count = (name: string) => page.getByTestId(`import-count-${name}`).getAttribute('data-value');
    expect(await count('created')).toBe('2');
    expect(await count('duplicated')).toBe('1');
    expect(await count('errors')).toBe('1');
    expect(await count('changed')).toBe('0');
    expect(await page.getByTestId('import-stop').count()).toBe(0);
    expect(await page.getByTestId('import-download-changed').isDisabled()).toBe(true);
    await takeScreenshot(page, 'imports-report');

    // Act: download the error rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-download-error').click()]);

    // Assess: named as the spec says, holding the row as it was and the reason.
    expect(download.suggestedFilename()).toBe('people-error-contacts.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toEqual(['Email Address,Mobile,First Name,Reason', "not-an-email,,Broken,'not-an-email' is not a valid email."]);

    // Act: back to the contacts list.
    await page.getByTestId('import-back-to-contacts').click();
    await page.getByTestId('contact-list').waitFor();
    const emails = page.getByTestId('contact-row').locator('[data-column="email"] a');
    await emails.filter({ hasText: 'bob.import@example.com' }).waitFor();

    // Assess
    const shown = await emails.allTextContents();
    expect(shown).toEqual(expect.arrayContaining(['ada.import@example.com', 'bob.import@example.com']));
    expect(shown).not.toContain('not-an-email');
  });

  it('lists the finished import on the import page with a link to its report', async () => {
    // Prepare
    await openImportFromContacts();

    // Act
    const row = page.getByTestId('import-recent-row').filter({ hasText: 'people.csv' });
    await row.waitFor();
    await row.getByRole('link', { name: 'people.csv' }).click();

    // Assess
    await page.locator('[data-testid="import-status"][data-status="finished"]').waitFor();
    expect(await page.getByTestId('import-count-created').getAttribute('data-value')).toBe('2');
  });

  it('uploads a ZIP archive of two CSV files and imports the one chosen', async () => {
    // Prepare: Mailchimp's audience export.
    const archive = zipArchive([
      { name: 'unsubscribed_members_export.csv', data: Buffer.from('Email Address,UNSUB_REASON\ngone.zip@example.com,N/A\n') },
      { name: 'subscribed_members_export.csv', data: Buffer.from('Email Address,First Name\ncara.zip@example.com,Cara\ndan.zip@example.com,Dan\n') },
    ]);
    await openImportFromContacts();

    // Act
    await page.getByTestId('import-file-input').setInputFiles({ name: 'audience.zip', mimeType: 'application/zip', buffer: archive });
    await page.getByTestId('import-confirm-page').waitFor();
    await page.getByTestId('import-preview').waitFor();
    const firstEntry = await page.getByTestId('import-entry').inputValue();
    await page.getByTestId('import-entry').selectOption('subscribed_members_export.csv');
    await page.getByTestId('import-header-cell').filter({ hasText: 'First Name' }).waitFor();

    // Assess
    expect(firstEntry).toBe('unsubscribed_members_export.csv');
    expect(await page.getByTestId('import-preview-row').count()).toBe(2);
    expect(await selectedLabels()).toEqual(['Email', 'First Name']);

    // Act
    await page.getByTestId('import-start').click();
    await page.locator('[data-testid="import-status"][data-status="finished"]').waitFor({ timeout: 60_000 });

    // Assess
    expect(await page.getByTestId('import-count-created').getAttribute('data-value')).toBe('2');
  });

  it('shows the wrong-encoding message and the encoding choice for a file that is not text', async () => {
    // Prepare
    await openImportFromContacts();

    // Act
    await page.getByTestId('import-file-input').setInputFiles({ name: 'garbage.csv', mimeType: 'text/csv', buffer: GARBAGE });
    await page.getByTestId('import-confirm-page').waitFor();
    const message = page.getByTestId('import-preview-error');
    await message.waitFor();

    // Assess
    expect(await message.getAttribute('data-code')).toBe('IMPORT-UPLOAD-C-001');
    expect(await message.textContent()).toContain("The file's characters are wrongly encoded. Choose the file's encoding, or save it as UTF-8 and upload it again.");
    expect(await page.getByTestId('import-encoding').isVisible()).toBe(true);
    expect(await page.getByTestId('import-start').count()).toBe(0);

    // Act: another encoding is tried and still does not read.
    await page.getByTestId('import-encoding').selectOption('big5');

    // Assess: the message stays with the select for another choice.
    await page.waitForFunction(() => document.querySelector<HTMLSelectElement>('[data-testid="import-encoding"]')?.disabled === false);
    expect(await page.getByTestId('import-preview-error').getAttribute('data-code')).toBe('IMPORT-UPLOAD-C-001');
    expect(await page.getByTestId('import-encoding').inputValue()).toBe('big5');
  });

  it('imports a list of unsubscribed emails from its tab, unsubscribing the contact', async () => {
    // Prepare
    await openImportFromContacts();
    await page.getByTestId('import-kind-unsubscribedEmails').click();
    await page.waitForURL(/import-unsubscribed-emails$/);
    // The page of this kind (not the contact import's, which shares its test ids) is the one shown.
    await page.getByRole('heading', { name: 'Import unsubscribed emails' }).waitFor();

    // Act
    await page.getByTestId('import-file-input').setInputFiles({ name: 'opt-outs.csv', mimeType: 'text/csv', buffer: Buffer.from('Email\nbob.import@example.com\n') });
    await page.getByTestId('import-confirm-page').waitFor();
    await page.getByTestId('import-preview').waitFor();
    const options = await page.getByTestId('import-target').first().locator('option').allTextContents();
    await page.getByTestId('import-start').click();
    await page.locator('[data-testid="import-status"][data-status="finished"]').waitFor({ timeout: 60_000 });

    // Assess: only the email could be chosen; no groups or existing-contact choice; one contact changed.
    expect(options).toEqual(["Don't import", 'Email']);
    expect(await page.getByTestId('import-existing').count()).toBe(0);
    expect(await page.getByTestId('import-count-changed').getAttribute('data-value')).toBe('1');
    await page.getByTestId('import-back-to-contacts').click();
    // The list shown before the import refreshes to the contact's new status.
    await page.getByTestId('contact-row').filter({ hasText: 'bob.import@example.com' }).filter({ hasText: 'Unsubscribed' }).waitFor();
  });

  /** The demo account's id, from the session the page holds. */
  const demoTuid = () => page.evaluate(() => JSON.parse(atob(window.localStorage.getItem('session.token')!.split('.')[1]!)).tuid as string);

  async function importFile(name: string, csv: string): Promise<void> {
    await openImportFromContacts();
    await page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-confirm-page').waitFor();
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-report-page').waitFor();
  }

  it('stops a running import from its report, keeping what was imported and saying why it ended', async () => {
    // Prepare: a paid account (no contact limit) and a file the worker needs a while for.
    const tuid = await demoTuid();
    const before = (await getAccount(tuid))!;
    await updateAccount(tuid, { free: false });
    const rows = Array.from({ length: 40_000 }, (_, i) => `stop${i}@example.com,Row ${i}`);

    // Act
    await importFile('long.csv', ['Email,First Name', ...rows].join('\n'));
    // The report polls while the import runs, however often progress events re-render it (a poll
    // timer restarted on every render once kept "Queued" on screen until the import had finished).
    await page.locator('[data-testid="import-status"][data-status="importing"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('import-stop').click();
    await page.getByTestId('import-stop-dialog-confirm').click();
    await page.locator('[data-testid="import-status"][data-status="stopped"]').waitFor({ timeout: 30_000 });

    // Assess
    expect(await page.getByTestId('import-reason').textContent()).toBe('The import was stopped before the end of the file.');
    const created = Number(await page.getByTestId('import-count-created').getAttribute('data-value'));
    expect(created).toBeLessThan(40_000);
    expect(await page.getByTestId('import-stop').count()).toBe(0);
    await page.getByTestId('import-downloads').waitFor();
    await updateAccount(tuid, { free: before.free });
  });

  it('stops a free account\'s import at the contact limit, says how many rows were left out and offers the upgrade', async () => {
    // Prepare: a free account three contacts short of its limit.
    const tuid = await demoTuid();
    const before = (await getAccount(tuid))!;
    await updateAccount(tuid, { free: true, contactCount: FREE_CONTACT_LIMIT - 3 });
    const rows = Array.from({ length: 10 }, (_, i) => `limit${i}@example.com,Row ${i}`);

    // Act
    await importFile('over-the-limit.csv', ['Email,First Name', ...rows].join('\n'));
    await page.locator('[data-testid="import-status"][data-status="limitReached"]').waitFor({ timeout: 60_000 });

    // Assess
    expect(await page.getByTestId('import-status').textContent()).toBe('Contact limit reached');
    expect(await page.getByTestId('import-reason').textContent()).toBe(
      'Your free account reached its limit of 1,000 contacts, so the import stopped: 7 rows of the file were not imported. Upgrade your plan to import them.',
    );
    expect(await page.getByTestId('import-count-created').getAttribute('data-value')).toBe('3');
    expect(await page.getByTestId('import-count-errors').getAttribute('data-value')).toBe('0');
    expect(await page.getByTestId('import-count-notImported').getAttribute('data-value')).toBe('7');
    expect(await page.getByTestId('import-download-notImported').textContent()).toBe('Rows not imported (7)');
    await takeScreenshot(page, 'imports-limit');
    await page.getByTestId('import-upgrade').click();
    await page.waitForURL(/#\/plans-and-orders$/);
    await openImportFromContacts();
    expect(await page.getByTestId('import-recent-not-imported').first().textContent()).toBe('7 rows not imported');
    await updateAccount(tuid, { free: before.free, contactCount: (await getAccount(tuid))!.contactCount - (FREE_CONTACT_LIMIT - 3) + before.contactCount });
  });
});
