/**
 * Rules of the campaign send pipeline (docs/data-model.md "Send pipeline"): batch size, the send
 * rate's time slots, back-off and the end-time estimate. Pure: callers pass the clock.
 */

/**
 * Most recipients in one delivery batch (one queue message, one lease, one outcome transaction):
 * the batch's fixed store and queue calls are shared by this many messages. CAMPAIGN_BATCH_SIZE
 * may set fewer.
 */
export const DELIVERY_BATCH_SIZE = 200;

/**
 * How long one batch's rate slot may last: well inside the delivery queue's 120 s visibility
 * timeout, so a slow rate never has a live batch taken over as if its worker had died, and a pause
 * or a stop still takes effect within seconds.
 */
export const MAX_BATCH_SECONDS = 30;

/** A run's batch size at `rate` messages/s (0: unlimited): up to `largest`, as many as fit in MAX_BATCH_SECONDS. */
export function deliveryBatchSize(rate: number, largest = DELIVERY_BATCH_SIZE): number {
  return rate > 0 ? Math.max(1, Math.min(largest, Math.floor(rate * MAX_BATCH_SECONDS))) : largest;
}

/** Batches the planner puts on the queue per checkpoint (10 SendMessageBatch calls). */
export const BATCHES_PER_CHECKPOINT = 100;

/** With no configured rate, what an end-time estimate assumes (messages per second). */
export const UNLIMITED_RATE_ESTIMATE = 500;

/** Sends in flight at once inside one batch when no rate is configured, and at least that many at a rate. */
export const SENDS_IN_FLIGHT = 10;

/** The transport latency a paced batch absorbs without falling behind its rate (SES and End User Messaging answer in tens of ms). */
export const PACED_LATENCY_ALLOWANCE_S = 0.25;

/**
 * Sends one batch keeps in flight at `rate` messages/s (0: unlimited). Each message still waits for
 * its slot; overlapping them means a send's latency delays only that message, never the rate.
 */
export function sendsInFlight(rate: number): number {
  return Math.max(SENDS_IN_FLIGHT, Math.ceil(rate * PACED_LATENCY_ALLOWANCE_S));
}

/**
 * When a batch may start whose first recipient has `recipientsBefore` others ahead of it in the
 * run: batches take consecutive slots of (their size ÷ rate) seconds from the run's start, so all
 * workers together keep to `rate` without talking to each other. 0 means unlimited: every batch
 * may start at once.
 */
export function batchNotBefore(start: number, recipientsBefore: number, rate: number): number {
  return rate > 0 ? start + Math.round((recipientsBefore * 1000) / rate) : 0;
}

/** The first slot is this far after planning: workers reach the first batches in time and the rate holds from the first message. */
export const FIRST_SLOT_LEAD_MS = 1_000;

/** When the `index`-th message of a batch may go, inside the batch's slot. */
export function messageNotBefore(batchStart: number, index: number, rate: number): number {
  return rate > 0 ? batchStart + (index * 1000) / rate : 0;
}

/**
 * When the `index`-th message of a batch goes, at `now` or later: at its slot, and never sooner than
 * one interval (1 ÷ rate) after the batch's message before it went (`previousAt`, null for the
 * first). A batch that fell behind its slots (a slow store write, a busy process) stays behind
 * rather than sending what is overdue at once: a catch-up was a burst above the rate, which is
 * what the provider counts and throttles. Unlimited (rate 0): at once.
 */
export function pacedSendAt({ batchStart, index, rate, previousAt, now }: { batchStart: number; index: number; rate: number; previousAt: number | null; now: number }): number {
  if (rate <= 0) return now;
  return Math.max(now, messageNotBefore(batchStart, index, rate), previousAt === null ? now : previousAt + 1000 / rate);
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

/**
 * A delivery attempt records what it sent in grouped writes to its batch item: at most this long
 * after a message finished (sooner when half its window waits on the record).
 */
export const RECORD_EVERY_MS = 200;

/** How often an attempt's recorded sends are also added to the run's totals and the campaign's counters (one transaction). */
export const COUNT_EVERY_MS = 1_000;

/** Progress reports (socket and menu) of one run: at most one per this many milliseconds. */
export const PROGRESS_EVERY_MS = 5_000;

/** How far ahead a delivery worker waits for its batch's slot; further ahead, the batch is put back with a delay. */
export const MAX_SLOT_WAIT_MS = 60_000;

/** SQS's longest message delay. */
export const MAX_QUEUE_DELAY_S = 900;
