import { describe, expect, it } from 'vitest';
import { accountRates, GUARD_LIMITS, guardPauseInEffect, guardVerdict, isGuardCheckpoint, rateStanding, rateWindowDays, type GuardPause, type OutcomeCounts } from '../../../shared/domain/deliverability-guard.js';

const counts = (overrides: Partial<OutcomeCounts>): OutcomeCounts => ({ delivered: 0, hardBounces: 0, softBounces: 0, failed: 0, complaints: 0, unsubscribes: 0, ...overrides });

describe('guardVerdict', () => {
  it('pauses an email run whose hard bounces pass 5% over at least 200 known outcomes', () => {
    // 11 of 200 is 5.5%.
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 189, hardBounces: 11 }), earlierPauses: [] })).toEqual({
      reason: 'bounces',
      rate: 0.055,
      limit: 0.05,
      count: 11,
      sample: 200,
    });
  });

  it('does not pause at exactly the limit', () => {
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 190, hardBounces: 10 }), earlierPauses: [] })).toBeNull();
  });

  it('does not pause below the minimum sample, however high the rate', () => {
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 150, hardBounces: 49 }), earlierPauses: [] })).toBeNull();
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 9, hardBounces: 1 }), earlierPauses: [] })).toBeNull();
  });

  it('counts soft bounces in the sample but not as hard bounces', () => {
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 150, hardBounces: 10, softBounces: 40 }), earlierPauses: [] })).toBeNull();
  });

  it('pauses on complaints above 0.1% of 2000 delivered, and not before', () => {
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 2000, complaints: 3 }), earlierPauses: [] })).toMatchObject({ reason: 'complaints', count: 3, sample: 2000, limit: 0.001 });
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 2000, complaints: 2 }), earlierPauses: [] })).toBeNull();
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 1999, complaints: 10 }), earlierPauses: [] })).toBeNull();
  });

  it('after the owner resumed, pauses for the same reason only past the suspend level, and never a third time', () => {
    const bouncing = counts({ delivered: 180, hardBounces: 20 });
    expect(guardVerdict({ channel: 'email', counters: bouncing, earlierPauses: ['bounces'] })).toBeNull();
    const worse = counts({ delivered: 170, hardBounces: 30 });
    expect(guardVerdict({ channel: 'email', counters: worse, earlierPauses: ['bounces'] })).toMatchObject({ reason: 'bounces', limit: GUARD_LIMITS.bounces.suspend });
    expect(guardVerdict({ channel: 'email', counters: worse, earlierPauses: ['bounces', 'bounces'] })).toBeNull();
  });

  it('judges SMS and MMS on opt-outs and failures, never on email rates', () => {
    expect(guardVerdict({ channel: 'sms', counters: counts({ delivered: 200, unsubscribes: 5 }), earlierPauses: [] })).toMatchObject({ reason: 'optOuts', rate: 0.025 });
    expect(guardVerdict({ channel: 'sms', counters: counts({ delivered: 200, unsubscribes: 4 }), earlierPauses: [] })).toBeNull();
    expect(guardVerdict({ channel: 'mms', counters: counts({ delivered: 180, hardBounces: 11, softBounces: 10 }), earlierPauses: [] })).toMatchObject({ reason: 'failures', count: 21, sample: 201 });
    // A carrier's failure is a failed message (not a bounce) in an SMS report: it counts the same.
    expect(guardVerdict({ channel: 'sms', counters: counts({ delivered: 180, failed: 21 }), earlierPauses: [] })).toMatchObject({ reason: 'failures', count: 21, sample: 201 });
    expect(guardVerdict({ channel: 'sms', counters: counts({ delivered: 180, hardBounces: 20 }), earlierPauses: [] })).toBeNull();
    expect(guardVerdict({ channel: 'email', counters: counts({ delivered: 200, unsubscribes: 50 }), earlierPauses: [] })).toBeNull();
  });
});

describe('account rates', () => {
  it('adds the days of one family and reports each rate with its limits', () => {
    const days = [
      { family: 'email' as const, day: '2026-11-01', ...counts({ delivered: 90, hardBounces: 4, softBounces: 6, complaints: 1 }) },
      { family: 'email' as const, day: '2026-11-02', ...counts({ delivered: 10 }) },
      { family: 'sms' as const, day: '2026-11-02', ...counts({ delivered: 50, unsubscribes: 1 }) },
    ];
    expect(accountRates('email', days)).toEqual([
      { reason: 'bounces', count: 4, sample: 110, rate: 4 / 110, review: 0.05, suspend: 0.1 },
      { reason: 'complaints', count: 1, sample: 100, rate: 0.01, review: 0.001, suspend: 0.005 },
    ]);
    expect(accountRates('sms', [])).toEqual([
      { reason: 'optOuts', count: 0, sample: 0, rate: 0, review: 0.02, suspend: 0.05 },
      { reason: 'failures', count: 0, sample: 0, rate: 0, review: 0.1, suspend: 0.2 },
    ]);
  });

  it('covers the 30 UTC days ending today', () => {
    const days = rateWindowDays(new Date('2026-03-01T23:59:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days[29]).toBe('2026-03-01');
  });
});

describe('rateStanding', () => {
  it('is healthy up to the review limit, under review above it, at risk above the suspend limit', () => {
    const limits = { review: 0.05, suspend: 0.1 };
    expect(rateStanding({ ...limits, rate: 0.05 })).toBe('healthy');
    expect(rateStanding({ ...limits, rate: 0.0501 })).toBe('review');
    expect(rateStanding({ ...limits, rate: 0.1 })).toBe('review');
    expect(rateStanding({ ...limits, rate: 0.11 })).toBe('suspend');
  });
});

describe('isGuardCheckpoint', () => {
  it('judges after every bounce, complaint and opt-out, after one delivery in ten, never after opens or clicks', () => {
    for (const kind of ['bounced', 'complained', 'unsubscribed']) expect(isGuardCheckpoint(kind, 7)).toBe(true);
    expect(isGuardCheckpoint('delivered', 30)).toBe(true);
    expect(isGuardCheckpoint('delivered', 31)).toBe(false);
    expect(isGuardCheckpoint('opened', 30)).toBe(false);
    expect(isGuardCheckpoint('clicked', 30)).toBe(false);
  });
});

describe('guardPauseInEffect', () => {
  const pause = (time: string): GuardPause => ({ reason: 'bounces', rate: 0.08, limit: 0.05, count: 16, sample: 200, time });

  it("is the run's latest pause while the campaign stays paused as the guard left it", () => {
    expect(guardPauseInEffect({ status: 'paused', lastModifiedTime: '2026-11-28T10:00:00.000Z', guardPauses: [pause('2026-11-28T10:05:00.000Z')] })).toEqual(pause('2026-11-28T10:05:00.000Z'));
  });

  it('is none once the owner resumed, or paused it again themselves, or the run never paused', () => {
    expect(guardPauseInEffect({ status: 'started', lastModifiedTime: '2026-11-28T10:06:00.000Z', guardPauses: [pause('2026-11-28T10:05:00.000Z')] })).toBeNull();
    expect(guardPauseInEffect({ status: 'paused', lastModifiedTime: '2026-11-28T10:09:00.000Z', guardPauses: [pause('2026-11-28T10:05:00.000Z')] })).toBeNull();
    expect(guardPauseInEffect({ status: 'paused', lastModifiedTime: '2026-11-28T10:00:00.000Z', guardPauses: [] })).toBeNull();
  });
});
