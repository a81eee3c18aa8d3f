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
});
