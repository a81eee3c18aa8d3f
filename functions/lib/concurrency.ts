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
