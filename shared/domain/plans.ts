/**
 * What a paid order line gives an account (billing §1, §4, §9): credits of one kind, for a term.
 * A monthly plan lasts the cycle it was paid for and renews then (issue 21 renews it); pay as you
 * go credits last a year from purchase (docs/decisions.md "Plans…").
 */
import type { TCreditKind } from '../schemas/payments.js';
import { CYCLE_MONTHS, type PaymentCycle, type ProductKind } from './pricing.js';

/** The account's credit field that each product adds to; a dedicated IP and DNS service are no credits. */
export const CREDIT_FIELD_OF: Readonly<Record<ProductKind, TCreditKind | null>> = {
  email: 'email',
  attachment: 'attachmentMb',
  dynamicattachment: 'pdfPages',
  sms: 'sms',
  filestorage: 'storageMb',
  team: 'teamUsers',
  ip: null,
  dns: null,
};

/** How long pay-as-you-go credits last: the expiry notices of §9 count down 90, 60 and 30 days before. */
export const REFILL_TERM_MONTHS = 12;

/** The same day of the month `months` later, at the same time; the month's last day when it has fewer days (31 Jan + 1 = 28/29 Feb). */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export type PlanTerm = {
  expiryTime: string;
  /** Monthly plans: when the next cycle is charged (billing §4 "Next payment date"); null for pay as you go. */
  nextPaymentDate: string | null;
};

/** The term a line bought at `paidAt`: its cycle's months for a monthly plan, a year of pay-as-you-go credits. */
export function planTerm(line: { planType: 'monthly' | 'refill' | 'others'; paymentCycle: PaymentCycle }, paidAt: Date): PlanTerm {
  if (line.planType === 'monthly' && line.paymentCycle !== 'oneoff') {
    const end = addMonths(paidAt, CYCLE_MONTHS[line.paymentCycle]).toISOString();
    return { expiryTime: end, nextPaymentDate: end };
  }
  return { expiryTime: addMonths(paidAt, REFILL_TERM_MONTHS).toISOString(), nextPaymentDate: null };
}
