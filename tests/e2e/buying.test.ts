/**
 * Buying as a brand-new account would (issue 20), in a real Chromium against the local host and
 * its Stripe stand-in: sign up, buy SMS credits from the dashboard through the checkout's three
 * steps with a new card (4242…), see the credits on plans & orders; buy again with a card that asks
 * for 3-D Secure (at setup and at payment), pass it, open the order's receipt; then send an SMS
 * campaign with the credits bought.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../../functions/data/accounts.js';
import { call } from '../helpers/api.js';
import { collectCspViolations, sessionOf, takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';
import type { Actor } from '../helpers/seed/accounts.js';

const PASSWORD = 'Buying-Tests-2026';

describe('buying credits as a new account', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let context: BrowserContext;
  let page: Page;
  let buyer: Actor;
  let cspViolations: string[];

  beforeAll(async () => {
    host = signedIn.host;
    context = await signedIn.browser.newContext({ viewport: { width: 1280, height: 900 } });
    cspViolations = collectCspViolations(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    expect(cspViolations).toEqual([]);
  });

  /** From the dashboard's SMS card to the checkout's payment step, `quantity` SMS credits in the cart. */
  async function checkoutSms(quantity: string): Promise<void> {
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('credit-sms-buy').click();
    const dialog = page.getByTestId('buy-credits-dialog');
    await dialog.getByTestId('buy-credits-sms-quantity-input').fill(quantity);
    await dialog.getByTestId('buy-credits-sms-quantity-input').press('Enter');
    await dialog.getByTestId('buy-credits-confirm').click();
    await page.waitForURL(/#\/checkout\?mode=buy$/);
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-billing').waitFor();
    await page.getByTestId('checkout-billing-next').click();
    await page.getByTestId('checkout-payment').waitFor();
    await page.getByTestId('checkout-step-summary').and(page.locator('[data-done]')).waitFor();
  }

  /** The card dialog: the cardholder's name and the stand-in's card form. */
  async function addCard(number: string): Promise<void> {
    const dialog = page.getByTestId('card-dialog');
    await dialog.getByTestId('card-dialog-name').fill('Chan Tai Man');
    const form = dialog.frameLocator('[data-testid="stand-in-card-frame"]');
    await form.locator('#number').fill(number);
    await form.locator('#expiry').fill('12 / 34');
    await form.locator('#cvc').fill('123');
    await expect.poll(() => dialog.getByTestId('card-dialog-confirm').isEnabled()).toBe(true);
    await dialog.getByTestId('card-dialog-confirm').click();
  }

  /** The stand-in's 3-D Secure page over the app, as Stripe.js shows the bank's. */
  async function passThreeDSecure(): Promise<void> {
    await page.frameLocator('iframe[title="3-D Secure"]').getByRole('button', { name: 'Complete authentication' }).click();
  }

  it('signs up, buys 500 SMS credits with a new card and sees them on plans & orders', async () => {
    // Prepare: a new account, its login email verified (unverified users cannot pay).
    const email = `buyer-${Date.now()}@example.com`;
    await page.goto(`${host.url}/#/sign-up`);
    await page.getByLabel('Full name').fill('New Buyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('welcome-unverified').waitFor({ timeout: 15_000 });
    buyer = await sessionOf(page);
    await updateAccount(buyer.tuid, { unverified: false, status: 'active' });

    // Act
    await checkoutSms('500');
    await page.getByTestId('cards-empty').waitFor();
    expect(await page.getByTestId('checkout-pay').isDisabled()).toBe(true);
    await page.getByTestId('cards-add-first').click();
    await addCard('4242 4242 4242 4242');
    await page.getByTestId('card-row').getByText('Card ending 4242').waitFor();
    await page.getByTestId('checkout-terms').locator('[data-part="control"]').click();
    await page.getByTestId('checkout-pay').click();

    // Assess: the finish view, then the balance on plans & orders.
    await page.getByTestId('checkout-finished').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('checkout-order-id').textContent()).toMatch(/^[0-9A-Z]{26}$/);
    await page.getByTestId('checkout-finished-item').getByText('500 × SMS credits').waitFor();
    await takeScreenshot(page, 'checkout-finished');
    await page.getByTestId('checkout-finish').click();
    await page.waitForURL(/#\/plans-and-orders\?tab=plans$/);
    await expect.poll(() => page.getByTestId('balance-sms-value').textContent()).toBe('500');
    await page.getByTestId('plan-row').getByText('Pay as you go').waitFor();
  });

  it('buys again with a card that asks for 3-D Secure, passes it, and shows the order\'s receipt', async () => {
    // Act: the new card is set up behind 3-D Secure, then chosen for the payment, which asks again.
    await checkoutSms('1000');
    await page.getByTestId('cards-add').click();
    await addCard('4000 0025 0000 3155');
    await passThreeDSecure();
    await page.getByTestId('card-choice-3155').click();
    await page.getByTestId('checkout-terms').locator('[data-part="control"]').click();
    await page.getByTestId('checkout-pay').click();
    await passThreeDSecure();

    // Assess
    await page.getByTestId('checkout-finished').waitFor({ timeout: 20_000 });
    await page.getByTestId('checkout-finish').click();
    await expect.poll(() => page.getByTestId('balance-sms-value').textContent()).toBe('1,500');
    await page.getByTestId('plans-tab-orders').click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(2);
    await page.getByTestId('order-receipt').first().click();
    const receipt = page.getByTestId('receipt-dialog');
    await receipt.getByTestId('receipt-preview').waitFor();
    expect(await receipt.getByTestId('receipt-preview').getAttribute('src')).toMatch(/^blob:/);
    await takeScreenshot(page, 'plans-and-orders-receipt');
    await page.keyboard.press('Escape');
  });

  it('sends an SMS campaign with the credits it bought', async () => {
    // Prepare: Hong Kong numbers are allowed by default; a pasted number is the whole audience.
    const draft = await call<{ id: string }>(host.api, buyer, 'POST', '/sms/create-campaign/save', { campaignName: 'First SMS', type: 'SMS' });
    const id = draft.body.id;
    await call(host.api, buyer, 'GET', `/sms/create-campaign/save/lock?id=${id}`);
    await call(host.api, buyer, 'POST', '/sms/create-campaign/save?source=enter-message&mode=manual', { id, command: { pastedNumbers: ['+85291234567'], message: 'Thanks for joining: 10% off this week.' } });
    await call(host.api, buyer, 'DELETE', `/sms/create-campaign/save/lock?id=${id}`);

    // Act
    const sent = await call<{ campaign: { status: string } }>(host.api, buyer, 'POST', `/sms/campaigns/${id}/actions`, { action: 'sendNow' });

    // Assess: it goes out (a new account without credits would go back to draft), and the balance drops.
    expect(sent.status).toBe(200);
    await expect
      .poll(async () => ((await (await fetch(`${host.url}/dev/api/sms?to=${encodeURIComponent('+85291234567')}`)).json()) as Array<{ text: string }>).some((sms) => sms.text.includes('10% off')), { timeout: 60_000 })
      .toBe(true);
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('credits-plans-link').click();
    await page.waitForURL(/#\/plans-and-orders\?tab=plans$/);
    await expect.poll(() => page.getByTestId('balance-sms-value').textContent(), { timeout: 20_000 }).toBe('1,499');
  });

  it('opens the terms the payment step links, without signing in', async () => {
    // Act
    const reader = await context.browser()!.newPage();
    await reader.goto(`${host.url}/#/legal/returns-and-refunds`);

    // Assess
    await reader.getByTestId('legal-refunds').getByRole('heading', { name: 'Returns and Refunds Policy' }).waitFor();
    await reader.close();
  });
});
