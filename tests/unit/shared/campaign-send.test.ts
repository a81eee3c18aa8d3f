import { describe, expect, it } from 'vitest';
import { backOffMs, batchNotBefore, estimatedEndTime, messageNotBefore } from '../../../shared/domain/campaign-send.js';

describe('campaign send rules', () => {
  it('gives batches consecutive slots at the rate and spaces messages inside them', () => {
    expect(batchNotBefore(1_000, 3, 200, 50)).toBe(1_000 + 750);
    expect(batchNotBefore(1_000, 3, 0)).toBe(0);
    expect(messageNotBefore(2_000, 10, 200)).toBe(2_050);
    expect(estimatedEndTime(new Date(0), 1_000, 200).getTime()).toBe(5_000);
    expect(backOffMs(1, 1)).toBe(50);
    expect(backOffMs(20, 1)).toBe(2_000);
  });
});
