/**
 * Settings → account and password recovery in a real Chromium against the local host (spec §2.1
 * /settings/account, §3 timezone/language/addFooter, §5 password rules, §8 OTH-UTL-C-014): a
 * brand-new account signed up through the API opens a deep link while signed out and lands on it
 * after sign-in, edits its profile, changes its password (another session ends), recovers it by a
 * mailed link that works once, and ends a session from the sign-in activity tab. Settings →
 * billing (billing §2, §5): billing info added and edited, invoice recipients added, refused as a
 * duplicate (STT-NOT-C-009), reset after a bounce suspended one, edited and deleted.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listConnections } from '../../functions/data/connections.js';
import { suspendInvoiceRecipient } from '../../functions/data/invoice-recipients.js';
import { call } from '../helpers/api.js';
import { takeScreenshot, useSignedInPage } from '../helpers/browser.js';
import type { TestHost } from '../helpers/local-host.js';
import { signUpAs, verifiedAccount } from '../helpers/seed/accounts.js';

const PASSWORD = 'Api-Test-User-2026';

describe('account settings', () => {
  const signedIn = useSignedInPage();
  let host: TestHost;
  let browser: Browser;
  let demoPage: Page;
  const contexts: BrowserContext[] = [];

  beforeAll(() => {
    ({ host, browser, page: demoPage } = signedIn);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  /** A page in a browser that has never signed in. */
  async function signedOutPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function signInOnForm(page: Page, email: string, password: string): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function sessionIsOpen(token: string): Promise<boolean> {
    return (await host.api.request('GET', '/auth/refresh', { token })).status === 200;
  }

  it('returns a deep link after sign-in and saves the profile, starting in the sign-up time zone', async () => {
    // Prepare: a new account signed up from Hong Kong.
    const answer = await host.api.request<{ token: string }>('POST', '/auth/signup', {
      body: { fullname: 'Mei Chan', email: 'mei.chan@example.com', password: PASSWORD, timezone: 'Asia/Hong_Kong' },
    });
    const page = await signedOutPage();

    // Act: a link to the contacts while signed out
    await page.goto(`${host.url}/#/contacts`);
    await page.waitForURL(/#\/sign-in\?next=%2Fcontacts$/);
    await signInOnForm(page, 'mei.chan@example.com', PASSWORD);
    await page.waitForURL(/#\/contacts$/);
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.getByTestId('contacts-page').waitFor();

    // Act: the user panel's settings entry, then the profile
    await page.goto(`${host.url}/#/settings/account?tab=0`);
    const profile = page.getByTestId('account-profile');
    const timeZone = profile.getByLabel('Time zone');
    await expect.poll(() => timeZone.inputValue(), { timeout: 15_000 }).toBe('Asia/Hong_Kong');
    await profile.getByLabel('Full name').fill('Mei Ling Chan');
    await timeZone.fill('Mars/Olympus');
    await page.getByTestId('account-profile-save').click();
    const unknownZone = await profile.getByText('Choose a time zone from the list.').textContent();
    await timeZone.fill('Europe/Berlin');
    await profile.getByText('Add the campaign footer').click();
    await page.getByTestId('account-profile-save').click();
    await page.getByText('Profile saved').waitFor();
    await takeScreenshot(page, 'account-settings-profile');

    // Assess
    const saved = await call(host.api, answer.body, 'GET', '/settings/account/profile');
    expect(unknownZone).toBe('Choose a time zone from the list.');
    expect(saved.body).toEqual({ fullname: 'Mei Ling Chan', timezone: 'Europe/Berlin', language: 'en', addFooter: false });
    expect(await page.getByTestId('settings-tab-account').getAttribute('aria-current')).toBe('page');
  });

  it('returns to the page open when the session ends mid-work, once signed in again', async () => {
    // Prepare: a verified user (no verification prompt) at work on a deep page
    const user = await verifiedAccount(host.api, 'Midway Mo');
    const deepPage = `${host.url}/#/settings/account?tab=2`;
    const signInReturning = `${host.url}/#/sign-in?next=${encodeURIComponent('/settings/account?tab=2')}`;
    const page = await signedOutPage();
    await page.goto(deepPage);
    await signInOnForm(page, user.login, PASSWORD);
    await page.getByTestId('account-sign-ins').waitFor();
    const browserToken = await page.evaluate(() => window.localStorage.getItem('session.token'));

    // Act: the session is logged out elsewhere: its socket closes and the app's next call answers 401
    expect((await host.api.request('GET', '/auth/logout', { token: browserToken ?? '' })).status).toBe(200);
    await page.waitForURL(/#\/sign-in\?next=/);
    const afterLogout = page.url();
    await signInOnForm(page, user.login, PASSWORD);
    await page.getByTestId('account-sign-ins').waitFor();
    const backAfterLogout = page.url();

    // Act: the password is changed in another session: the forced-logout notice, then sign-in
    await call(host.api, user, 'POST', '/settings/account/change-password', { oldPassword: PASSWORD, newPassword: 'Changed-Elsewhere-9' });
    await page.getByTestId('forced-logout-ok').click();
    await page.waitForURL(/#\/sign-in/);
    const afterForcedLogout = page.url();
    await signInOnForm(page, user.login, 'Changed-Elsewhere-9');
    await page.getByTestId('account-sign-ins').waitFor();

    // Assess
    expect(afterLogout).toBe(signInReturning);
    expect(backAfterLogout).toBe(deepPage);
    expect(afterForcedLogout).toBe(signInReturning);
    expect(page.url()).toBe(deepPage);
  });

  it('changes the password with the current one, which ends every other session', async () => {
    // Prepare: the account is also signed in elsewhere (the API session).
    const user = await signUpAs(host.api, 'Pat Lee');
    const page = await signedOutPage();
    await page.goto(`${host.url}/#/settings/account?tab=1`);
    await signInOnForm(page, user.email, PASSWORD);
    // A new account is asked once to verify its login email first.
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    const form = page.getByTestId('account-password');
    await form.waitFor();

    // Act: a wrong current password, then the right one
    await form.getByLabel('Current password').fill('Not-My-Password-1');
    await form.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-42');
    await form.getByLabel('Retype new password').fill('Brand-New-Pass-42');
    await page.getByTestId('account-password-save').click();
    const wrong = await form.getByText('The current password is incorrect.').textContent();
    await form.getByLabel('Current password').fill(PASSWORD);
    await page.getByTestId('account-password-save').click();
    await page.getByText('User password changed').waitFor();

    // Assess
    expect(wrong).toBe('The current password is incorrect.');
    expect(await sessionIsOpen(user.token)).toBe(false);
    expect((await host.api.request('POST', '/auth/login', { body: { email: user.email, password: 'Brand-New-Pass-42' } })).status).toBe(200);
  });

  it('recovers a forgotten password by a mailed link that works once', async () => {
    // Prepare
    const user = await signUpAs(host.api, 'Forgetful Fay');
    const page = await signedOutPage();

    // Act: "Forgot password?" on the sign-in page
    await page.goto(`${host.url}/#/sign-in`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByTestId('forgot-password-link').click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await page.getByTestId('forgot-password-sent').textContent();
    const mail = await host.waitForMail(user.email, (message) => message.subject === 'Reset your password');
    const link = /https?:\/\/\S+reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0] ?? '';

    // Act: the link, a new password, then the link again
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Recovered-Pass-7');
    await page.getByLabel('Retype new password').fill('Recovered-Pass-7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByTestId('reset-password-done').waitFor();
    await page.goto(`${host.url}/#/dashboard`);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Recovered-Pass-8');
    await page.getByLabel('Retype new password').fill('Recovered-Pass-8');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const usedTwice = await page.getByTestId('reset-password-invalid').textContent();
    await takeScreenshot(page, 'account-settings-reset-link-used');

    // Assess
    expect(sent).toContain(`If ${user.email} belongs to an account`);
    expect(link.startsWith(host.url)).toBe(true);
    expect(usedTwice).toBe('This password reset link was used or has expired. Ask for a new one.');
    expect(await sessionIsOpen(user.token)).toBe(false);
    expect((await host.api.request('POST', '/auth/login', { body: { email: user.email, password: 'Recovered-Pass-7' } })).status).toBe(200);
  });

  it('shows that the code to a new login email bounced at the SES simulator address', async () => {
    // Act: the demo user asks to move to an address that bounces
    await demoPage.goto(`${host.url}/#/settings/account?tab=0`);
    await demoPage.getByTestId('account-change-email').click();
    await demoPage.getByTestId('new-email').fill('bounce@simulator.amazonses.com');
    await demoPage.getByRole('button', { name: 'Send Verification Code' }).click();
    const bounce = demoPage.getByTestId('verification-bounce');
    await bounce.waitFor({ timeout: 20_000 });
    await takeScreenshot(demoPage, 'account-settings-login-email-bounce');

    // Assess
    expect(await bounce.textContent()).toContain("We couldn't deliver the last code to bounce@simulator.amazonses.com");
  });

  it('offers recovery in the new-login dialog, lists sign-ins and ends another session of the demo user', async () => {
    // Prepare: the demo page listens on its socket; then the demo user signs in from a script.
    await demoPage.goto(`${host.url}/#/settings/account?tab=2`);
    await expect.poll(async () => (await listConnections(signedIn.demo.loginTuid, new Date())).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const other = await host.api.request<{ token: string }>('POST', '/auth/login', { body: { email: host.demo.email, password: host.demo.password } });

    // Act: the new-login dialog tells of it
    const dialog = demoPage.getByTestId('new-login-dialog');
    await dialog.waitFor();
    const forgotLink = await dialog.getByTestId('new-login-forgot-password').getAttribute('href');
    await demoPage.getByTestId('new-login-ok').click();
    await dialog.waitFor({ state: 'detached' });

    // Act: the sign-in activity shows it; end it
    await demoPage.reload();
    const sessions = demoPage.getByTestId('account-session');
    await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const before = await sessions.count();
    const signIns = await demoPage.getByTestId('account-sign-in').count();
    await takeScreenshot(demoPage, 'account-settings-sign-in-activity');
    await sessions.filter({ hasNotText: 'This browser' }).first().getByTestId('account-session-end').click();
    await expect.poll(() => sessions.count(), { timeout: 15_000 }).toBe(before - 1);

    // Assess: the script's session ended, and this one goes on
    expect(forgotLink).toBe(`#/forgot-password?email=${encodeURIComponent(host.demo.email)}`);
    expect(signIns).toBeGreaterThanOrEqual(2);
    expect(await sessionIsOpen(other.body.token)).toBe(false);
    expect(await sessions.filter({ hasText: 'This browser' }).count()).toBe(1);
    expect(await sessionIsOpen(signedIn.demo.token)).toBe(true);
  });
  it('keeps billing info and invoice recipients in settings → billing', async () => {
    // Prepare
    const page = demoPage;
    await page.goto(`${host.url}/#/settings/billing`);
    await page.getByTestId('billing-info-empty').waitFor();

    // Act: billing info, refused empty, then added and edited
    await page.getByTestId('billing-info-edit').click();
    await page.getByTestId('billing-info-submit').click();
    const requiredErrors = await page.getByTestId('billing-info-dialog').locator('[data-testid$="-error"]').count();
    await page.getByTestId('billing-info-name-input').fill('Chan Tai Man');
    await page.getByTestId('billing-info-company-input').fill('Tai Man Trading Ltd');
    await page.getByTestId('billing-info-addressOne-input').fill('1 Queen’s Road Central\nHong Kong');
    await page.getByTestId('billing-info-submit').click();
    await page.getByTestId('billing-info-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('billing-info-edit').click();
    await page.getByTestId('billing-info-company-input').fill('Tai Man Holdings Ltd');
    await page.getByTestId('billing-info-submit').click();
    await page.getByTestId('billing-info-dialog').waitFor({ state: 'detached' });
    const company = await page.getByTestId('billing-info-company').textContent();

    // Act: a recipient refused with a bad address, then added; the same address again is refused under the field
    const rows = page.getByTestId('recipient-row');
    await rows.first().waitFor();
    const selfActions = await rows.first().getByRole('button').count();
    await page.getByTestId('recipient-add').click();
    await page.getByTestId('recipient-name').fill('Finance');
    await page.getByTestId('recipient-email').fill('finance@inbox.example,com');
    await page.getByTestId('recipient-submit').click();
    const invalidEmail = await page.getByTestId('recipient-email-error').textContent();
    await page.getByTestId('recipient-email').fill('finance@example.com');
    await page.getByTestId('recipient-submit').click();
    await page.getByTestId('recipient-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('recipient-add').click();
    await page.getByTestId('recipient-name').fill('Again');
    await page.getByTestId('recipient-email').fill('Finance@Example.com');
    await page.getByTestId('recipient-submit').click();
    const duplicate = await page.getByTestId('recipient-email-error').textContent();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Act: a receipt to it hard-bounced (as the delivery-events worker records it); the user resets it
    await suspendInvoiceRecipient(signedIn.demo.tuid, 'finance@example.com');
    await page.reload();
    const finance = page.locator('[data-testid="recipient-row"][data-email="finance@example.com"]');
    await finance.and(page.locator('[data-status="suspended"]')).waitFor();
    await takeScreenshot(page, 'billing-settings');
    await finance.getByTestId('recipient-reset').click();
    await page.getByTestId('recipient-reset-dialog-confirm').click();
    await finance.and(page.locator('[data-status="valid"]')).waitFor();

    // Act: edit its name, then delete it
    await finance.getByTestId('recipient-edit').click();
    await page.getByTestId('recipient-name').fill('Accounts');
    await page.getByTestId('recipient-submit').click();
    await finance.filter({ hasText: 'Accounts' }).waitFor();
    await finance.getByTestId('recipient-delete').click();
    await page.getByTestId('recipient-delete-dialog-confirm').click();
    await finance.waitFor({ state: 'detached' });

    // Assess
    expect(requiredErrors).toBe(3);
    expect(company).toBe('Tai Man Holdings Ltd');
    expect(selfActions).toBe(0);
    expect(invalidEmail).toBe('Email must be a valid email.');
    expect(duplicate).toBe('This email already gets the receipts.');
    expect(await rows.count()).toBe(1);
  });
});
