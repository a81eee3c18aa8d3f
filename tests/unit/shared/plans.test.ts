import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, CREDIT_FIELD_OF, planTerm, REFILL_TERM_MONTHS } from '../../../shared/domain/plans.js';
import { cardErrorCode, ERROR_CODES } from '../../../shared/errors.js';

describe('plan terms (billing §4 next payment date)', () => {
  it('adds calendar months, keeping the day or falling back to the month\'s last day', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T08:30:00Z'), 12).toISOString()).toBe('2027-12-15T08:30:00.000Z');
  });

  it('never moves backwards and lands within the target month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.integer({ min: 0, max: 36 }), (from, months) => {
        const to = addMonths(from, months);
        const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
        expect(monthIndex(to) - monthIndex(from)).toBe(months);
        expect(to.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(to.getUTCDate()).toBeLessThanOrEqual(from.getUTCDate());
      }),
    );
  });

  it('gives a monthly plan its cycle and a renewal date, pay as you go a year and none', () => {
    const paid = new Date('2026-12-02T06:00:00Z');
    expect(planTerm({ planType: 'monthly', paymentCycle: 'monthly' }, paid)).toEqual({ expiryTime: '2027-01-02T06:00:00.000Z', nextPaymentDate: '2027-01-02T06:00:00.000Z' });
    expect(planTerm({ planType: 'monthly', paymentCycle: 'quarterly' }, paid).nextPaymentDate).toBe('2027-03-02T06:00:00.000Z');
    expect(planTerm({ planType: 'monthly', paymentCycle: 'annually' }, paid).expiryTime).toBe('2027-12-02T06:00:00.000Z');
    expect(planTerm({ planType: 'refill', paymentCycle: 'oneoff' }, paid)).toEqual({ expiryTime: addMonths(paid, REFILL_TERM_MONTHS).toISOString(), nextPaymentDate: null });
  });

  it('maps each credit product to the account field it adds to, and services to none', () => {
    expect(CREDIT_FIELD_OF).toMatchObject({ email: 'email', sms: 'sms', attachment: 'attachmentMb', dynamicattachment: 'pdfPages', filestorage: 'storageMb', team: 'teamUsers', ip: null, dns: null });
  });
});

describe('card error codes (billing §8)', () => {
  it('shows a card_declined answer by its decline code when the client words it', () => {
    expect(cardErrorCode('card_declined', 'insufficient_funds')).toBe(ERROR_CODES.INSUFFICIENT_FUNDS);
    expect(cardErrorCode('card_declined', 'lost_card')).toBe(ERROR_CODES.LOST_CARD);
    expect(cardErrorCode('card_declined', 'do_not_honor')).toBe(ERROR_CODES.CARD_DECLINED);
    expect(cardErrorCode('card_declined', null)).toBe(ERROR_CODES.CARD_DECLINED);
  });

  it('passes known codes through and folds unknown ones into card_declined', () => {
    expect(cardErrorCode('expired_card', null)).toBe(ERROR_CODES.EXPIRED_CARD);
    expect(cardErrorCode('payment_intent_authentication_failure', null)).toBe(ERROR_CODES.PAYMENT_AUTHENTICATION_FAILED);
    expect(cardErrorCode('something_new', null)).toBe(ERROR_CODES.CARD_DECLINED);
  });
});
