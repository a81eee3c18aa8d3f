/**
 * API keys in a real Chromium against the local host (settings → developers): the demo user makes
 * a key with contact read scope, sees it once, calls the API with it from a script (fetch), sees
 * its last use, finds the route in the API reference with a curl example, and revokes it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';

describe('developer settings', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;

  beforeAll(() => {
    ({ host, page } = signedIn);
  });

  const countContacts = (key: string) =>
    fetch(`${host.url}/api/v1/pageBasedAPI/contacts/count`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });

  it('creates a key shown once, uses it from a script, and revokes it', async () => {
    // Prepare
    await page.goto(`${host.url}/#/settings/sms-and-mms`);
    await page.getByTestId('settings-tab-developers').click();
    await page.getByTestId('api-keys-empty').waitFor();

    // Act: a key without a scope is refused as typed; then one with contact read is made
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('api-key-name').fill('Nightly sync');
    await page.getByTestId('api-key-submit').click();
    const noScope = await page.getByTestId('api-key-scopes-error').textContent();
    await page.getByTestId('api-key-scope-contact-read').click();
    await page.getByTestId('api-key-submit').click();
    const key = await page.getByTestId('api-key-value').inputValue();
    await takeScreenshot(page, 'developer-settings-new-key');
    await page.getByTestId('api-key-done').click();
    const row = page.locator('[data-testid="api-key-row"][data-name="Nightly sync"]');
    await row.waitFor();
    const rowText = await row.textContent();

    // Act: a script calls the API with it, in and out of its scopes
    const inScope = await countContacts(key);
    const outOfScope = await fetch(`${host.url}/api/v1/pageBasedAPI/groups`, { headers: { authorization: `Bearer ${key}` } });
    await page.reload();
    await row.waitFor();
    const lastUsed = await row.getByTestId('api-key-last-used').textContent();

    // Act: the reference lists the route with a curl example
    const operation = page.locator('[data-testid="api-reference-operation"][data-operation="contacts.count"]');
    await operation.locator('summary').click();
    const curl = await operation.locator('pre').textContent();

    // Act: revoke it
    await row.getByTestId('api-key-revoke').click();
    await page.getByTestId('api-key-revoke-dialog-confirm').click();
    await page.getByTestId('api-keys-empty').waitFor();
    const afterRevoke = await countContacts(key);

    // Assess
    expect(noScope).toBeTruthy();
    expect(key).toMatch(/^cpk\./);
    expect(rowText).toContain(key.slice(-4));
    expect(rowText).not.toContain(key);
    expect(inScope.status).toBe(200);
    expect(((await inScope.json()) as { count: number }).count).toEqual(expect.any(Number));
    expect(outOfScope.status).toBe(403);
    expect(((await outOfScope.json()) as { statusCode: string }).statusCode).toBe('VALIDATE_NO_PERMISSION');
    expect(lastUsed).not.toBe('Never');
    expect(curl).toContain(`curl -X POST '${host.url}/api/v1/pageBasedAPI/contacts/count'`);
    expect(curl).toContain('Authorization: Bearer $API_KEY');
    expect(afterRevoke.status).toBe(401);
  });
});
