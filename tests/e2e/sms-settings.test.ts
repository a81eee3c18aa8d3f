/**
 * SMS settings in a real Chromium against the local host (spec §2.1 /settings/sms-and-mms, §4
 * "Sender ID", §8 STT-SMS-01): the demo user requests a sender ID (the dialog checks it as typed),
 * support approves it on the admin page in a second browser, the user hears of it (smsIdentity),
 * opens the notification onto the page and sees it verified; then allows a country by choosing it,
 * is told STT-SMS-01 when typing its code again, and removes it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';

describe('SMS settings', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;

  beforeAll(() => {
    ({ host, page } = signedIn);
  });

  const row = (senderId: string) => page.locator(`[data-testid="sender-id-row"][data-sender-id="${senderId}"]`);

  it('requests a sender ID, which support approves, and the user is told and sees it verified', async () => {
    // Prepare: the user panel's settings entry lands on a later child; the SMS settings are a tab away.
    await page.goto(`${host.url}/#/settings/account?tab=0`);
    await page.getByTestId('settings-tab-sms-and-mms').click();
    await page.getByTestId('sender-ids-empty').waitFor();

    // Act: a name too long is refused as typed, then a good one is requested
    await page.getByTestId('sender-id-request').click();
    const input = page.getByTestId('sender-id-input');
    await input.fill('AcmeShopping1');
    await page.getByTestId('sender-id-request-submit').click();
    const tooLong = await page.getByTestId('sender-id-input-error').textContent();
    await input.fill('AcmeShop');
    await page.getByTestId('sender-id-request-submit').click();
    await row('AcmeShop').waitFor();
    const pending = await row('AcmeShop').getByTestId('sender-id-status').textContent();

    // Act: support approves it on the admin page
    const support = await signedIn.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const supportPage = await support.newPage();
    await signIn(supportPage, host, host.support);
    await supportPage.goto(`${host.url}/#/admin/announcements`);
    await supportPage.getByTestId('admin-tab-sender-ids').click();
    const request = supportPage.locator('[data-testid="admin-sender-id-row"][data-sender-id="AcmeShop"]');
    await request.waitFor();
    await takeScreenshot(supportPage, 'sms-settings-admin-review');
    await request.getByTestId('admin-sender-id-approve').click();
    await request.waitFor({ state: 'detached' });
    await support.close();

    // Assess: the notification arrives; opening it leads to the page, where the ID is verified
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('notifications-button').click();
    const notice = page.getByTestId('notification-item').filter({ hasText: 'AcmeShop' });
    await notice.waitFor();
    const sentence = await notice.getByTestId('notification-sentence').textContent();
    await notice.getByRole('button').first().click();
    await page.waitForURL(/#\/settings\/sms-and-mms$/);
    await expect.poll(() => row('AcmeShop').getByTestId('sender-id-status').getAttribute('data-state')).toBe('verified');
    expect(tooLong).toBe('A name has at most 11 characters, a number at most 15 digits.');
    expect(pending).toBe('Pending');
    expect(sentence).toBe('The sender ID AcmeShop was approved and can now be used.');
    expect(await row('AcmeShop').getByTestId('sender-id-status').textContent()).toBe('Verified');
  });

  it('allows a country by choosing it, answers STT-SMS-01 for its code typed again, and removes it', async () => {
    // Prepare
    await page.goto(`${host.url}/#/settings/sms-and-mms`);
    await page.getByTestId('calling-codes-empty').waitFor();

    // Act: choose Hong Kong
    await page.getByTestId('calling-code-country').selectOption('HK');
    const filledIn = await page.getByTestId('calling-code-input').inputValue();
    await page.getByTestId('calling-code-add').click();
    const hongKong = page.locator('[data-testid="calling-code-row"][data-code="852"]');
    await hongKong.waitFor();
    // …a code no country has…
    await page.getByTestId('calling-code-input').fill('+999');
    await page.getByTestId('calling-code-add').click();
    const invalid = await page.getByTestId('calling-code-invalid').textContent();
    // …and Hong Kong's code again
    await page.getByTestId('calling-code-input').fill('+852');
    await page.getByTestId('calling-code-add').click();
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    const message = await dialog.getByTestId('error-message').textContent();
    const code = await dialog.getByTestId('error-code').textContent();
    await takeScreenshot(page, 'sms-settings-duplicate-code');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Assess
    expect(filledIn).toBe('+852');
    expect(await hongKong.textContent()).toContain('Hong Kong');
    expect(invalid).toBe('Not a country calling code.');
    expect(message).toBe('This country calling code is already on the allowed list.');
    expect(code).toContain('STT-SMS-01');
    expect(await page.getByTestId('calling-code-row').count()).toBe(1);

    // Act: remove it
    await hongKong.getByTestId('calling-code-remove').click();

    // Assess
    await page.getByTestId('calling-codes-empty').waitFor();
    await takeScreenshot(page, 'sms-settings-page');
  });
});
