/** At most two toasts on screen (spec §2.5), in arrival order, and sticky ones never block the queue for good. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastSlots } from '../../../../web/src/components/toast-slots.js';

type Item = { name: string; sticky?: boolean };

function setUp() {
  const onScreen = new Map<string, string>();
  const dismissed: string[] = [];
  const slots = createToastSlots<Item>({
    max: 2,
    minShownMs: 5000,
    isSticky: (item) => item.sticky === true,
    display: (item, id) => onScreen.set(id, item.name),
    dismiss: (id) => dismissed.push(id),
  });
  const idOf = (name: string) => [...onScreen].find(([, shown]) => shown === name)?.[0] ?? '';
  const release = (name: string) => {
    const id = idOf(name);
    onScreen.delete(id);
    slots.released(id);
  };
  return { slots, onScreen, dismissed, idOf, release, names: () => [...onScreen.values()] };
}

describe('createToastSlots', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows two at a time and the rest in the order they came', () => {
    // Prepare
    const { slots, release, names } = setUp();

    // Act
    for (const name of ['a', 'b', 'c', 'd']) slots.show({ name });

    // Assess
    expect(names()).toEqual(['a', 'b']);
    release('a');
    expect(names()).toEqual(['b', 'c']);
    release('b');
    expect(names()).toEqual(['c', 'd']);
  });

  it('keeps sticky toasts open while nothing waits', () => {
    const { slots, dismissed } = setUp();
    slots.show({ name: 'error-1', sticky: true });
    slots.show({ name: 'error-2', sticky: true });
    vi.advanceTimersByTime(60_000);
    expect(dismissed).toEqual([]);
  });

  it('lets the oldest sticky toast give way to a waiting one after it has been shown 5 s', () => {
    // Prepare
    const { slots, dismissed, idOf, release, names } = setUp();
    slots.show({ name: 'error-1', sticky: true });
    vi.advanceTimersByTime(1000);
    slots.show({ name: 'error-2', sticky: true });

    // Act
    vi.advanceTimersByTime(1000);
    slots.show({ name: 'info' });

    // Assess: error-1 yields 5 s after it appeared, not before.
    vi.advanceTimersByTime(2999);
    expect(dismissed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(dismissed).toEqual([idOf('error-1')]);
    release('error-1');
    expect(names()).toEqual(['error-2', 'info']);
  });

  it('does not dismiss a sticky toast while a timed one will free a slot by itself', () => {
    const { slots, dismissed } = setUp();
    slots.show({ name: 'error', sticky: true });
    slots.show({ name: 'timed' });
    slots.show({ name: 'waiting' });
    vi.advanceTimersByTime(60_000);
    expect(dismissed).toEqual([]);
  });

  it('ignores a release it does not know (a toast shown before, or twice)', () => {
    const { slots, release, names } = setUp();
    slots.show({ name: 'a' });
    slots.released('unknown');
    release('a');
    release('a');
    expect(names()).toEqual([]);
  });
});
