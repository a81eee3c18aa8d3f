/**
 * Campaign rules (spec §4 "Campaign"): the states, which action moves a campaign from which
 * state to which, the list tabs, schedules and recurring schedules in the service time zone, and
 * the credits a send needs. Channel-agnostic: email, SMS and MMS share every rule here.
 * Pure: no I/O, no clock (callers pass `now`).
 */
import { FREE_DAILY_EMAIL_CREDITS, MINUTE_MS, SERVICE_TIME_ZONE } from '../constants.js';

export const CAMPAIGN_CHANNELS = ['email', 'sms', 'mms'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** Spec §3 "Campaign save command" types; `base_*` is a campaign made from a base (reusable) design. */
export const CAMPAIGN_TYPES = ['Email', 'base_email', 'SMS', 'base_sms', 'MMS'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export function isCampaignType(value: unknown): value is CampaignType {
  return CAMPAIGN_TYPES.some((type) => type === value);
}

/**
 * The two halves of the product a campaign lives in (spec §2.1, §7): `/emails` with the `email/`
 * API, and `/sms-and-mms` with the `sms/` API, which holds SMS and MMS campaigns alike. The
 * family is also the permission section (spec §6: email, sms).
 */
export const CAMPAIGN_FAMILIES = ['email', 'sms'] as const;
export type CampaignFamily = (typeof CAMPAIGN_FAMILIES)[number];

export const FAMILY_CHANNELS: Readonly<Record<CampaignFamily, readonly CampaignChannel[]>> = { email: ['email'], sms: ['sms', 'mms'] };
export const FAMILY_TYPES: Readonly<Record<CampaignFamily, readonly CampaignType[]>> = { email: ['Email', 'base_email'], sms: ['SMS', 'base_sms', 'MMS'] };

export function channelOfType(type: CampaignType): CampaignChannel {
  if (type === 'MMS') return 'mms';
  return type === 'SMS' || type === 'base_sms' ? 'sms' : 'email';
}

export function familyOfChannel(channel: CampaignChannel): CampaignFamily {
  return channel === 'email' ? 'email' : 'sms';
}

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'started', 'paused', 'resumed', 'stopped', 'cancelled', 'finished', 'recovered'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** States in which recipients are being sent to. */
export const SENDING_STATUSES: readonly CampaignStatus[] = ['started', 'resumed', 'recovered'];

export function isSending(status: CampaignStatus): boolean {
  return SENDING_STATUSES.includes(status);
}

/** Approval of a send (spec §4 "Approval"); `null` when none was asked for. */
export const APPROVAL_STATES = ['waiting', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/**
 * What a user can do to a campaign (spec §4 toast-worthy actions). `approve` and `reject` are the
 * approver's; the rest are the sender's. Renaming, replicating, tagging and deleting are not state
 * changes and are not listed.
 */
export const CAMPAIGN_ACTIONS = [
  'sendNow',
  'schedule',
  'activateRecurring',
  'modifyRecurring',
  'deactivateRecurring',
  'cancel',
  'pause',
  'resume',
  'stop',
  'recover',
  'requestApproval',
  'approve',
  'reject',
] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** The part of a campaign the transition rules look at. */
export type CampaignStateView = {
  status: CampaignStatus;
  approval: ApprovalState | null;
  /** A recurring schedule is active (its status is `scheduled` between occurrences). */
  recurring: boolean;
};

/** From which statuses each action may be taken (approval further restricts some, see `canTake`). */
export const ACTION_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  sendNow: ['draft', 'cancelled'],
  schedule: ['draft', 'cancelled', 'scheduled'],
  activateRecurring: ['draft', 'cancelled'],
  modifyRecurring: ['scheduled'],
  deactivateRecurring: ['scheduled'],
  cancel: ['scheduled'],
  pause: ['started', 'resumed', 'recovered'],
  resume: ['paused'],
  stop: ['started', 'resumed', 'recovered', 'paused'],
  recover: ['stopped'],
  requestApproval: ['draft', 'cancelled'],
  approve: ['draft'],
  reject: ['draft'],
};

/** Whether `action` is allowed now; the reason code when it is not (an i18n key under `campaigns.refused.`). */
export function refusalOf(action: CampaignAction, campaign: CampaignStateView): 'wrongStatus' | 'awaitingApproval' | 'noApprovalRequest' | 'notRecurring' | null {
  if (!ACTION_FROM[action].includes(campaign.status)) return 'wrongStatus';
  if (action === 'approve' || action === 'reject') return campaign.approval === 'waiting' ? null : 'noApprovalRequest';
  if ((action === 'modifyRecurring' || action === 'deactivateRecurring') && !campaign.recurring) return 'notRecurring';
  if (action === 'cancel' && campaign.recurring) return 'wrongStatus';
  // While an approver decides, the sender cannot send another way round the request.
  if (campaign.approval === 'waiting' && ['sendNow', 'schedule', 'activateRecurring', 'requestApproval'].includes(action)) return 'awaitingApproval';
  return null;
}

/** The status an allowed action leads to at once (a send's planner may later return it to draft). */
export function statusAfter(action: CampaignAction, campaign: CampaignStateView): CampaignStatus {
  switch (action) {
    case 'sendNow':
      return 'started';
    case 'schedule':
    case 'activateRecurring':
    case 'modifyRecurring':
      return 'scheduled';
    case 'deactivateRecurring':
      return 'draft';
    case 'cancel':
      return 'cancelled';
    case 'pause':
      return 'paused';
    case 'resume':
      return 'resumed';
    case 'stop':
      return 'stopped';
    case 'recover':
      return 'recovered';
    case 'requestApproval':
    case 'reject':
      return 'draft';
    case 'approve':
      // Approved sends go now; a send that was asked for a time is scheduled by the caller.
      return 'started';
    default:
      return campaign.status;
  }
}

/** Whether the campaign's content and recipients may still be edited. */
export function isEditable(campaign: Pick<CampaignStateView, 'status' | 'approval'>): boolean {
  return (campaign.status === 'draft' || campaign.status === 'cancelled' || campaign.status === 'scheduled') && campaign.approval !== 'waiting';
}

/** The list tabs of `/emails?tab=` and `/sms-and-mms?tab=` and the statuses each shows. */
export const CAMPAIGN_TABS = {
  all: CAMPAIGN_STATUSES,
  draft: ['draft'],
  scheduled: ['scheduled'],
  sending: ['started', 'resumed', 'recovered', 'paused'],
  sent: ['finished'],
  stopped: ['stopped', 'cancelled'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignTab = keyof typeof CAMPAIGN_TABS | 'approval';
export const CAMPAIGN_TAB_NAMES = [...(Object.keys(CAMPAIGN_TABS) as Array<keyof typeof CAMPAIGN_TABS>), 'approval'] as const satisfies readonly CampaignTab[];

export function isInTab(campaign: Pick<CampaignStateView, 'status' | 'approval'>, tab: CampaignTab): boolean {
  if (tab === 'approval') return campaign.approval === 'waiting';
  return (CAMPAIGN_TABS[tab] as readonly CampaignStatus[]).includes(campaign.status);
}

export const CAMPAIGN_LIMITS = {
  nameLength: 100,
  subjectLength: 200,
  preheaderLength: 200,
  senderNameLength: 100,
  tags: 10,
  tagLength: 30,
  /** Addresses on the paste-emails step; more go through upload-file. */
  pastedAddresses: 5000,
  /** The earliest a schedule may be, from now: a send a minute away is "send now". */
  scheduleLeadMs: 5 * MINUTE_MS,
  /** The latest a schedule may be, from now. */
  scheduleHorizonMs: 366 * 24 * 60 * MINUTE_MS,
} as const;

/** Trimmed and case-folded: names are unique per account and channel family in any case (spec §5). */
export function campaignNameKey(name: string): string {
  return name.trim().normalize('NFKC').toLocaleLowerCase('en');
}

/** A replica's name: "Name (copy)", then "Name (copy 2)", ... within the name length. */
export function replicaName(original: string, attempt: number): string {
  const suffix = attempt <= 1 ? ' (copy)' : ` (copy ${attempt})`;
  return original.slice(0, CAMPAIGN_LIMITS.nameLength - suffix.length) + suffix;
}

/** Tags: trimmed, without empties or repeats (any case), in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLocaleLowerCase('en');
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Schedules. Times are stored as UTC instants; recurring rules are written in the service time
// zone (Asia/Hong_Kong, spec §1), which has no daylight saving, so its offset is fixed.

const SERVICE_OFFSET_MS = 8 * 60 * MINUTE_MS;
export const SERVICE_TIME_ZONE_NAME = SERVICE_TIME_ZONE;

export type ScheduleProblem = 'tooSoon' | 'tooLate';

export function scheduleProblem(at: Date, now: Date): ScheduleProblem | null {
  if (at.getTime() < now.getTime() + CAMPAIGN_LIMITS.scheduleLeadMs) return 'tooSoon';
  if (at.getTime() > now.getTime() + CAMPAIGN_LIMITS.scheduleHorizonMs) return 'tooLate';
  return null;
}

export const RECURRING_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

/**
 * A recurring schedule: at `time` (HH:mm, service time zone) every day, on the listed weekdays
 * (0 Sunday .. 6 Saturday), or on a day of the month (a month without that day uses its last).
 * Each occurrence sends a copy of the campaign, which has its own report.
 */
export type RecurringRule = {
  frequency: RecurringFrequency;
  time: string;
  weekdays?: number[];
  dayOfMonth?: number;
  /** The first occurrence is not before this instant; none after `until` (ISO instants). */
  startsAt: string;
  until?: string | null;
};

function serviceParts(instant: number) {
  const local = new Date(instant + SERVICE_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate(), weekday: local.getUTCDay() };
}

function serviceInstant(year: number, month: number, day: number, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return Date.UTC(year, month, day, hours, minutes) - SERVICE_OFFSET_MS;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The first occurrence strictly after `after` and not before `startsAt`, or null when the rule has ended. */
export function nextOccurrence(rule: RecurringRule, after: Date): Date | null {
  const from = Math.max(after.getTime() + 1, Date.parse(rule.startsAt));
  const until = rule.until ? Date.parse(rule.until) : Number.POSITIVE_INFINITY;
  const start = serviceParts(from);
  // Monthly rules look at most 13 months ahead; daily and weekly at most 8 days.
  const horizonDays = rule.frequency === 'monthly' ? 400 : 8;
  for (let offset = 0; offset <= horizonDays; offset += 1) {
    const date = new Date(Date.UTC(start.year, start.month, start.day + offset));
    const [year, month, day, weekday] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCDay()];
    let matches = true;
    if (rule.frequency === 'weekly') matches = (rule.weekdays ?? []).includes(weekday);
    if (rule.frequency === 'monthly') matches = day === Math.min(rule.dayOfMonth ?? 1, daysInMonth(year, month));
    if (!matches) continue;
    const instant = serviceInstant(year, month, day, rule.time);
    if (instant < from) continue;
    return instant > until ? null : new Date(instant);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Credits.

/** The service-time-zone date (YYYY-MM-DD) of an instant: free daily credits renew at its midnight. */
export function serviceDay(now: Date): string {
  return new Date(now.getTime() + SERVICE_OFFSET_MS).toISOString().slice(0, 10);
}

/** Free email credits left today for a free account that used `used` on `day`. */
export function freeEmailCreditsLeft(account: { freeEmailDay: string | null; freeEmailUsed: number }, now: Date): number {
  const usedToday = account.freeEmailDay === serviceDay(now) ? account.freeEmailUsed : 0;
  return Math.max(0, FREE_DAILY_EMAIL_CREDITS - usedToday);
}

/** Why a send returns to draft (spec §4): shown on the campaign and in the backToDraft notice. */
export const DRAFT_REASONS = ['noRecipients', 'insufficientEmailCredits', 'insufficientSmsCredits', 'unverified', 'contentProblem'] as const;
export type DraftReason = (typeof DRAFT_REASONS)[number];

// ---------------------------------------------------------------------------------------------
// Reports.

/** The report views of `/emails/campaign-report?view=` (spec §2.1). */
export const EMAIL_REPORT_VIEWS = ['overview', 'delivery', 'open', 'click', 'bounce', 'unsubscribe'] as const;
export type EmailReportView = (typeof EMAIL_REPORT_VIEWS)[number];

/** Counters of a campaign's report. */
export type CampaignCounters = {
  recipients: number;
  sent: number;
  failed: number;
  /** Recipients sent again after a worker stopped between sending and recording: the only window for a duplicate. */
  retried: number;
  /** Credits the sent messages cost (one per email; an SMS's segments times its country's rate, an MMS its country's rate). */
  creditsUsed: number;
  /** Message parts sent: SMS segments, one per MMS and per email. */
  segments: number;
  /** Audience members the send could not go to at all: a number in a country the account does not allow, or that takes no MMS. */
  skipped: number;
  delivered: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  opens: number;
  uniqueOpens: number;
  clicks: number;
  uniqueClicks: number;
  unsubscribes: number;
};

export const EMPTY_COUNTERS: CampaignCounters = {
  recipients: 0,
  sent: 0,
  failed: 0,
  retried: 0,
  creditsUsed: 0,
  segments: 0,
  skipped: 0,
  delivered: 0,
  hardBounces: 0,
  softBounces: 0,
  complaints: 0,
  opens: 0,
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
export function percentSent(counters: Pick<CampaignCounters, 'recipients' | 'sent' | 'failed'>): number {
  if (counters.recipients === 0) return 0;
  return Math.min(100, Math.round(((counters.sent + counters.failed) / counters.recipients) * 1000) / 10);
}

// ---------------------------------------------------------------------------------------------
// Readiness.

/** What an email send needs from the wizard; the names are i18n keys under `campaigns.missing.`. */
export type MissingPart = 'recipients' | 'subject' | 'sender' | 'content';

function hasRecipients(selection: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] } | undefined, pasted: readonly string[] | undefined): boolean {
  return (selection?.includedGroup.length ?? 0) + (selection?.includedCampaign.length ?? 0) + (pasted?.length ?? 0) > 0;
}

/** The parts an email campaign's command still lacks before it can be sent (empty when ready). */
export function missingForSend(command: {
  selection?: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] };
  pastedEmails?: readonly string[];
  subject?: string;
  senderEmail?: string;
  content?: { html: string };
}): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!hasRecipients(command.selection, command.pastedEmails)) missing.push('recipients');
  if (!command.subject?.trim()) missing.push('subject');
  if (!command.senderEmail?.trim()) missing.push('sender');
  if (!command.content?.html.trim()) missing.push('content');
  return missing;
}

/** The parts an SMS or MMS campaign's command still lacks: recipients, and a text (an MMS may carry media alone). */
export function missingForTextSend(
  channel: Exclude<CampaignChannel, 'email'>,
  command: { selection?: { includedGroup: readonly string[]; includedCampaign: readonly unknown[] }; pastedNumbers?: readonly string[]; message?: string; content?: { components: readonly unknown[] } },
): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!hasRecipients(command.selection, command.pastedNumbers)) missing.push('recipients');
  const hasMedia = channel === 'mms' && (command.content?.components.length ?? 0) > 0;
  if (!command.message?.trim() && !hasMedia) missing.push('content');
  return missing;
}
