/**
 * The order toasts get on screen (spec §2.5: at most TOAST_MAX at once). Waiting toasts show in
 * the order they came. A toast that stays until closed keeps its slot only while nothing waits:
 * once every slot is held by such toasts and another is waiting, the oldest gives way after it
 * has been shown for the usual toast time, so a newer toast waits its turn instead of forever.
 */
export type ToastSlotsOptions<T> = {
  max: number;
  /** How long a sticky toast is shown at least before it may give way. */
  minShownMs: number;
  isSticky(item: T): boolean;
  /** Puts the toast on screen under `id`; the caller reports `released(id)` once it is gone. */
  display(item: T, id: string): void;
  dismiss(id: string): void;
  now?(): number;
};

export type ToastSlots<T> = { show(item: T): void; released(id: string): void };

export function createToastSlots<T>(options: ToastSlotsOptions<T>): ToastSlots<T> {
  const now = options.now ?? Date.now;
  const shown = new Map<string, { sticky: boolean; shownAt: number }>();
  const waiting: T[] = [];
  let nextId = 1;
  let yieldTimer: ReturnType<typeof setTimeout> | null = null;

  const displayNow = (item: T) => {
    const id = `toast-${nextId++}`;
    shown.set(id, { sticky: options.isSticky(item), shownAt: now() });
    options.display(item, id);
  };

  const scheduleYield = () => {
    if (yieldTimer !== null) clearTimeout(yieldTimer);
    yieldTimer = null;
    const entries = [...shown.entries()];
    // A timed toast frees its slot by itself; only a screen full of sticky toasts blocks the queue.
    if (waiting.length === 0 || entries.length < options.max || entries.some(([, slot]) => !slot.sticky)) return;
    const [oldestId, oldest] = entries.reduce((first, entry) => (entry[1].shownAt < first[1].shownAt ? entry : first));
    yieldTimer = setTimeout(
      () => {
        yieldTimer = null;
        options.dismiss(oldestId);
      },
      Math.max(0, oldest.shownAt + options.minShownMs - now()),
    );
  };

  return {
    show(item) {
      if (shown.size < options.max) displayNow(item);
      else waiting.push(item);
      scheduleYield();
    },
    released(id) {
      if (!shown.delete(id)) return;
      const next = waiting.shift();
      if (next !== undefined) displayNow(next);
      scheduleYield();
    },
  };
}
