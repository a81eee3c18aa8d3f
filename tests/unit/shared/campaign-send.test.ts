import { describe, expect, it } from 'vitest';
import {
  backOffMs,
  batchNotBefore,
  DELIVERY_BATCH_SIZE,
  deliveryBatchSize,
  estimatedEndTime,
  MAX_BATCH_SECONDS,
  messageNotBefore,
  pacedSendAt,
  SENDS_IN_FLIGHT,
  sendsInFlight,
} from '../../../shared/domain/campaign-send.js';

describe('campaign send rules', () => {
  it('gives batches consecutive slots at the rate and spaces messages inside them', () => {
    expect(batchNotBefore(1_000, 150, 200)).toBe(1_000 + 750);
    expect(batchNotBefore(1_000, 3, 0)).toBe(0);
    expect(messageNotBefore(2_000, 10, 200)).toBe(2_050);
    expect(estimatedEndTime(new Date(0), 1_000, 200).getTime()).toBe(5_000);
    expect(backOffMs(1, 1)).toBe(50);
    expect(backOffMs(20, 1)).toBe(2_000);
  });
});

describe('delivery batch size', () => {
  it('is the most a batch holds when the rate is unlimited or fast', () => {
    expect(deliveryBatchSize(0)).toBe(DELIVERY_BATCH_SIZE);
    expect(deliveryBatchSize(200)).toBe(DELIVERY_BATCH_SIZE);
    expect(deliveryBatchSize(0, 50)).toBe(50);
    expect(deliveryBatchSize(200, 50)).toBe(50);
  });

  it('keeps a slow rate’s batch inside MAX_BATCH_SECONDS, so a live batch is never taken for a dead one', () => {
    expect(deliveryBatchSize(1)).toBe(MAX_BATCH_SECONDS);
    expect(deliveryBatchSize(2.5)).toBe(75);
    // Its last message goes (size − 1) ÷ rate seconds after its first.
    for (const rate of [0.01, 0.5, 1, 3, 14]) expect((deliveryBatchSize(rate) - 1) / rate).toBeLessThan(MAX_BATCH_SECONDS);
    expect(deliveryBatchSize(0.01)).toBe(1);
  });
});

describe('sends in flight inside a batch', () => {
  it('are SENDS_IN_FLIGHT unless the rate needs more to absorb a quarter second of transport latency', () => {
    expect(sendsInFlight(0)).toBe(SENDS_IN_FLIGHT);
    expect(sendsInFlight(2)).toBe(SENDS_IN_FLIGHT);
    expect(sendsInFlight(200)).toBe(50);
    expect(sendsInFlight(1_001)).toBe(251);
  });
});

describe('a paced batch', () => {
  /** When each of `count` messages goes when the batch begins sending at `begin`, each as soon as pacedSendAt lets it. */
  const sendTimes = (options: { batchStart: number; begin: number; count: number; rate: number }) => {
    const times: number[] = [];
    let previousAt: number | null = null;
    for (let index = 0; index < options.count; index += 1) {
      previousAt = pacedSendAt({ batchStart: options.batchStart, index, rate: options.rate, previousAt, now: options.begin });
      times.push(previousAt);
    }
    return times;
  };
  const mostInOneSecond = (times: number[]) => Math.max(...times.map((start) => times.filter((time) => time >= start && time < start + 1_000).length));

  it('that begins on time keeps its slots', () => {
    expect(sendTimes({ batchStart: 1_000, begin: 1_000, count: 4, rate: 200 })).toEqual([1_000, 1_005, 1_010, 1_015]);
  });

  it('that begins late keeps to the rate instead of sending what is overdue at once', () => {
    // Its store work took 300 ms past the slot: 60 messages were overdue.
    const times = sendTimes({ batchStart: 0, begin: 300, count: 400, rate: 200 });
    expect(times[0]).toBe(300);
    expect(mostInOneSecond(times)).toBeLessThanOrEqual(200);
  });

  it('unlimited sends at once', () => {
    expect(pacedSendAt({ batchStart: 0, index: 50, rate: 0, previousAt: 7, now: 9 })).toBe(9);
  });
});
