/**
 * The forced password change page (billing spec §2, §4, §5) in a real Chromium: when the token
 * says so, the page replaces the product; a reused password is refused on the field; a new one
 * is saved and the product comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { findTuidByLogin, updateAccount } from '../../functions/data/accounts.js';
import { launchBrowser } from '../helpers/browser.js';
import { startTestHost, type TestHost } from '../helpers/local-host.js';

describe('forced password change', () => {
  let host: TestHost;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    host = await startTestHost();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  it('replaces the product until a new password is set', async () => {
    // Prepare: the team admin demands a new password (the host runs in this process).
    const tuid = await findTuidByLogin(host.demo.email);
    await updateAccount(String(tuid), { forcePasswordChange: true });
    await page.goto(`${host.url}/#/sign-in`);
    await page.getByLabel('Email').fill(host.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(host.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    const button = page.getByRole('button', { name: 'Change Password' });

    // Act & Assess: the sidebar is hidden and the button waits for two equal entries.
    expect(await page.getByRole('link', { name: 'Contacts' }).count()).toBe(0);
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('New password', { exact: true }).fill(host.demo.password);
    await page.getByLabel('Retype new password').fill(`${host.demo.password}x`);
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Retype new password').fill(host.demo.password);
    await button.click();
    await page.getByText(/used recently/i).first().waitFor();

    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-7');
    await page.getByLabel('Retype new password').fill('Brand-New-Password-7');
    await button.click();

    // Assess: the success toast, then the reloaded product with its sidebar.
    await page.getByText('User password changed').waitFor();
    await page.getByRole('link', { name: 'Contacts' }).waitFor({ timeout: 15_000 });
    const login = await fetch(`${host.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: host.demo.email, password: 'Brand-New-Password-7' }),
    });
    expect(login.status).toBe(200);
  });
});
