/**
 * Rules of the campaign send pipeline (docs/data-model.md "Send pipeline"): batch size, the send
 * rate's time slots, back-off and the end-time estimate. Pure: callers pass the clock.
 */

/** Recipients per delivery batch: one claim transaction (≤ 100 items) and one queue message each. */
export const DELIVERY_BATCH_SIZE = 50;

/** Batches the planner puts on the queue per checkpoint (10 SendMessageBatch calls). */
export const BATCHES_PER_CHECKPOINT = 100;

/** With no configured rate, what an end-time estimate assumes (messages per second). */
export const UNLIMITED_RATE_ESTIMATE = 500;

/** Sends in flight at once inside one batch when no rate is configured. */
export const SENDS_IN_FLIGHT = 10;

/**
 * When batch `seq` may start: batches take consecutive slots of `batchSize / rate` seconds from
 * the run's start, so all workers together keep to `rate` without talking to each other. 0 means
 * unlimited: every batch may start at once.
 */
export function batchNotBefore(planStart: number, seq: number, rate: number, batchSize = DELIVERY_BATCH_SIZE): number {
  return rate > 0 ? planStart + Math.round((seq * batchSize * 1000) / rate) : 0;
}

/** The first slot is this far after planning: workers reach the first batches in time and the rate holds from the first message. */
export const FIRST_SLOT_LEAD_MS = 1_000;

/** When the `index`-th message of a batch may go, inside the batch's slot. */
export function messageNotBefore(batchStart: number, index: number, rate: number): number {
  return rate > 0 ? batchStart + (index * 1000) / rate : 0;
}

/** When a run of `recipients` should end at `rate` (or the unlimited estimate). */
export function estimatedEndTime(start: Date, recipients: number, rate: number): Date {
  return new Date(start.getTime() + Math.ceil((recipients / (rate > 0 ? rate : UNLIMITED_RATE_ESTIMATE)) * 1000));
}

/** Attempts at one message while the transport throttles, and the pause before attempt n (from 1). */
export const THROTTLE_ATTEMPTS = 6;
export function backOffMs(attempt: number, random: number): number {
  // Full jitter over an exponential ceiling: 50, 100, 200, ... ms, at most 2 s.
  return Math.min(2_000, 50 * 2 ** (attempt - 1)) * (0.5 + random / 2);
}

/** Progress reports (socket and menu) of one run: at most one per this many milliseconds. */
export const PROGRESS_EVERY_MS = 5_000;

/** How far ahead a delivery worker waits for its batch's slot; further ahead, the batch is put back with a delay. */
export const MAX_SLOT_WAIT_MS = 60_000;

/** SQS's longest message delay. */
export const MAX_QUEUE_DELAY_S = 900;
