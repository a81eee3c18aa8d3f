/** A campaign's report (spec §2.1, §3): its views, its counters and the rates derived from them. */

/** The report views of `/emails/campaign-report?view=` (spec §2.1). */
export const EMAIL_REPORT_VIEWS = ['overview', 'delivery', 'open', 'click', 'bounce', 'failed', 'skipped', 'unsubscribe'] as const;
export type EmailReportView = (typeof EMAIL_REPORT_VIEWS)[number];

/** Counters of a campaign's report. */
export type CampaignCounters = {
  recipients: number;
  sent: number;
  /** Recipients the run settled without a send (skipped, or refused by the provider): with `sent`, how far the run got. */
  unsent: number;
  /** Recipients whose message failed, each with its code (the failed list). */
  failed: number;
  /** Recipients sent again because their message was in flight when a worker stopped: the only ones who may have it twice. */
  possiblySentTwice: number;
  /** Credits the sent messages cost (one per email; an SMS's segments times its country's rate, an MMS its country's rate). */
  creditsUsed: number;
  /** Message parts sent: SMS segments, one per MMS and per email. */
  segments: number;
  /** Recipients no message went to, each with its reason (the skipped list). */
  skipped: number;
  delivered: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  opens: number;
  /** Pixel loads by mail-privacy proxies and image prefetchers: apart from the opens of people. */
  machineOpens: number;
  uniqueOpens: number;
  clicks: number;
  uniqueClicks: number;
  unsubscribes: number;
};

export const EMPTY_COUNTERS: CampaignCounters = {
  recipients: 0,
  sent: 0,
  unsent: 0,
  failed: 0,
  possiblySentTwice: 0,
  creditsUsed: 0,
  segments: 0,
  skipped: 0,
  delivered: 0,
  hardBounces: 0,
  softBounces: 0,
  complaints: 0,
  opens: 0,
  machineOpens: 0,
  uniqueOpens: 0,
  clicks: 0,
  uniqueClicks: 0,
  unsubscribes: 0,
};

/** Rates as fractions (0..1) with the denominators the industry uses: delivered for engagement, sent for delivery. */
export function reportRates(counters: CampaignCounters) {
  const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);
  const bounces = counters.hardBounces + counters.softBounces;
  return {
    deliveryRate: ratio(counters.delivered, counters.sent),
    openRate: ratio(counters.uniqueOpens, counters.delivered),
    clickRate: ratio(counters.uniqueClicks, counters.delivered),
    clickToOpenRate: ratio(counters.uniqueClicks, counters.uniqueOpens),
    bounceRate: ratio(bounces, counters.sent),
    unsubscribeRate: ratio(counters.unsubscribes, counters.delivered),
    complaintRate: ratio(counters.complaints, counters.delivered),
  };
}

/** Percent of recipients sent so far (spec §3 pcSent), 0..100 with one decimal. */
export function percentSent(counters: Pick<CampaignCounters, 'recipients' | 'sent' | 'unsent'>): number {
  if (counters.recipients === 0) return 0;
  return Math.min(100, Math.round(((counters.sent + counters.unsent) / counters.recipients) * 1000) / 10);
}

/**
 * The overview's number for a list view: once every recipient's outcome is known, the length of
 * that list (`linkUniqueClicks`: the click view of one link). The delivery list holds every recipient.
 */
export function listViewCount(view: Exclude<EmailReportView, 'overview'>, counters: CampaignCounters, linkUniqueClicks?: number): number {
  switch (view) {
    case 'delivery':
      return counters.recipients;
    case 'open':
      return counters.uniqueOpens;
    case 'click':
      return linkUniqueClicks ?? counters.uniqueClicks;
    case 'bounce':
      return counters.hardBounces + counters.softBounces;
    case 'failed':
      return counters.failed;
    case 'skipped':
      return counters.skipped;
    case 'unsubscribe':
      return counters.unsubscribes;
  }
}
