/**
 * The real-time socket in Chromium against the local host (spec §2.5, §2.7, §4, §7): the demo user
 * signed in from two browsers hears of a new sign-in, sees support's announcements arrive live
 * (pop-up, important lock, menu), is reconnected after the gateway drops the socket without
 * losing what was sent meanwhile, and is signed out by support; support staff manage
 * announcements on their admin page, which nobody else can open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { listConnections } from '../../functions/data/connections.js';
import { closeConnection } from '../../functions/lib/aws/websocket.js';
import { publish as publishSocketEvent } from '../../functions/services/notifications/realtime.js';
import type { TAnnouncement, TAnnouncementInput } from '../../shared/schemas/announcements.js';
import { launchBrowser, signIn as signInThroughForm, takeScreenshot, type Credentials } from '../helpers/browser.js';
import { startTestHost, type TestHost } from '../helpers/local-host.js';

const ADMIN_API = '/api/v1/pageBasedAPI/admin';

describe('real-time socket', () => {
  let host: TestHost;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let first: Page;
  let second: Page;
  let supportToken: string;
  let demoUserId: string;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    contexts.push(context);
    return context.newPage();
  }

  const signIn = (page: Page, credentials: Credentials) => signInThroughForm(page, host, credentials);

  async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (accept(value)) return value;
      if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const demoConnections = () => listConnections(demoUserId, new Date());

  async function asSupport<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await fetch(`${host.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${supportToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as T;
  }

  const publish = (input: Partial<TAnnouncementInput> & Pick<TAnnouncementInput, 'title'>) =>
    asSupport<TAnnouncement>('POST', `${ADMIN_API}/announcements`, {
      preview: `${input.title}: the short version.`,
      content: `<p>${input.title}</p>`,
      pop_up: false,
      important: false,
      valid_date: null,
      ...input,
    });

  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    first = await newPage();
    second = await newPage();
    const login = await fetch(`${host.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(host.support),
    });
    supportToken = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await host?.stop();
  });

  it('tells a signed-in browser about a new sign-in from another one', async () => {
    // Prepare
    await signIn(first, host.demo);
    const token = await first.evaluate(() => window.localStorage.getItem('session.token'));
    demoUserId = String(decodeJwt(token ?? '').loginTuid);
    await until(demoConnections, (connections) => connections.length === 1);

    // Act
    await signIn(second, host.demo);

    // Assess
    const dialog = first.getByTestId('new-login-dialog');
    await dialog.waitFor();
    const details = await dialog.getByTestId('login-alert-detail').allTextContents();
    expect(details).toHaveLength(6);
    expect(details[1]).toMatch(/127\.0\.0\.1|::1/);
    expect(await dialog.evaluate((element) => element.getBoundingClientRect().width)).toBe(640);
    await takeScreenshot(first, 'realtime-new-login-dialog');
    await first.getByTestId('new-login-ok').click();
    await dialog.waitFor({ state: 'detached' });
    await until(demoConnections, (connections) => connections.length === 2);
  });

  it('shows support announcements live in both browsers, without a reload', async () => {
    // Act
    await publish({ title: 'Spring release notes' });

    // Assess
    await first.getByTestId('announcements-dot').waitFor();
    await second.getByTestId('announcements-dot').waitFor();
    await first.getByTestId('announcements-button').click();
    const panel = first.getByTestId('announcements-panel');
    await panel.getByText('Spring release notes', { exact: true }).waitFor();
    expect(await panel.getByTestId('announcement-unread').count()).toBe(1);
    await takeScreenshot(first, 'realtime-announcement-menu');
    await first.keyboard.press('Escape');
  });

  it('opens an important pop-up announcement by itself and keeps it up for 5 seconds', async () => {
    // Act
    await publish({
      title: 'Scheduled maintenance on Sunday',
      content: '<h2>What changes</h2><p>Sending pauses <strong>02:00–03:00</strong>.</p><ul><li>Campaigns resume by themselves</li></ul><p><a href="https://status.example.com">Status page</a></p><img src="x" onerror="window.hacked=1">',
      pop_up: true,
      important: true,
    });

    // Assess: both browsers, the close button locked with a countdown, Escape ignored.
    const dialog = first.getByTestId('announcement-dialog');
    await dialog.waitFor();
    await second.getByTestId('announcement-dialog').waitFor();
    const close = first.getByTestId('announcement-close');
    expect(await close.isDisabled()).toBe(true);
    expect(await close.textContent()).toMatch(/Close in [45] s/);
    await takeScreenshot(first, 'realtime-announcement-important');
    const countdown = await close.textContent();
    await first.keyboard.press('Escape');
    // A tick of the countdown later, Escape has long been handled.
    await expect.poll(() => close.textContent(), { timeout: 5_000 }).not.toBe(countdown);
    expect(await dialog.isVisible()).toBe(true);
    expect(await close.isDisabled()).toBe(true);
    const content = first.getByTestId('announcement-content');
    expect(await content.locator('[onerror]').count()).toBe(0);
    expect(await content.locator('a').getAttribute('rel')).toBe('noopener noreferrer');
    expect(await first.evaluate(() => 'hacked' in window)).toBe(false);

    await first.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-testid="announcement-close"]')?.disabled, undefined, { timeout: 6_000 });
    expect(await close.textContent()).toBe('Close');
    await close.click();
    await dialog.waitFor({ state: 'detached' });
    await second.getByTestId('announcement-close').click({ timeout: 6_000 });
  });

  it('pages through announcements, marks them read on opening, and removes one', async () => {
    // Prepare
    await first.getByTestId('announcements-button').click();
    const panel = first.getByTestId('announcements-panel');
    await panel.getByTestId('announcement-item').nth(1).waitFor();

    // Act: open the older one, then page to the newer.
    await panel.getByTestId('announcement-open').filter({ hasText: 'Spring release notes' }).click();
    const dialog = first.getByTestId('announcement-dialog');
    await dialog.getByText('Spring release notes').first().waitFor();
    await first.getByTestId('announcement-previous').click();
    await dialog.getByText('Scheduled maintenance on Sunday').first().waitFor();
    await first.getByTestId('announcement-close').click();
    await dialog.waitFor({ state: 'detached' });

    // Assess: everything read, so no dot; removing takes it off the list.
    await first.getByTestId('announcements-dot').waitFor({ state: 'detached' });
    await first.getByTestId('announcements-button').click();
    await panel.getByTestId('announcement-item').nth(1).waitFor();
    expect(await panel.getByTestId('announcement-unread').count()).toBe(0);
    await panel.getByTestId('announcement-remove').first().click();
    await until(() => panel.getByTestId('announcement-item').count(), (count) => count === 1);
    await first.keyboard.press('Escape');
  });

  it('reconnects after the gateway drops the socket and catches up on what was sent meanwhile', async () => {
    // Prepare
    const before = await demoConnections();
    expect(before).toHaveLength(2);

    // Act: the gateway closes both browsers' connections; an announcement goes out before they are back.
    for (const { connectionId } of before) {
      // Through the handlers' own signed client: the management API refuses unsigned calls.
      expect(await closeConnection(host.env.WEBSOCKET_MANAGEMENT_URL, connectionId)).toBe('closed');
    }
    await publish({ title: 'Sent while you were away' });
    const after = await until(demoConnections, (connections) => connections.length === 2 && connections.every((c) => !before.some((b) => b.connectionId === c.connectionId)));

    // Assess: the missed announcement arrived through the refetch, and new events flow again.
    expect(after).toHaveLength(2);
    await first.getByTestId('announcements-dot').waitFor();
    await first.getByTestId('announcements-button').click();
    await first.getByTestId('announcements-panel').getByText('Sent while you were away', { exact: true }).waitFor();
    await first.keyboard.press('Escape');
    await publish({ title: 'Back online' });
    await first.getByTestId('announcements-button').click();
    await first.getByTestId('announcements-panel').getByText('Back online', { exact: true }).waitFor();
    await first.keyboard.press('Escape');
  });

  it('lets support staff manage announcements, and nobody else', async () => {
    // Prepare
    const support = await newPage();
    await signIn(support, host.support);
    // Support staff are users too: the important pop-up is theirs to read first.
    await support.getByTestId('announcement-dialog').waitFor();
    await support.getByTestId('announcement-close').click({ timeout: 7_000 });
    await support.getByTestId('announcement-dialog').waitFor({ state: 'detached' });

    // Act: the admin page from the user panel.
    await support.getByTestId('user-menu-button').click();
    await support.getByTestId('panel-admin-announcements').click();
    await support.getByTestId('admin-announcement-table').waitFor();
    await takeScreenshot(support, 'realtime-admin-list');
    await support.getByTestId('admin-new-announcement').click();
    await support.getByTestId('admin-save').click();
    expect(await support.getByTestId('admin-editor').getByText('This field is required.').count()).toBe(3);
    await support.getByTestId('admin-title').fill('Holiday support hours');
    await support.getByTestId('admin-preview').fill('Our support desk keeps shorter hours over the holidays.');
    await support.getByTestId('admin-content').fill('<p>We are open <b>10:00–16:00</b>.</p><script>window.hacked = 1</script><p onclick="alert(1)">Thanks!</p>');
    await support.getByTestId('admin-important').click();
    const preview = support.getByTestId('admin-live-preview');
    await preview.getByText('Thanks!').waitFor();
    expect(await preview.locator('script, [onclick]').count()).toBe(0);
    await takeScreenshot(support, 'realtime-admin-editor');
    await support.getByTestId('admin-save').click();
    await support.getByTestId('admin-editor').waitFor({ state: 'detached' });

    // Assess: listed for support, live for the user; then deleted with a confirmation.
    const row = support.getByTestId('admin-announcement-row').filter({ hasText: 'Holiday support hours' });
    await row.getByText('Important').waitFor();
    await first.getByTestId('announcements-dot').waitFor();
    await row.getByTestId('admin-edit').click();
    await support.getByTestId('admin-title').fill('Holiday support hours (updated)');
    await support.getByTestId('admin-save').click();
    await support.getByTestId('admin-editor').waitFor({ state: 'detached' });
    await row.getByText('Holiday support hours (updated)').waitFor();
    await row.getByTestId('admin-delete').click();
    await support.getByTestId('admin-delete-dialog').waitFor();
    await takeScreenshot(support, 'realtime-admin-delete');
    await support.getByTestId('admin-delete-confirm').click();
    await row.waitFor({ state: 'detached' });

    await first.goto(`${host.url}/#/admin/announcements`);
    await first.getByTestId('error-page').waitFor();
    expect(await first.getByTestId('error-page-code').textContent()).toBe('Code: VALIDATE_NO_PERMISSION');
    await first.goto(`${host.url}/#/dashboard`);
    await first.getByTestId('dashboard').waitFor();
  });

  it('updates the cart count and toasts a bounced verification mail from their events', async () => {
    // Prepare
    const cartBadge = first.getByTestId('cart-dot');
    const hadItems = (await cartBadge.count()) > 0;

    // Act
    await publishSocketEvent(demoUserId, { event: 'updateShoppingCart', data: { count: hadItems ? 0 : 2 } });
    await publishSocketEvent(demoUserId, {
      event: 'bounceReason',
      data: { message: 'The mailbox does not exist.', detail: '550 5.1.1 user unknown', lastSendTime: null },
    });

    // Assess
    await cartBadge.waitFor({ state: hadItems ? 'detached' : 'visible' });
    const toast = first.getByTestId('toast').filter({ hasText: 'The mailbox does not exist.' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("We couldn't deliver your verification email");
  });

  it('signs the user out everywhere when support forces it, with the reason and a contact', async () => {
    // Prepare: the second browser in Taiwan Chinese.
    const secondToken = await second.evaluate(() => window.localStorage.getItem('session.token'));
    await fetch(`${host.url}/api/v1/pageBasedAPI/language/ui-language`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secondToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isoCode: 'zh-TW' }),
    });
    await second.evaluate(() => window.localStorage.setItem('ui.language', 'zh-TW'));
    await second.reload();
    await second.getByTestId('dashboard').waitFor();
    await until(demoConnections, (connections) => connections.length === 2);

    // Act
    await asSupport('POST', `${ADMIN_API}/users/force-logout`, { email: host.demo.email });

    // Assess
    for (const page of [first, second]) {
      const dialog = page.getByTestId('forced-logout-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('forced-logout-reason').getAttribute('data-reason')).toBe('sysadForceLogout');
      // The contact comes from /config, which may be refetched after the session's cache was dropped.
      await dialog.getByTestId('forced-logout-contact').getByText('support@example.com').waitFor();
    }
    await takeScreenshot(first, 'realtime-forced-logout');
    expect(await second.getByTestId('forced-logout-reason').textContent()).toContain('客服團隊');
    await takeScreenshot(second, 'realtime-forced-logout-zh-tw');
    await first.getByTestId('forced-logout-ok').click();
    await first.waitForURL(/#\/sign-in/);
    await first.getByTestId('forced-logout-dialog').waitFor({ state: 'detached' });
    expect(await first.evaluate(() => window.localStorage.getItem('session.token'))).toBeNull();
  });
});
