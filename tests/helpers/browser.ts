/**
 * Chromium for browser tests: the Debian build at /usr/bin/chromium driven by playwright-core.
 * Every launch gets a fresh profile (Playwright's `launch` creates a new temporary user-data-dir
 * and deletes it on close), so no cookie, storage or cache leaks between runs.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestHost } from './local-host.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, offline-friendly flags: no sandbox (containers), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Where screenshots go (git-ignored): tests/e2e/screenshots/<name>.png. */
export function screenshotPath(name: string): string {
  return `tests/e2e/screenshots/${name}.png`;
}

/** A still screenshot: animations and the caret are frozen so images compare run to run. */
export async function takeScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const path = screenshotPath(name);
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', fullPage: options.fullPage ?? false });
  return path;
}

export type SignedInBrowser = { browser: Browser; context: BrowserContext; page: Page; close(): Promise<void> };

/** A fresh Chromium whose page has signed in as the host's demo user and shows the dashboard. */
export async function openSignedInBrowser(host: Pick<TestHost, 'url' | 'demo'>, viewport = { width: 1366, height: 900 }): Promise<SignedInBrowser> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${host.url}/#/sign-in`);
    await page.getByLabel('Email').fill(host.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(host.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('dashboard').waitFor({ timeout: 15_000 });
    return {
      browser,
      context,
      page,
      async close() {
        await context.close();
        await browser.close();
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
