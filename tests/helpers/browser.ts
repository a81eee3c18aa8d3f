/**
 * Chromium for browser tests: the Debian build at /usr/bin/chromium driven by playwright-core, and
 * the e2e fixture (a host and a signed-in page per test file).
 * Every launch gets a fresh profile (Playwright's `launch` creates a new temporary user-data-dir
 * and deletes it on close), so no cookie, storage or cache leaks between runs.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { decodeJwt } from 'jose';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { listConnections } from '../../functions/data/connections.js';
import { startTestHost, type TestHost } from './local-host.js';
import type { Actor } from './seed/accounts.js';

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

/**
 * Clicks a control near the page's bottom end, where toasts appear. The toaster pauses while the
 * mouse is over it, and a toast that appears under a resting mouse (left there by the last click)
 * would cover the control for good; with the mouse moved off, the toast times out and the click,
 * which waits for the control to be uncovered, goes through as a user's would.
 */
export async function clickBesideToasts(control: Locator): Promise<void> {
  await control.page().mouse.move(0, 0);
  await control.click();
}

/**
 * Opens the menu `trigger` opens and chooses `item` once the menu has stopped moving: the menu is
 * placed after it opens (floating positioning), and a click while it still moves can land beside
 * the item, which leaves the menu open with nothing chosen (seen in full e2e runs).
 */
export async function chooseMenuItem(trigger: Locator, item: Locator): Promise<void> {
  await trigger.click();
  let lastBox = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await item.boundingBox());
        const settled = box === lastBox && box !== 'null';
        lastBox = box;
        return settled;
      },
      { interval: 100 },
    )
    .toBe(true);
  await item.click();
}

/** A still screenshot: animations and the caret are frozen so images compare run to run. */
export async function takeScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const path = screenshotPath(name);
  await mkdir(dirname(path), { recursive: true });
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', fullPage: options.fullPage ?? false });
  return path;
}

export type Credentials = { email: string; password: string };

/** Signs `page` in through the sign-in form and waits for the dashboard. */
export async function signIn(page: Page, host: Pick<TestHost, 'url'>, credentials: Credentials): Promise<void> {
  await page.goto(`${host.url}/#/sign-in`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('dashboard').waitFor({ timeout: 15_000 });
}

/** The session the page's app holds, as a caller of the API (the signed-in user on their account). */
export async function sessionOf(page: Page): Promise<Actor> {
  const token = (await page.evaluate(() => window.localStorage.getItem('session.token'))) ?? '';
  const claims = decodeJwt(token);
  return { token, tuid: String(claims.tuid), loginTuid: String(claims.loginTuid) };
}

/**
 * Signs in and waits until the host has registered the page's socket (found by the tab's
 * clientId among the user's connections), so events published afterwards reach the page.
 */
export async function signInListening(page: Page, host: Pick<TestHost, 'url'>, credentials: Credentials): Promise<void> {
  const socketOpened = page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/ws'), timeout: 20_000 });
  await signIn(page, host, credentials);
  const clientId = new URL((await socketOpened).url()).searchParams.get('clientId');
  const { loginTuid } = await sessionOf(page);
  await expect
    .poll(async () => (await listConnections(loginTuid, new Date())).some((connection) => connection.clientId === clientId), { timeout: 10_000 })
    .toBe(true);
}

export type Viewport = { width: number; height: number };

export type SignedInBrowser = {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** What Chromium reported its Content-Security-Policy refused, from every page of the context. */
  cspViolations: string[];
  close(): Promise<void>;
};

/** Collects the console's CSP refusals ("Refused to load … because it violates … Content Security Policy"). */
export function collectCspViolations(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
  });
  return violations;
}

/** A fresh Chromium whose page has signed in (as the host's demo user unless told) and shows the dashboard. */
export async function openSignedInBrowser(host: Pick<TestHost, 'url' | 'demo'>, options: { viewport?: Viewport; credentials?: Credentials } = {}): Promise<SignedInBrowser> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1366, height: 900 } });
    const cspViolations = collectCspViolations(context);
    const page = await context.newPage();
    await signIn(page, host, options.credentials ?? host.demo);
    return {
      browser,
      context,
      page,
      cspViolations,
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

/** What an e2e file's tests drive: the file's own local host, and a page in a fresh Chromium. */
export type HostPage = { host: TestHost; browser: Browser; context: BrowserContext; page: Page; cspViolations: string[] };

/** A host page whose app is signed in as the host's demo user, with that session for seeding through the API. */
export type SignedInPage = HostPage & { demo: Actor };

/**
 * The e2e fixture: registers hooks that start one local host for the file and a Chromium page
 * signed in as the demo user before the file's tests, and stop both after them. Its fields are
 * filled in when the tests run (read them in hooks and tests, not while collecting).
 */
export function useSignedInPage(options: { viewport?: Viewport } = {}): SignedInPage {
  // Filled in by the hooks before any test reads it.
  const fixture = {} as SignedInPage;
  useHost(fixture, async () => {
    const opened = await openSignedInBrowser(fixture.host, options);
    Object.assign(fixture, { browser: opened.browser, context: opened.context, page: opened.page, cspViolations: opened.cspViolations, demo: await sessionOf(opened.page) });
  });
  return fixture;
}

function useHost(fixture: Partial<HostPage>, openPage: () => Promise<void>): void {
  beforeAll(async () => {
    fixture.host = await startTestHost();
    await openPage();
  });
  afterAll(async () => {
    await fixture.context?.close();
    await fixture.browser?.close();
    await fixture.host?.stop();
    // Whatever the file's tests did, the app's security headers refused nothing it needs.
    expect(fixture.cspViolations ?? []).toEqual([]);
  });
}
