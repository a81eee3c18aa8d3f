/**
 * Sign-up, login-email verification and sign-in in a real Chromium against the local host
 * (spec §2.3, §2.6, §4, §5, §8). One new user goes through the whole journey, step by step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ZUserInfo, type TUserInfo } from '../../shared/schemas/user.js';
import { launchBrowser, takeScreenshot } from '../helpers/browser.js';
import { startTestHost, type TestHost } from '../helpers/local-host.js';

const FULL_NAME = 'Ada Lovelace';
const PASSWORD = 'Analytical-Engine-1843';
const CODE_IN_SUBJECT = /\b(\d{6})\b/;

describe('auth: sign up, verify, sign out and in', () => {
  let host: TestHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `ada.${Date.now()}@example.com`;
  let code = '';

  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await host?.stop();
  });

  async function readUserInfo(): Promise<TUserInfo> {
    const token = await page.evaluate(() => window.localStorage.getItem('session.token'));
    const answer = await fetch(`${host.url}/api/v1/pageBasedAPI/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    return ZUserInfo.parse(await answer.json());
  }

  it('says "Email is already used." on the email field for a taken address', async () => {
    // Prepare
    await page.goto(`${host.url}/#/sign-up`);
    await page.getByLabel('Full name').fill(FULL_NAME);
    await page.getByLabel('Email').fill(host.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);

    // Act
    await page.getByRole('button', { name: 'Create account' }).click();

    // Assess
    await page.getByText('Email is already used.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('#/sign-up');
  });

  it('refuses a weak password with the live checklist and the rule message', async () => {
    // Prepare
    await page.getByLabel('Email').fill(`  ${email}  `);

    // Act
    await page.getByLabel('Password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm password').fill('weakpass');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Assess
    const checklist = page.getByTestId('password-checklist');
    await expect.poll(() => checklist.locator('[data-rule=lowercase]').getAttribute('data-met')).toBe('true');
    expect(await checklist.locator('[data-rule=length]').getAttribute('data-met')).toBe('false');
    expect(await checklist.locator('[data-rule=uppercase]').getAttribute('data-met')).toBe('false');
    await page.getByText('Password must be at least 12 characters.').waitFor();
    expect(page.url()).toContain('#/sign-up');
    await takeScreenshot(page, 'auth-sign-up-weak-password', { fullPage: true });
  });

  it('creates the account with a good password, then creating-account leads to welcome', async () => {
    // Act
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    expect(await page.getByTestId('password-checklist').locator('[data-met=true]').count()).toBe(4);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Assess
    await page.getByTestId('creating-account').waitFor();
    await page.getByRole('heading', { name: `Welcome, ${FULL_NAME}!` }).waitFor({ timeout: 15_000 });
    expect(page.url()).toContain('#/welcome');
    await page.getByTestId('welcome-unverified').waitFor();
    expect((await readUserInfo()).login).toBe(email);
    await takeScreenshot(page, 'auth-welcome');
  });

  it('sends a code from the verify dialog and blocks resending with a countdown', async () => {
    // Act
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await page.getByTestId('verify-account-dialog').getByRole('button', { name: 'Send Verification Code' }).click();
    const mail = await host.waitForMail(email, (message) => CODE_IN_SUBJECT.test(message.subject));
    code = CODE_IN_SUBJECT.exec(mail.subject)?.[1] ?? '';

    // Assess
    expect(code).toMatch(/^\d{6}$/);
    const resend = page.getByTestId('resend-code');
    await expect.poll(() => resend.textContent()).toMatch(/Resend code in \d+s/);
    expect(await resend.isDisabled()).toBe(true);
    const secondsLeft = async () => Number(/(\d+)s/.exec((await resend.textContent()) ?? '')?.[1]);
    const first = await secondsLeft();
    await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThan(first);
    const later = await secondsLeft();
    expect(first).toBeLessThanOrEqual(60);
    expect(later).toBeLessThan(first);
  });

  it('says "Invalid verification code" for a wrong code', async () => {
    // Prepare: a code that differs from the real one in its first digit.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

    // Act
    await page.getByTestId('verification-code').fill(wrong);

    // Assess
    await expect.poll(() => page.getByTestId('verification-code-error').textContent()).toBe('Invalid verification code');
    expect((await readUserInfo()).unverified).toBe(true);
    await takeScreenshot(page, 'auth-verify-wrong-code');
  });

  it('verifies with the right code: the page reloads with a verified account', async () => {
    // Act
    await page.getByTestId('verification-code').fill(code);

    // Assess
    await page.waitForEvent('load', { timeout: 15_000 });
    await page.getByTestId('welcome-verified').waitFor({ timeout: 15_000 });
    expect((await readUserInfo()).unverified).toBe(false);
  });

  it('refuses a new login email that is already used, on the force-verify page', async () => {
    // Prepare
    await page.goto(`${host.url}/#/account-force-verify`);
    await page.getByTestId('force-verify-page').getByRole('button', { name: 'Use Another Email' }).click();
    const send = page.getByRole('button', { name: 'Send Verification Code' });
    expect(await send.isDisabled()).toBe(true);

    // Act
    await page.getByTestId('new-email').fill(`  ${host.demo.email}  `);
    await send.click();

    // Assess
    await expect.poll(() => page.getByTestId('new-email-error').textContent()).toBe('This email is already used.');
    await page.getByRole('button', { name: 'Use My Original Email' }).click();
    await page.getByTestId('login-email').waitFor();
    expect(await page.getByTestId('login-email').textContent()).toBe(email);
  });

  it('signs out, refuses a wrong password, then signs in', async () => {
    // Prepare
    await page.goto(`${host.url}/#/dashboard`);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('panel-logout').click();
    await page.waitForURL(/#\/sign-in/);

    // Act: a wrong password first.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Assess
    await expect.poll(() => page.getByTestId('sign-in-error').textContent()).toBe('Incorrect email or password.');
    expect(page.url()).toContain('#/sign-in');
    await takeScreenshot(page, 'auth-sign-in-wrong-password');

    // Act: the right one.
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Assess
    await page.waitForURL(/#\/dashboard/, { timeout: 15_000 });
    expect((await readUserInfo()).login).toBe(email);
  });
});
