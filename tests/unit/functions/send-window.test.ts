/**
 * The send window of a delivery attempt: no message goes before a record names it in flight, no
 * more than the limit are, and writes are grouped, not one per message.
 */
import { describe, expect, it } from 'vitest';
import { createSendWindow, type WindowRecord } from '../../../functions/services/campaigns/campaign-send/send-window.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the send window', () => {
  it('sends only what the last record holds in flight, at most the limit, in grouped writes', async () => {
    const limit = 10;
    const ids = Array.from({ length: 100 }, (_, n) => n + 1);
    const records: WindowRecord[] = [];
    let durable: WindowRecord = { doneIds: [], sentIds: [], inFlightIds: [], doubtIds: [], counted: null };
    const unrecorded = new Set<number>();
    let worst = 0;
    const window = createSendWindow({
      limit,
      order: ids,
      recorded: { doneIds: [], sentIds: [], inFlightIds: [], doubtIds: [] },
      now: Date.now,
      write: async (record) => {
        await tick(2);
        records.push(record);
        durable = record;
        for (const id of [...record.sentIds, ...record.doneIds]) unrecorded.delete(id);
        return true;
      },
    });
    await Promise.all(
      ids.map(async (id) => {
        expect(await window.admitted(id)).toBe(true);
        // A crash now would leave every unrecorded send in doubt: each must be in the record's window.
        expect(durable.inFlightIds).toContain(id);
        unrecorded.add(id);
        worst = Math.max(worst, unrecorded.size);
        for (const sent of unrecorded) expect([...durable.inFlightIds, ...durable.sentIds, ...durable.doneIds]).toContain(sent);
        await tick(1 + (id % 3));
        window.accepted(id);
      }),
    );
    const settled = await window.settle();
    expect(records.every((record) => record.inFlightIds.length <= limit)).toBe(true);
    expect(worst).toBeLessThanOrEqual(limit);
    expect(records.length).toBeLessThanOrEqual(ids.length / 3);
    expect([...settled.doneIds, ...settled.sentIds].sort((a, b) => a - b)).toEqual(ids);
  });

  it('lets nobody more go once the lease is lost', async () => {
    let writes = 0;
    const window = createSendWindow({
      limit: 2,
      order: [1, 2, 3, 4],
      recorded: { doneIds: [], sentIds: [], inFlightIds: [1, 2], doubtIds: [] },
      now: Date.now,
      write: async () => {
        writes += 1;
        return false;
      },
    });
    const admitted = await Promise.all([1, 2].map((id) => window.admitted(id)));
    expect(admitted).toEqual([true, true]);
    const later = [window.admitted(3), window.admitted(4)];
    window.accepted(1);
    window.accepted(2);
    expect(await Promise.all(later)).toEqual([false, false]);
    expect((await window.settle()).leaseLost).toBe(true);
    expect(writes).toBe(1);
  });
});
