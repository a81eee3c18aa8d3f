import { describe, expect, it } from 'vitest';
import { countriesOfCallingCode, normalizeCallingCode } from '../../../shared/domain/calling-codes.js';
import {
  awaitsReview,
  canApprove,
  canForceReverify,
  canReject,
  isSenderIdUsable,
  senderIdKey,
  senderIdKind,
  senderIdProblem,
  senderIdState,
  type SenderIdStatus,
} from '../../../shared/domain/sender-ids.js';

const NOW = new Date('2026-11-25T04:00:00Z');
const HOUR_AHEAD = '2026-11-25T05:00:00.000Z';
const HOUR_AGO = '2026-11-25T03:00:00.000Z';
const standing = (status: SenderIdStatus, senderIdForceReverifyEndTime: string | null = null) => ({ status, senderIdForceReverifyEndTime });

describe('requesting a sender ID (GSM originator rules)', () => {
  it('accepts alphanumeric IDs of 3 to 11 letters and digits, and numeric IDs of 3 to 15 digits', () => {
    for (const value of ['ACME', 'Acme2026', 'abc', 'ABCDEFGHIJK', '1A2', '852', '85291234567', '123456789012345']) {
      expect(senderIdProblem(value), value).toBeNull();
    }
    expect(senderIdKind('Acme2026')).toBe('alphanumeric');
    expect(senderIdKind('85291234567')).toBe('numeric');
  });

  it('names the first problem: empty, characters outside A–Z 0–9, too short, too long', () => {
    expect(senderIdProblem('')).toBe('required');
    for (const value of ['ACME SHOP', 'acme-shop', 'Café', '+85291234567', 'a.b']) expect(senderIdProblem(value), value).toBe('characters');
    expect(senderIdProblem('AB')).toBe('tooShort');
    expect(senderIdProblem('12')).toBe('tooShort');
    expect(senderIdProblem('ABCDEFGHIJKL')).toBe('tooLong');
    // Twelve characters with a letter is too long, twelve digits is a fine number.
    expect(senderIdProblem('12345678901A')).toBe('tooLong');
    expect(senderIdProblem('123456789012')).toBeNull();
    expect(senderIdProblem('1234567890123456')).toBe('tooLong');
  });

  it('treats IDs that differ only in case as the same ID', () => {
    expect(senderIdKey('Acme')).toBe(senderIdKey('ACME'));
    expect(senderIdKey('Acme')).not.toBe(senderIdKey('Acme1'));
  });
});

describe('a sender ID over time', () => {
  it('is usable when verified, and while a forced re-verification has not reached its end', () => {
    expect(senderIdState(standing('verified'), NOW)).toBe('verified');
    expect(senderIdState(standing('verified', HOUR_AHEAD), NOW)).toBe('reverifying');
    expect(isSenderIdUsable(standing('verified'), NOW)).toBe(true);
    expect(isSenderIdUsable(standing('verified', HOUR_AHEAD), NOW)).toBe(true);
  });

  it('lapses once the re-verification end passes without a new approval, exactly at the end time', () => {
    expect(senderIdState(standing('verified', HOUR_AGO), NOW)).toBe('lapsed');
    expect(isSenderIdUsable(standing('verified', HOUR_AGO), NOW)).toBe(false);
    expect(isSenderIdUsable(standing('verified', NOW.toISOString()), NOW)).toBe(false);
  });

  it('is never usable pending or rejected', () => {
    expect(isSenderIdUsable(standing('pending'), NOW)).toBe(false);
    expect(isSenderIdUsable(standing('rejected'), NOW)).toBe(false);
    expect(senderIdState(standing('rejected'), NOW)).toBe('rejected');
  });
});

describe("support's decisions", () => {
  it('approves anything not plainly verified: requests, re-verifications (even lapsed), rejected ones', () => {
    expect(canApprove(standing('pending'), NOW)).toBe(true);
    expect(canApprove(standing('verified', HOUR_AHEAD), NOW)).toBe(true);
    expect(canApprove(standing('verified', HOUR_AGO), NOW)).toBe(true);
    expect(canApprove(standing('rejected'), NOW)).toBe(true);
    expect(canApprove(standing('verified'), NOW)).toBe(false);
  });

  it('rejects anything not rejected yet', () => {
    expect(canReject(standing('pending'))).toBe(true);
    expect(canReject(standing('verified'))).toBe(true);
    expect(canReject(standing('rejected'))).toBe(false);
  });

  it('forces re-verification only of a verified ID, with an end time ahead', () => {
    expect(canForceReverify(standing('verified'), new Date(HOUR_AHEAD), NOW)).toBe(true);
    expect(canForceReverify(standing('verified', HOUR_AHEAD), new Date(HOUR_AHEAD), NOW)).toBe(true);
    expect(canForceReverify(standing('verified'), new Date(HOUR_AGO), NOW)).toBe(false);
    expect(canForceReverify(standing('pending'), new Date(HOUR_AHEAD), NOW)).toBe(false);
    expect(canForceReverify(standing('rejected'), new Date(HOUR_AHEAD), NOW)).toBe(false);
  });

  it('queues requests and forced re-verifications for review, not settled IDs', () => {
    expect(awaitsReview(standing('pending'))).toBe(true);
    expect(awaitsReview(standing('verified', HOUR_AGO))).toBe(true);
    expect(awaitsReview(standing('verified'))).toBe(false);
    expect(awaitsReview(standing('rejected'))).toBe(false);
  });
});

describe('country calling codes', () => {
  it('accepts real codes with or without + or 00, and refuses unknown or non-geographic ones', () => {
    expect(['+852', '852', ' 00852 ', '+1', '44'].map(normalizeCallingCode)).toEqual(['852', '852', '852', '1', '44']);
    for (const value of ['', '+', '999', '+800', '0', 'HK', '+8521', '85 2']) expect(normalizeCallingCode(value), value).toBeNull();
  });

  it("names a code's countries with its main country first", () => {
    expect(countriesOfCallingCode('852')).toEqual(['HK']);
    expect(countriesOfCallingCode('1')[0]).toBe('US');
    expect(countriesOfCallingCode('1')).toContain('CA');
    expect(countriesOfCallingCode('7')).toEqual(['RU', 'KZ']);
    expect(countriesOfCallingCode('999')).toEqual([]);
  });
});
