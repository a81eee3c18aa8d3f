/** The webhook retry schedule (shared/domain/webhooks.ts). */
import { describe, expect, it } from 'vitest';
import { nextWebhookAttemptAt, WEBHOOK_RETRY_WINDOW_MS, webhookRetryDelayMs } from '../../../shared/domain/webhooks.js';

describe('webhook retries', () => {
  it('tries again after 1 s, then waits longer each time up to an hour, and keeps to hourly', () => {
    // Act
    const waits = Array.from({ length: 10 }, (_, index) => webhookRetryDelayMs(index + 1));

    // Assess
    expect(waits[0]).toBe(1_000);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    expect(waits.slice(6)).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it('gives up once the next attempt would fall outside the 24 hours after the event', () => {
    // Prepare
    const eventAt = new Date('2026-12-01T00:00:00Z');
    const late = new Date(eventAt.getTime() + WEBHOOK_RETRY_WINDOW_MS - 30 * 60_000);

    // Act
    const early = nextWebhookAttemptAt({ eventAt, failedAttempt: 1, now: eventAt });
    const tooLate = nextWebhookAttemptAt({ eventAt, failedAttempt: 20, now: late });

    // Assess
    expect(early?.getTime()).toBe(eventAt.getTime() + 1_000);
    expect(tooLate).toBeNull();
  });
});
