/**
 * The deliverability guard (docs/decisions.md "Deliverability guard"): when a running campaign's
 * hard bounces, complaints (email), opt-outs or failures (SMS and MMS) pass their limit over
 * enough messages to mean something, the run pauses and the owner decides. The same rates over
 * the account's last 30 days are shown on the dashboard. Pure: no I/O, no clock.
 */
import type { CampaignChannel, CampaignFamily } from './campaign-channels.js';
import type { CampaignCounters } from './campaign-report.js';

export const GUARD_REASONS = ['bounces', 'complaints', 'optOuts', 'failures'] as const;
export type GuardReason = (typeof GUARD_REASONS)[number];

/**
 * Each rate's limits as fractions: `review` pauses a run; `suspend` pauses it again after its
 * owner resumed it (the level at which the provider itself may stop the account's sending).
 * `minimumSample`: messages with a known outcome the rate must rest on before it pauses anything.
 */
export type GuardLimit = { family: CampaignFamily; review: number; suspend: number; minimumSample: number };

export const GUARD_LIMITS: Readonly<Record<GuardReason, GuardLimit>> = {
  // SES reviews an account at 5% bounces and may pause it at 10%.
  bounces: { family: 'email', review: 0.05, suspend: 0.1, minimumSample: 200 },
  // SES reviews at 0.1% complaints and may pause at 0.5%.
  complaints: { family: 'email', review: 0.001, suspend: 0.005, minimumSample: 2000 },
  // Carriers treat opt-outs above about 2% of delivered messages as unwanted traffic.
  optOuts: { family: 'sms', review: 0.02, suspend: 0.05, minimumSample: 200 },
  // One message in ten failing means a stale list or carrier filtering.
  failures: { family: 'sms', review: 0.1, suspend: 0.2, minimumSample: 200 },
};

/** A pause the guard made, with the figures it judged on (rates as fractions). */
export type GuardPause = { reason: GuardReason; rate: number; limit: number; count: number; sample: number; time: string };

/**
 * The guard's pause a campaign is in now: its run's latest, while the campaign is paused and nobody
 * changed it since (a user's own pause after resuming is theirs, not the guard's).
 */
export function guardPauseInEffect(campaign: { status: string; lastModifiedTime: string; guardPauses: readonly GuardPause[] }): GuardPause | null {
  const latest = campaign.guardPauses.at(-1);
  if (campaign.status !== 'paused' || !latest) return null;
  return Date.parse(latest.time) >= Date.parse(campaign.lastModifiedTime) ? latest : null;
}

/** The counts a rate is measured on: its events and the messages they are a share of. */
export type GuardMeasure = { count: number; sample: number };

/** The outcome counts the guard reads, from a campaign's counters or the account's days alike. */
export type OutcomeCounts = Pick<CampaignCounters, 'delivered' | 'hardBounces' | 'softBounces' | 'failed' | 'complaints' | 'unsubscribes'>;

/**
 * A rate's events and base. Bounces and failures are a share of the messages whose outcome is
 * known (delivered or bounced): early in a run most sent messages have no receipt yet, and a share
 * of `sent` would understate the rate. Complaints and opt-outs come from people who got the message.
 */
export function measureOf(reason: GuardReason, counts: OutcomeCounts): GuardMeasure {
  const known = counts.delivered + counts.hardBounces + counts.softBounces;
  switch (reason) {
    case 'bounces':
      return { count: counts.hardBounces, sample: known };
    case 'failures':
      // An SMS that failed for now is as often a carrier's filter as a phone switched off: every failure counts.
      return { count: counts.hardBounces + counts.softBounces + counts.failed, sample: known + counts.failed };
    case 'complaints':
      return { count: counts.complaints, sample: counts.delivered };
    case 'optOuts':
      return { count: counts.unsubscribes, sample: counts.delivered };
  }
}

export function rateOf({ count, sample }: GuardMeasure): number {
  return sample > 0 ? count / sample : 0;
}

