/**
 * Sender identities in a real Chromium against the local host (spec §2.1 /settings/emails, §8
 * EA-V-011): the demo user is refused a Gmail address as typed, adds an address at a domain of
 * their own, confirms it with the code mailed to it (read from the dev mailbox) and makes it the
 * default sender; a domain seeded through the API shows its DNS records, is pending, and once the
 * local SES stand-in is told the records are found, "Check records" shows it verified.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/api.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';

describe('sender identities', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;
  let demo: Actor;

  beforeAll(() => {
    ({ host, page, demo } = signedIn);
  });

  const addressRow = (email: string) => page.locator(`[data-testid="sender-address-row"][data-email="${email}"]`);

  it('adds a sender address, confirms it with the mailed code and makes it the default; a free mail address is refused', async () => {
    // Prepare
    await page.goto(`${host.url}/#/settings/sms-and-mms`);
    await page.getByTestId('settings-tab-emails').click();
    await page.getByTestId('sender-addresses-empty').waitFor();

    // Act: a Gmail address is refused as typed
    await page.getByTestId('sender-address-add').click();
    const input = page.getByTestId('sender-address-add-dialog-input');
    await input.fill('shop@gmail.com');
    await page.getByTestId('sender-address-add-dialog-submit').click();
    const refusal = await page.getByTestId('sender-address-add-dialog-error').textContent();

    // Act: an address at the user's own domain is added; its code arrives in the dev mailbox
    await input.fill('news@e2e-shop.example');
    await page.getByTestId('sender-address-add-dialog-submit').click();
    const mail = await host.waitForMail('news@e2e-shop.example');
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    await page.getByTestId('sender-address-verify-dialog-input').fill(code);
    await page.getByTestId('sender-address-verify-dialog-submit').click();
    await addressRow('news@e2e-shop.example').locator('[data-testid="sender-address-status"][data-status="verified"]').waitFor();
    await addressRow('news@e2e-shop.example').getByTestId('sender-address-make-default').click();
    await addressRow('news@e2e-shop.example').getByTestId('sender-address-default').waitFor();
    await takeScreenshot(page, 'sender-identities-addresses');

    // Assess
    expect(refusal).toContain('own domain');
    const senders = await call<{ data: Array<{ email: string; isDefault: boolean }> }>(host.api, demo, 'GET', '/settings/emails/senders');
    expect(senders.body.data[0]).toEqual({ email: 'news@e2e-shop.example', isDefault: true });
  });

  it("shows a domain's DNS records, pending until SES finds them, then verified after a check", async () => {
    // Prepare: the domain is added through the API
    const added = await call(host.api, demo, 'POST', '/settings/emails/domains', { domain: 'e2e-brand.example' });
    expect(added.status).toBe(201);
    // The page is open already: load it afresh, as a user coming back to it would.
    await page.goto(`${host.url}/#/settings/emails`);
    await page.reload();
    const domain = page.locator('[data-testid="sender-domain"][data-domain="e2e-brand.example"]');
    await domain.waitFor();
    const pending = await domain.getByTestId('sender-domain-status').getAttribute('data-status');
    const recordCount = await domain.getByTestId('sender-domain-record').count();
    const dkimCount = await domain.locator('[data-testid="sender-domain-record"][data-purpose="dkim"]').count();

    // Act: SES finds the records; the user checks
    const marked = await fetch(`${host.url}/dev/api/ses/identities`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identity: 'e2e-brand.example', outcome: 'found' }) });
    await domain.getByTestId('sender-domain-check').click();
    await domain.locator('[data-testid="sender-domain-status"][data-status="verified"]').waitFor();
    await takeScreenshot(page, 'sender-identities-domain', { fullPage: true });

    // Assess
    expect(pending).toBe('pending');
    expect(recordCount).toBe(6);
    expect(dkimCount).toBe(3);
    expect(marked.status).toBe(200);
    expect(await domain.getByTestId('sender-domain-alignment').textContent()).toContain('e2e-brand.example');
  });
});
