/**
 * Runs async work with at most `limit` calls in flight: fan-outs (a broadcast to every socket)
 * stay fast without opening thousands of requests at once.
 */
export function createLimiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  // A finished call hands its slot straight to the next waiter, so the limit is never exceeded.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async (work) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/**
 * Yields the values of several async sources as each produces them, every source running
 * concurrently with one value fetched ahead: parallel queries over partitions, consumed as one stream.
 */
export async function* interleave<T>(sources: ReadonlyArray<AsyncIterable<T>>): AsyncGenerator<T> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  const pending = new Map<number, Promise<{ index: number; result: IteratorResult<T> }>>();
  const fetchNext = (index: number) => iterators[index]!.next().then((result) => ({ index, result }));
  iterators.forEach((_, index) => pending.set(index, fetchNext(index)));
  try {
    while (pending.size > 0) {
      const { index, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(index);
        continue;
      }
      pending.set(index, fetchNext(index));
      yield result.value;
    }
  } finally {
    // A consumer that stops early (a page is full) ends every source's query loop.
    await Promise.allSettled(iterators.map((iterator) => iterator.return?.()));
  }
}

/**
 * Group commit: callers hand in one item each and wait; while a flush runs, what arrives meanwhile
 * is gathered and flushed together next. Under concurrency the flushes grow (fewer, larger writes);
 * alone, an item is flushed at once. Every caller's promise settles with its own group's flush.
 *
 * `lingerMs` makes a group wait that long for company before it is flushed, and `fullAt` flushes it
 * as soon as it holds that many (a group never holds more): for flushes whose fixed cost is large
 * against the items' (one queue call per group), when the callers need not wait.
 */
export function createGroupCommit<T>(flush: (items: T[]) => Promise<void>, { lingerMs = 0, fullAt = Infinity }: { lingerMs?: number; fullAt?: number } = {}): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  let flushing = false;
  let filled: (() => void) | null = null;
  const linger = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        filled = null;
        resolve();
      };
      const timer = setTimeout(done, lingerMs);
      filled = done;
    });
  const run = async (): Promise<void> => {
    flushing = true;
    while (waiting.length > 0) {
      if (lingerMs > 0 && waiting.length < fullAt) await linger();
      const group = waiting.slice(0, fullAt);
      waiting = waiting.slice(group.length);
      try {
        await flush(group.map((entry) => entry.item));
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length >= fullAt) filled?.();
      if (!flushing) void run();
    });
}
