import { describe, expect, it } from 'vitest';
import { interpolate, NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, noticeValues, toastStaysOpen } from '../../../shared/domain/notifications.js';

describe('notification rules (spec §3, §4)', () => {
  it('names the reader "You" and everyone else by name', () => {
    const values = noticeValues({ startedBy: { id: 'u1', fullname: 'Ada' }, approver: { id: 'u2', fullname: 'Lin' }, numberOfRecords: 3 }, 'u2', 'You');
    expect(values).toEqual({ startedBy: 'Ada', approver: 'You', numberOfRecords: 3 });
    expect(interpolate('{{approver}} approved {{startedBy}}’s campaign ({{numberOfRecords}})', values)).toBe('You approved Ada’s campaign (3)');
  });

  it('keeps error toasts open, except transfers', () => {
    expect(toastStaysOpen({ type: 'paymentError', severity: 3 })).toBe(true);
    expect(toastStaysOpen({ type: 'teamResourceAllocation', severity: 3 })).toBe(false);
    expect(toastStaysOpen({ type: 'import', severity: 2 })).toBe(false);
  });

  it('gives every kind of spec §3 at least one message', () => {
    for (const type of NOTIFICATION_TYPES) expect(NOTIFICATION_MESSAGES[type].length).toBeGreaterThan(0);
  });
});
