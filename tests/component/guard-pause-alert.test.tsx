/**
 * The report's alert when the deliverability guard paused a campaign: the rate in words, its
 * figures and the limit, as percentages of the reader's language.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuardPauseAlert } from '../../web/src/components/campaign-report/guard-pause-alert.js';
import { installFakeApi } from './fake-api.js';
import { renderPage, serveUserInfo, signIn } from './render-page.js';

describe('guard pause alert', () => {
  it('says which rate paused the campaign, on how many messages, against which limit', async () => {
    // Prepare
    signIn();
    serveUserInfo(installFakeApi());
    const pause = { reason: 'bounces' as const, rate: 16 / 212, limit: 0.05, count: 16, sample: 212, time: '2026-11-28T10:05:00.000Z' };

    // Act
    renderPage(<GuardPauseAlert pause={pause} />, { url: '/report', routePath: '/report' });

    // Assess
    const alert = await screen.findByTestId('report-guard-pause');
    expect(alert.dataset.reason).toBe('bounces');
    expect(alert.textContent).toContain('Paused by the deliverability guard');
    expect(alert.textContent).toContain('The share of hard bounces reached 7.55% (16 of 212 messages), above the 5% limit');
  });
});
