/** Reconnect timing of the socket client: exponential back-off with jitter, 1 s doubling to a 30 s cap. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_CAP_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry after a drop). "Equal
 * jitter": half of the exponential step is fixed and half random, so tabs dropped by the same
 * gateway restart spread out instead of reconnecting in one burst, yet never retry instantly.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}
