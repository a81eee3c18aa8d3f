import { describe, expect, it } from 'vitest';
import {
  lastSentFromRetryAfter,
  parseLastSendTime,
  resendSecondsLeft,
} from '../../../../web/src/verification/resend-cooldown.js';

const NOW = 1_750_000_000_000;

describe('resendSecondsLeft', () => {
  it('counts the 60 s cooldown down from the last send', () => {
    expect(resendSecondsLeft(null, NOW)).toBe(0);
    expect(resendSecondsLeft(NOW, NOW)).toBe(60);
    expect(resendSecondsLeft(NOW - 15_500, NOW)).toBe(45);
    expect(resendSecondsLeft(NOW - 59_001, NOW)).toBe(1);
    expect(resendSecondsLeft(NOW - 60_000, NOW)).toBe(0);
    expect(resendSecondsLeft(NOW - 3_600_000, NOW)).toBe(0);
  });

  it('never shows more than the cooldown when the client clock is behind the server', () => {
    expect(resendSecondsLeft(NOW + 30_000, NOW)).toBe(60);
  });
});

describe('parseLastSendTime', () => {
  it('reads ISO times and rejects absent or broken ones', () => {
    expect(parseLastSendTime(new Date(NOW).toISOString())).toBe(NOW);
    expect(parseLastSendTime(null)).toBeNull();
    expect(parseLastSendTime(undefined)).toBeNull();
    expect(parseLastSendTime('yesterday')).toBeNull();
  });
});

describe('lastSentFromRetryAfter', () => {
  it('turns a refused resend back into the send time that leaves retryAfter seconds', () => {
    // Act
    const lastSent = lastSentFromRetryAfter(42, NOW);
    // Assess
    expect(resendSecondsLeft(lastSent, NOW)).toBe(42);
  });

  it('assumes the whole cooldown without a usable retryAfter, and caps longer waits', () => {
    expect(resendSecondsLeft(lastSentFromRetryAfter(undefined, NOW), NOW)).toBe(60);
    expect(resendSecondsLeft(lastSentFromRetryAfter(0, NOW), NOW)).toBe(60);
    expect(resendSecondsLeft(lastSentFromRetryAfter(600, NOW), NOW)).toBe(60);
  });
});
