/**
 * Chromium for browser tests: the Debian build at /usr/bin/chromium driven by playwright-core.
 * Every launch gets a fresh profile (Playwright's `launch` creates a new temporary user-data-dir
 * and deletes it on close), so no cookie, storage or cache leaks between runs.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

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
