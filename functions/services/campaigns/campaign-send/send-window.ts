/**
 * The in-flight window of one delivery attempt. A message goes only once its recipient is recorded
 * in the batch item as in flight, and its place in the window is free again only once its outcome
 * is recorded; so after a crash at any moment the recipients whose message may have gone without a
 * record are at most the window's size (the batch's sendsInFlight), and they are known by name.
 *
 * Records are grouped: one write covers every message that finished since the last one. A write
 * goes at once when half the window is waiting on it or nothing else can move, else at most
 * RECORD_EVERY_MS after a change; every COUNT_EVERY_MS one of them also counts what was sent.
 */
import { COUNT_EVERY_MS, RECORD_EVERY_MS } from '../../../../shared/domain/campaign-send.js';
import type { SendRecord } from '../../../data/campaign-runs.js';

/** One grouped record: what the batch item holds after it; `counted` says which sends it also counts. */
export type WindowRecord = SendRecord & { doneIds: number[]; counted: { sentIds: number[]; possiblySentTwice: number } | null };

export type SendWindowOptions = {
  /** Most messages allowed to go without a recorded outcome. */
  limit: number;
  /** The recipients this attempt sends to, in the order they may go. */
  order: readonly number[];
  /** What the batch item held when the attempt took it; its `inFlightIds` (recorded with the lease) may go at once. */
  recorded: SendRecord & { doneIds: readonly number[] };
  /** Writes a record under the attempt's lease; false when the lease was lost. */
  write(record: WindowRecord): Promise<boolean>;
  now: () => number;
};

export type SendWindow = {
  /** Resolves true once the recipient may be sent to, false when the attempt stopped admitting. */
  admitted(id: number): Promise<boolean>;
  /** The transport accepted the recipient's message. */
  accepted(id: number): void;
  /** The recipient is finished without a send (refused, unreachable, left for a retry). */
  finished(id: number): void;
  /** Admits nobody more: whoever still waits is answered false. */
  stop(): void;
  /** After the last message: waits for a write in progress; answers the record the batch's end builds on. */
  settle(): Promise<{ leaseLost: boolean; doneIds: number[]; sentIds: number[]; doubtIds: number[] }>;
};

export function createSendWindow(options: SendWindowOptions): SendWindow {
  const { limit, write, now } = options;
  const inFlight = new Set(options.recorded.inFlightIds.filter((id) => options.order.includes(id)).slice(0, limit));
  const waiting = options.order.filter((id) => !inFlight.has(id));
  const waiters = new Map<number, (admitted: boolean) => void>();
  // Finished since the last write, in the window still; of them, the ones the transport accepted.
  const leaving = new Set<number>();
  const acceptedSinceWrite: number[] = [];
  let doneIds = [...options.recorded.doneIds];
  let sentIds = [...options.recorded.sentIds];
  let doubt = new Set(options.recorded.doubtIds);
  let lastCount = now();
  let writing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let leaseLost = false;
  let failure: unknown = null;

  const stop = () => {
    stopped = true;
    for (const answer of waiters.values()) answer(false);
    waiters.clear();
  };

  const busy = () => inFlight.size - leaving.size;
  const canAdmit = () => !stopped && waiting.length > 0 && busy() < limit;

  async function writeRecord(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const finishing = [...leaving];
    const accepted = acceptedSinceWrite.slice();
    const admitting = stopped ? [] : waiting.slice(0, Math.max(0, limit - busy()));
    const nextSent = [...sentIds, ...accepted];
    const counting = nextSent.length > 0 && now() - lastCount >= COUNT_EVERY_MS;
    const staying = [...inFlight].filter((id) => !leaving.has(id));
    const record: WindowRecord = counting
      ? {
          doneIds: [...doneIds, ...nextSent],
          sentIds: [],
          inFlightIds: [...staying, ...admitting],
          doubtIds: [...doubt].filter((id) => !nextSent.includes(id)),
          counted: { sentIds: nextSent, possiblySentTwice: nextSent.filter((id) => doubt.has(id)).length },
        }
      : { doneIds, sentIds: nextSent, inFlightIds: [...staying, ...admitting], doubtIds: [...doubt], counted: null };
    if (!(await write(record))) {
      leaseLost = true;
      return stop();
    }
    acceptedSinceWrite.splice(0, accepted.length);
    for (const id of finishing) {
      leaving.delete(id);
      inFlight.delete(id);
    }
    doneIds = record.doneIds;
    sentIds = record.sentIds;
    doubt = new Set(record.doubtIds);
    if (counting) lastCount = now();
    waiting.splice(0, admitting.length);
    for (const id of admitting) {
      inFlight.add(id);
      waiters.get(id)?.(true);
      waiters.delete(id);
    }
  }

  function startWrite(): void {
    writing = writeRecord()
      .catch((error: unknown) => {
        failure = error;
        stop();
      })
      .finally(() => {
        writing = null;
        schedule();
      });
  }

  function schedule(): void {
    if (writing || failure || leaseLost) return;
    // Nothing else can move, or half the window waits on the record: write now.
    if (canAdmit() && (busy() === 0 || leaving.size >= Math.ceil(limit / 2))) return startWrite();
    const uncounted = sentIds.length > 0;
    if (!timer && (leaving.size > 0 || canAdmit() || uncounted)) {
      // With nothing else to record, sends already recorded are still counted when their second is up.
      const delay = leaving.size > 0 || canAdmit() ? RECORD_EVERY_MS : Math.max(0, COUNT_EVERY_MS - (now() - lastCount));
      timer = setTimeout(() => {
        timer = null;
        if (!writing && !leaseLost && !failure) startWrite();
      }, delay);
    }
  }

  return {
    admitted(id) {
      if (inFlight.has(id) && !leaving.has(id)) return Promise.resolve(true);
      if (stopped) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        waiters.set(id, resolve);
        schedule();
      });
    },
    accepted(id) {
      acceptedSinceWrite.push(id);
      leaving.add(id);
      schedule();
    },
    finished(id) {
      leaving.add(id);
      schedule();
    },
    stop,
    async settle() {
      if (timer) clearTimeout(timer);
      timer = null;
      while (writing) await writing;
      if (timer) clearTimeout(timer);
      timer = null;
      if (failure) throw failure;
      return { leaseLost, doneIds, sentIds: [...sentIds, ...acceptedSinceWrite], doubtIds: [...doubt] };
    },
  };
}
