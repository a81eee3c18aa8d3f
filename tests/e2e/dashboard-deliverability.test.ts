/**
 * The dashboard's deliverability card in a real Chromium: the demo account's four 30-day rates,
 * each with the limit at which the guard pauses a campaign.
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
});
