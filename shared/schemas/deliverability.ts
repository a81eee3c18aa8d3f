import { z } from 'zod';
import { GUARD_REASONS } from '../domain/deliverability-guard.js';

/** One rate of the account: its events over the messages they are a share of, and the guard's limits (fractions). */
export const ZAccountRate = z.object({
  reason: z.enum(GUARD_REASONS),
  count: z.number().int().nonnegative(),
  sample: z.number().int().nonnegative(),
  rate: z.number().min(0),
  review: z.number(),
  suspend: z.number(),
});

/** dashboard.deliverability: the account's email and SMS rates over its last 30 UTC days. */
export const ZDeliverabilityRates = z.object({
  days: z.number().int(),
  firstDay: z.string(),
  lastDay: z.string(),
  email: z.array(ZAccountRate),
  sms: z.array(ZAccountRate),
});
export type TDeliverabilityRates = z.infer<typeof ZDeliverabilityRates>;
