/**
 * The application shell in a real Chromium against the local host (spec §2.2–§2.5, §4, §8): the
 * demo user signs in, then the sidebar, header menus, user panel, language, errors, toasts, the
 * idle session and sign-out are exercised one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TUserInfo } from '../../shared/schemas/user.js';
import { chooseMenuItem, launchBrowser, signIn as signInThroughForm, takeScreenshot } from '../helpers/browser.js';
import { startTestHost, type TestHost } from '../helpers/local-host.js';

describe('application shell', () => {
  let host: TestHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.stop();
  });

  const token = () => page.evaluate(() => window.localStorage.getItem('session.token'));

  async function readUserInfo(): Promise<TUserInfo> {
    const answer = await fetch(`${host.url}/api/v1/pageBasedAPI/user`, { headers: { authorization: `Bearer ${await token()}` } });
    return (await answer.json()) as TUserInfo;
  }

  const signIn = () => signInThroughForm(page, host, host.demo);

  it('sends a visitor without a session to sign-in', async () => {
    // Act
    await page.goto(`${host.url}/#/dashboard`);

    // Assess
    await page.waitForURL(/#\/sign-in/);
  });

  it('signs in and opens the dashboard with the account figures', async () => {
    // Act
    await signIn();

    // Assess
    await page.getByTestId('credit-email-value').waitFor();
    expect(await page.getByTestId('credit-email-value').textContent()).toMatch(/^[\d,]+$/);
    expect(await page.getByTestId('plan-badge').textContent()).toMatch(/Free|Standard/);
    await takeScreenshot(page, 'shell-dashboard');
  });

  it('redirects / to /dashboard and /email/* to /emails; /sms-and-mms lists campaigns; /plans-and-orders shows the balances', async () => {
    await page.goto(`${host.url}/#/`);
    await page.waitForURL(/#\/dashboard$/);

    await page.goto(`${host.url}/#/email/anything`);
    await page.waitForURL(/#\/emails$/);
    await page.getByTestId('campaigns-page').waitFor();

    // The SMS and MMS area is there.
    await page.goto(`${host.url}/#/sms-and-mms`);
    await page.getByTestId('campaigns-page').waitFor();
    expect(await page.getByTestId('campaigns-page').locator('h1').textContent()).toBe('SMS and MMS campaigns');

    // Plans & orders (issue 20) is there, with the account's balances.
    await page.goto(`${host.url}/#/plans-and-orders`);
    await page.getByTestId('plans-and-orders').waitFor();
    await page.getByTestId('balance-sms-value').waitFor();
  });

  it('shows one sidebar item per readable section, search, and no footer on list pages', async () => {
    // Prepare
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('dashboard').waitFor();

    // Assess
    const items = await page.getByTestId('sidebar').locator('a[data-testid^="nav-"]').allTextContents();
    expect(items).toEqual(['Dashboard', 'Contacts', 'Groups', 'Emails', 'SMS & MMS', 'Templates']);
    expect(await page.getByTestId('sidebar-search').isVisible()).toBe(true);
    // The file manager opens a drawer (tests/e2e/file-manager.test.ts), not a page.
    expect(await page.getByTestId('sidebar-file-manager').isVisible()).toBe(true);
    expect(await page.getByTestId('footer').isVisible()).toBe(true);

    await page.getByTestId('nav-contact').click();
    await page.waitForURL(/#\/contacts\?tab=0/);
    await page.getByTestId('contacts-page').waitFor();
    expect(await page.getByTestId('footer').count()).toBe(0);
  });

  it('searches from the search dialog, the button disabled while the text is blank', async () => {
    // Prepare
    await page.getByTestId('sidebar-search').click();
    const dialog = page.getByTestId('search-dialog');
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Search' });

    // Act and assess
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('   ');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox').fill('  spring sale ');
    await takeScreenshot(page, 'shell-search-dialog');
    await submit.click();
    await page.waitForURL(/#\/search-results\?search=spring\+sale$/);
  });

  it('opens each header menu with its empty state', async () => {
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('dashboard').waitFor();
    for (const [menu, text] of [
      ['announcements', 'No announcements yet.'],
      ['notifications', "You're all caught up. New notifications will appear here."],
      ['cart', 'Your cart is empty. Browse plans to add credits.'],
    ] as const) {
      // Act
      await page.getByTestId(`${menu}-button`).click();

      // Assess
      const empty = page.getByTestId(`${menu}-empty`);
      await empty.waitFor();
      expect(await empty.textContent()).toBe(text);
      // Layout size, not the bounding box: the opening animation scales the panel for a moment.
      const size = await page.getByTestId(`${menu}-panel`).evaluate((panel: HTMLElement) => [panel.offsetWidth, panel.offsetHeight]);
      expect(size).toEqual([400, 500]);
      await takeScreenshot(page, `shell-menu-${menu}`);
      await page.keyboard.press('Escape');
      await page.getByTestId(`${menu}-panel`).waitFor({ state: 'detached' });
    }
    // The own account sees the notification settings gear and history.
    await page.getByTestId('notifications-button').click();
    expect(await page.getByTestId('notification-settings').isVisible()).toBe(true);
    expect(await page.getByText('View history').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-panel').waitFor({ state: 'detached' });
  });

  it('shows the cart error state and recovers with retry', async () => {
    // Prepare: the cart call fails once.
    await page.route('**/plansAndBillings/shoppingCart', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 'OTH-X-001', message: '' }) }),
    );

    // Act
    await page.getByTestId('cart-button').click();

    // Assess
    await page.getByTestId('cart-error').waitFor();
    expect(await page.getByTestId('error-dialog').count()).toBe(0);
    await page.unroute('**/plansAndBillings/shoppingCart');
    await page.getByTestId('cart-error').getByText('Try again').click();
    await page.getByTestId('cart-empty').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('cart-panel').waitFor({ state: 'detached' });
  });

  it('lists a cart line with its price and removes it, the dot going with it', async () => {
    // Prepare: a line added as the buy dialog would (through the API).
    const added = await fetch(`${host.url}/api/v1/pageBasedAPI/plansAndBillings/shoppingCart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ itemtype: 'sms', type: 'refill', quantity: 500 }),
    });
    expect(added.status).toBe(200);
    await page.getByTestId('cart-dot').waitFor();

    // Act
    await page.getByTestId('cart-button').click();
    const line = page.getByTestId('cart-panel').getByText('500 × SMS credits');
    await line.waitFor();
    const price = await page.getByTestId('cart-panel').getByText(/HK\$/).textContent();
    await page.getByRole('button', { name: 'Remove SMS credits' }).click();

    // Assess
    await page.getByTestId('cart-empty').waitFor();
    await page.getByTestId('cart-dot').waitFor({ state: 'detached' });
    expect(price).toContain('HK$300.00');
    await page.keyboard.press('Escape');
    await page.getByTestId('cart-panel').waitFor({ state: 'detached' });
  });

  it('lists the user panel entries and the contact-us hours', async () => {
    // Act
    await page.getByTestId('user-menu-button').click();
    const panel = page.getByTestId('user-panel');
    await panel.waitFor();

    // Assess
    const user = await readUserInfo();
    expect(await panel.getByText(user.fullname).isVisible()).toBe(true);
    for (const entry of ['Plans and orders', 'Settings', 'Download data', 'Contact us', 'Log out']) {
      expect(await panel.getByRole('button', { name: entry }).isVisible(), entry).toBe(true);
    }
    expect(await panel.getByText('Return to your own account').count()).toBe(0);
    await takeScreenshot(page, 'shell-user-panel');

    await panel.getByRole('button', { name: 'Contact us' }).click();
    const contact = page.getByTestId('contact-us-dialog');
    await contact.waitFor();
    expect(await contact.textContent()).toContain('09:00-13:00, 14:00-18:00 (UTC+8)');
    expect(await contact.textContent()).toContain('Closed on Hong Kong public holidays.');
    await takeScreenshot(page, 'shell-contact-us');
    await contact.getByRole('button', { name: 'Close' }).click();
    await contact.waitFor({ state: 'detached' });
  });

  it('switches the language to zh-HK, stores it on the server and keeps it after a reload', async () => {
    // Act
    await chooseMenuItem(page.getByTestId('language-button'), page.getByTestId('language-zh-HK'));

    // Assess
    await expect.poll(() => page.getByTestId('nav-dashboard').textContent()).toBe('儀表板');
    expect(await page.getByTestId('nav-sms').textContent()).toBe('短訊及多媒體短訊');
    expect((await readUserInfo()).language).toBe('zh-HK');
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('nav-dashboard').textContent()).toBe('儀表板');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
    await takeScreenshot(page, 'shell-dashboard-zh-HK');
  });

  it('shows at most two toasts at once; a third waits its turn', async () => {
    // Act: three language changes in a row each confirm with a 5 s toast.
    for (const language of ['zh-CN', 'zh-TW', 'en']) {
      await chooseMenuItem(page.getByTestId('language-button'), page.getByTestId(`language-${language}`));
      await page.getByTestId(`language-${language}`).waitFor({ state: 'detached' });
    }

    // Assess: two are showing and the third is queued.
    await expect.poll(() => page.getByTestId('nav-dashboard').textContent()).toBe('Dashboard');
    await expect.poll(() => page.getByTestId('toast').count()).toBe(2);
    expect(await page.getByText('Language changed to English.').count()).toBe(0);
    await takeScreenshot(page, 'shell-toasts');
    await page.getByText('Language changed to English.').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('toast').count()).toBeLessThanOrEqual(2);
    expect((await readUserInfo()).language).toBe('en');
  });

  it('opens the error dialog with the default message and the code, and closes it with OK', async () => {
    // Prepare: the language call fails without a message.
    await page.route('**/language/ui-language', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 'OTH-X-001', message: '' }) }),
    );

    // Act
    await chooseMenuItem(page.getByTestId('language-button'), page.getByTestId('language-zh-CN'));

    // Assess
    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Error');
    expect(await dialog.getByTestId('error-message').textContent()).toBe('Sorry, an error occurred while processing your request.');
    expect(await dialog.getByTestId('error-code').textContent()).toBe('Code: OTH-X-001');
    expect(await dialog.evaluate((element: HTMLElement) => element.offsetWidth)).toBe(480);
    await takeScreenshot(page, 'shell-error-dialog');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('nav-dashboard').textContent()).toBe('Dashboard');
    await page.unroute('**/language/ui-language');
  });

  it('words a VALIDATE_ code with its own title and no code', async () => {
    await page.route('**/language/ui-language', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ statusCode: 'VALIDATE_NO_PERMISSION', message: 'no' }) }),
    );
    await chooseMenuItem(page.getByTestId('language-button'), page.getByTestId('language-zh-TW'));

    const dialog = page.getByTestId('error-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Access Denied');
    expect(await dialog.getByTestId('error-code').count()).toBe(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.unroute('**/language/ui-language');
  });

  it('runs the idle reminder: Remain Login keeps the session, the countdown then logs out', async () => {
    // Prepare: a 6 s idle time, the reminder 4 s before it, checks every 200 ms.
    await page.evaluate(() => {
      window.localStorage.setItem('session.idleTime', '6000');
      window.localStorage.setItem('dev.idleReminderMs', '4000');
      window.localStorage.setItem('dev.idleCheckIntervalMs', '200');
    });
    await page.reload();
    await page.getByTestId('dashboard').waitFor();

    // Act and assess: the reminder opens with a live countdown.
    const dialog = page.getByTestId('idle-dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getAttribute('data-state-kind')).toBe('reminder');
    expect(await page.getByTestId('idle-countdown').textContent()).toMatch(/^0:0[1-4]$/);
    await takeScreenshot(page, 'shell-idle-reminder');
    await page.getByTestId('idle-remain').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await token()).not.toBeNull();

    // Left alone again, the reminder returns and counts down to the logged-out notice.
    await dialog.waitFor({ timeout: 10_000 });
    await expect.poll(() => dialog.getAttribute('data-state-kind'), { timeout: 10_000 }).toBe('loggedOut');
    await expect.poll(token).toBeNull();
    // The auto-logout notice shows the session's latest usage (spec §2.5).
    const usage = await dialog.getByTestId('login-alert-detail').allTextContents();
    expect(usage).toContain('127.0.0.1');
    expect(usage).toContain('Local network');
    await takeScreenshot(page, 'shell-idle-logged-out');
    await page.getByTestId('idle-sign-in').click();
    await page.waitForURL(/#\/sign-in/);
    await page.evaluate(() => {
      window.localStorage.removeItem('dev.idleReminderMs');
      window.localStorage.removeItem('dev.idleCheckIntervalMs');
    });
  });

  it('sends the user to sign-in when the server answers 401', async () => {
    // Prepare: a signed-in session whose token the server no longer accepts.
    await signIn();
    await page.evaluate(() => {
      const current = window.localStorage.getItem('session.token') ?? '';
      window.localStorage.setItem('session.token', `${current.slice(0, current.lastIndexOf('.'))}.forged-signature`);
    });

    // Act
    await page.reload();

    // Assess
    await page.waitForURL(/#\/sign-in/);
    expect(await token()).toBeNull();
  });

  it('logs out from the user panel', async () => {
    // Prepare
    await signIn();

    // Act
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('panel-logout').click();

    // Assess
    await page.waitForURL(/#\/sign-in/);
    expect(await token()).toBeNull();
  });
});