export const familyOfChannel = (channel: CampaignChannel): CampaignFamily => (channel === 'email' ? 'email' : 'sms');

export const reasonsOf = (family: CampaignFamily): GuardReason[] => GUARD_REASONS.filter((reason) => GUARD_LIMITS[reason].family === family);

/** Why the guard pauses a run, with the figures the owner is told. */
export type GuardVerdict = GuardMeasure & { reason: GuardReason; rate: number; limit: number };

/**
 * Whether a running campaign must pause now. `earlierPauses`: the reasons this run was paused for
 * already (and then resumed by its owner): a resumed rate pauses again only at the `suspend`
 * level, and never a third time. A rate pauses when it is above its limit (not at it) over at
 * least the minimum sample.
 */
export function guardVerdict(options: { channel: CampaignChannel; counters: OutcomeCounts; earlierPauses: readonly GuardReason[] }): GuardVerdict | null {
  for (const reason of reasonsOf(familyOfChannel(options.channel))) {
    const limits = GUARD_LIMITS[reason];
    const pausedBefore = options.earlierPauses.filter((earlier) => earlier === reason).length;
    if (pausedBefore >= 2) continue;
    const limit = pausedBefore === 0 ? limits.review : limits.suspend;
    const measure = measureOf(reason, options.counters);
    if (measure.sample < limits.minimumSample) continue;
    const rate = rateOf(measure);
    if (rate > limit) return { reason, rate, limit, ...measure };
  }
  return null;
}

/** One delivery in this many (by contact number) has the guard look at the run. */
export const GUARD_DELIVERY_STRIDE = 10;

/**
 * Whether the guard judges the run after an event. A bounce, complaint or opt-out can raise a
 * rate; a delivery only lowers rates but grows the sample past its minimum, so a rate that was
 * already high is judged within about GUARD_DELIVERY_STRIDE deliveries of reaching it, without a
 * read per delivery.
 */
export function isGuardCheckpoint(kind: string, contactId: number): boolean {
  if (kind === 'bounced' || kind === 'failed' || kind === 'complained' || kind === 'unsubscribed') return true;
  return kind === 'delivered' && contactId % GUARD_DELIVERY_STRIDE === 0;
}

/** One UTC day of an account's outcomes on one family (the dashboard's 30-day rates add 30 of them). */
export type DeliverabilityDay = { family: CampaignFamily; day: string } & OutcomeCounts;

/** Days the dashboard's account rates cover, today included. */
export const ACCOUNT_RATE_DAYS = 30;

/** The UTC days of the window ending on `now`'s day, oldest first (`YYYY-MM-DD`). */
export function rateWindowDays(now: Date, days = ACCOUNT_RATE_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, n) => new Date(today - (days - 1 - n) * 86_400_000).toISOString().slice(0, 10));
}

export type AccountRate = GuardMeasure & { reason: GuardReason; rate: number; review: number; suspend: number };

/** The account's rates over the days given (any number, any order) on one family. */
export function accountRates(family: CampaignFamily, days: readonly DeliverabilityDay[]): AccountRate[] {
  const totals: OutcomeCounts = { delivered: 0, hardBounces: 0, softBounces: 0, failed: 0, complaints: 0, unsubscribes: 0 };
  for (const day of days) {
    if (day.family !== family) continue;
    for (const name of Object.keys(totals) as Array<keyof OutcomeCounts>) totals[name] += day[name];
  }
  return reasonsOf(family).map((reason) => {
    const measure = measureOf(reason, totals);
    return { reason, ...measure, rate: rateOf(measure), review: GUARD_LIMITS[reason].review, suspend: GUARD_LIMITS[reason].suspend };
  });
}

/** Where a rate stands against its limits: the dashboard colours it green, orange or red. */
export function rateStanding({ rate, review, suspend }: Pick<AccountRate, 'rate' | 'review' | 'suspend'>): 'healthy' | 'review' | 'suspend' {
  if (rate > suspend) return 'suspend';
  return rate > review ? 'review' : 'healthy';
}
