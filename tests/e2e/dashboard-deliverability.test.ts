/**
 * The dashboard in a real Chromium: the deliverability card (the demo account's four 30-day rates,
 * each with the limit at which the guard pauses a campaign), and buying credits from a credit card
 * (the buy-credits dialog puts them in the cart; the header's cart dot follows).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';

describe('dashboard deliverability card', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let page: Page;

  beforeAll(() => {
    ({ host, page } = signedIn);
  });

  it('shows the email and SMS rates with the limits the guard pauses at', async () => {
    // Act
    await page.goto(`${host.url}/#/dashboard`);
    const card = page.getByTestId('deliverability-card');
    await card.waitFor({ timeout: 15_000 });

    // Assess
    for (const reason of ['bounces', 'complaints', 'optOuts', 'failures']) await page.getByTestId(`deliverability-${reason}`).waitFor();
    expect(await page.getByTestId('deliverability-bounces').textContent()).toContain('Campaigns pause above 5%');
    expect(await page.getByTestId('deliverability-complaints').textContent()).toContain('Campaigns pause above 0.1%');
    expect(await page.getByTestId('deliverability-bounces-value').textContent()).toMatch(/^\d+(\.\d+)?%$/);
  });

  it("buys SMS credits from the SMS card: the dialog's quantity goes into the cart and the cart menu shows it", async () => {
    // Prepare
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('credit-sms-buy').click();
    const dialog = page.getByTestId('buy-credits-dialog');
    const quantity = dialog.getByTestId('buy-credits-sms-quantity-input');
    await quantity.waitFor();

    // Act: 250 typed is sold as 500.
    await quantity.fill('250');
    await quantity.press('Enter');
    await dialog.getByTestId('buy-credits-total').getByText('HK$300.00').waitFor();
    await dialog.getByTestId('buy-credits-confirm').click();

    // Assess: on to the checkout, the dot on the cart, the line in its menu.
    await page.waitForURL(/#\/checkout\?mode=buy$/);
    await page.getByTestId('cart-dot').waitFor();
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-panel').getByText('500 × SMS credits').waitFor();
    await page.keyboard.press('Escape');
  });
});
