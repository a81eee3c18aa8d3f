import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../../functions/lib/concurrency.js';

describe('createGroupCommit', () => {
  it('flushes the first item at once and what arrives meanwhile together', async () => {
    // Prepare
    const flushes: number[][] = [];
    const commit = createGroupCommit<number>(async (items) => {
      flushes.push(items);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });

    // Act
    await Promise.all([1, 2, 3, 4].map((item) => commit(item)));

    // Assess
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the callers of the group whose flush failed', async () => {
    // Prepare
    const commit = createGroupCommit<number>(async (items) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (items.includes(1)) throw new Error('disk full');
    });

    // Act
    const outcomes = await Promise.allSettled([commit(1), commit(2)]);

    // Assess
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled']);
  });

  it('with a linger, gathers groups of at most fullAt, flushing a full one at once and a lone item after the linger', async () => {
    // Prepare
    const flushes: Array<{ items: number[]; at: number }> = [];
    const started = performance.now();
    const commit = createGroupCommit<number>(
      async (items) => {
        flushes.push({ items, at: performance.now() - started });
      },
      { lingerMs: 200, fullAt: 3 },
    );

    // Act
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => commit(item)));

    // Assess
    expect(flushes.map((flush) => flush.items)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(flushes[1]!.at).toBeLessThan(100);
    expect(flushes[2]!.at).toBeGreaterThanOrEqual(190);
  });
});
