import { describe, expect, it } from 'vitest';
import { backOffMs, batchNotBefore, DELIVERY_BATCH_SIZE, deliveryBatchSize, estimatedEndTime, MAX_BATCH_SECONDS, messageNotBefore, SENDS_IN_FLIGHT, sendsInFlight } from '../../../shared/domain/campaign-send.js';

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
