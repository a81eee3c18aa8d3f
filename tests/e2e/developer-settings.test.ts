/**
 * API keys in a real Chromium against the local host (settings → developers): the demo user makes
 * a key with contact read scope, sees it once, calls the API with it from a script (fetch), sees
 * its last use, finds the route in the API reference with a curl example, and revokes it. A
 * webhook endpoint at the host's catcher is added, its secret seen once, and a test event lands in
 * its delivery log.
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

  it('adds a webhook endpoint, shows its secret once, and logs a delivered test event', async () => {
    // Prepare
    await page.goto(`${host.url}/#/settings/developers`);
    await page.getByTestId('webhooks-empty').waitFor();
    const url = `${host.url}/dev/webhooks/in/e2e`;

    // Act
    await page.getByTestId('webhook-create').click();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-event-email.bounced').click();
    await page.getByTestId('webhook-submit').click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    await page.getByTestId('webhook-done').click();
    const row = page.locator(`[data-testid="webhook-row"][data-url="${url}"]`);
    await row.getByTestId('webhook-test').click();
    await page.locator('[data-testid="webhook-delivery"][data-event="webhook.test"][data-status="delivered"]').waitFor();
    const caught = (await (await fetch(`${host.url}/dev/api/webhooks`)).json()) as { caught: Array<{ path: string; body: string; headers: Record<string, string> }> };

    // Assess
    expect(secret).toMatch(/^whsec_/);
    expect(await page.getByTestId('webhook-table').textContent()).not.toContain(secret);
    const received = caught.caught.find((entry) => entry.path === 'e2e');
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'webhook.test' });
    expect(received!.headers['webhook-signature']).toMatch(/^v1,/);
  });
});
