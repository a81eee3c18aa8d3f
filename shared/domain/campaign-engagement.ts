/**
 * What one recipient did with one campaign message, and how each delivery or tracking event
 * changes it (docs/data-model.md "Tracking and reports"). The worker reads the recipient's
 * engagement, asks `applyEngagementEvent` what the event changes, and writes the new engagement
 * with the counter, list and timeline deltas in one conditional transaction: a unique open, click
 * or bounce is counted on its first sight only, and a redelivered event (same id) counts nothing.
 * Pure: no I/O, no clock.
 */
import type { CampaignFamily } from './campaign-channels.js';
import type { CampaignCounters, EmailReportView } from './campaign-report.js';
import type { TReportRow } from '../schemas/campaigns.js';
import type { ContactRecord } from './contacts.js';

/** A recipient's delivery status as the delivery view shows it. */
/**
 * SES's classification of a bounce, `bounceType/bounceSubType` (SES notification contents): each
 * is shown to users as a sentence (`report.bounceCode.*`), the receiving server's text beside it.
 */
export const BOUNCE_CODES = [
  'Undetermined/Undetermined',
  'Permanent/General',
  'Permanent/NoEmail',
  'Permanent/Suppressed',
  'Permanent/OnAccountSuppressionList',
  'Transient/General',
  'Transient/MailboxFull',
  'Transient/MessageTooLarge',
  'Transient/ContentRejected',
  'Transient/AttachmentRejected',
] as const;

export const DELIVERY_STATUSES = ['sent', 'delivered', 'complained', 'failed', 'bounced', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type BounceKind = 'hard' | 'soft';

/**
 * Why a recipient got no message at all: the provider's opt-out list refused the number, the
 * contact unsubscribed, bounced, lost its address or was deleted after the run was planned, or
 * its number's country is not one the account allows (or takes no MMS).
 */
export const SKIP_REASONS = ['optedOut', 'unsubscribed', 'suppressed', 'noAddress', 'contactDeleted', 'countryNotAllowed'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A delivery event (SES or End User Messaging through SNS, or the delivery worker's own), or a tracking event (our links), normalised. */
export type EngagementEvent = {
  /** Unique per event and kept across redeliveries (the SNS message id, or the id the tracking endpoint gave it). */
  id: string;
  /** ISO instant the event happened. */
  time: string;
  /** The address the message went to (an email, or a mobile number in E.164), when the event names it. */
  address: string | null;
} & (
  | { kind: 'sent' }
  | { kind: 'delivered' }
  /**
   * The message did not arrive and the provider says why with a code (an SMS receipt's status,
   * SES's REJECTED, a refusal at sending); `permanent`: the address will not take the next one either.
   */
  | { kind: 'failed'; reason: string; permanent: boolean }
  /**
   * Email only: the receiving server bounced it. `reason` is the server's own answer; `code` the
   * provider's classification (SES `bounceType/bounceSubType`, BOUNCE_CODES), shown as a sentence.
   */
  | { kind: 'bounced'; bounceType: BounceKind; reason: string; code?: string }
  /** No message went to the recipient. */
  | { kind: 'skipped'; reason: SkipReason }
  | { kind: 'complained' }
  /** `machine`: loaded by a privacy proxy or prefetcher, not by a person reading the message. */
  | { kind: 'opened'; machine?: boolean }
  /** `link` is the message's link number; null when the event names a link the message did not track. */
  | { kind: 'clicked'; link: number | null }
  | { kind: 'unsubscribed' }
);

/** One recipient's engagement with one campaign. Times are ISO instants. */
export type Engagement = {
  /** The email or mobile number (E.164) the message went to. */
  address: string | null;
  status: DeliveryStatus;
  statusTime: string;
  deliveredTime: string | null;
  bounceType: BounceKind | null;
  bounceReason: string | null;
  /** The provider's classification of the bounce (BOUNCE_CODES); null when it gave none. */
  bounceCode: string | null;
  bounceTime: string | null;
  /** The code of the failure that ended the message (failed recipients). */
  failureReason: string | null;
  skipReason: SkipReason | null;
  /** When the recipient entered the list of its outcome (failed, bounce, skipped): its entry there is keyed by it. */
  outcomeTime: string | null;
  complaintTime: string | null;
  opens: number;
  /** Opens by privacy proxies and prefetchers, counted apart from `opens`. */
  machineOpens: number;
  firstOpen: string | null;
  lastOpen: string | null;
  clicks: number;
  firstClick: string | null;
  lastClick: string | null;
  /** Clicks per link number. */
  linkClicks: Record<string, number>;
  unsubscribeTime: string | null;
  /** Ids of the latest events applied: a redelivered event is recognised and counts nothing. */
  recentEventIds: string[];
};

/** SQS redelivers within minutes; no recipient makes this many events in between. */
export const RECENT_EVENT_IDS = 50;

/** The lists of the report's list views; `link.<n>` is the click view of one link. */
export type ReportListName = Exclude<EmailReportView, 'overview'> | `link.${number}`;

export function reportListName(view: Exclude<EmailReportView, 'overview'>, link?: number): ReportListName {
  return view === 'click' && link !== undefined ? `link.${link}` : view;
}

/** Per-campaign totals the counters do not hold: each link's clicks and the failures by code. */
export type ReportTotalsDelta = {
  /** By link number. */
  linkClicks?: { link: number; clicks: number; uniqueClicks: number };
  /** Failed recipients by the code that ended them, moved when a recipient's outcome changes. */
  failureReasons?: Record<string, number>;
};

export type EngagementChange = {
  next: Engagement;
  counters: Partial<CampaignCounters>;
  /** The lists the recipient joins with this event (entered at the event's time). */
  joins: ReportListName[];
  /** The lists the recipient leaves, with the time its entry there was keyed by. */
  leaves: Array<{ list: ReportListName; time: string }>;
  totals: ReportTotalsDelta;
  /** Opens and clicks to add to the hour of the event. */
  timeline: { opens: number; clicks: number } | null;
};

/**
 * The one final state of a recipient, by precedence: no message at all, bounced, failed,
 * delivered; `pending` until the provider says. Each has one counter and at most one list, so a
 * recipient is counted and listed in exactly one of them.
 */
export type RecipientOutcome = 'pending' | 'delivered' | 'failed' | 'bounced' | 'skipped';

export function outcomeOf(engagement: Engagement): RecipientOutcome {
  if (engagement.skipReason !== null) return 'skipped';
  if (engagement.bounceType !== null) return 'bounced';
  if (engagement.failureReason !== null) return 'failed';
  if (engagement.deliveredTime !== null) return 'delivered';
  return 'pending';
}

const OUTCOME_LISTS: Partial<Record<RecipientOutcome, ReportListName>> = { failed: 'failed', bounced: 'bounce', skipped: 'skipped' };

function outcomeCounter(engagement: Engagement): keyof CampaignCounters | null {
  switch (outcomeOf(engagement)) {
    case 'pending':
      return null;
    case 'bounced':
      return engagement.bounceType === 'hard' ? 'hardBounces' : 'softBounces';
    case 'delivered':
      return 'delivered';
    case 'failed':
      return 'failed';
    case 'skipped':
      return 'skipped';
  }
}

/** The delivery view's status: the outcome, with a complaint shown over a plain delivery. */
export function deliveryStatusOf(engagement: Engagement): DeliveryStatus {
  const outcome = outcomeOf(engagement);
  if (outcome === 'pending') return engagement.complaintTime !== null ? 'complained' : 'sent';
  if (outcome === 'delivered' && engagement.complaintTime !== null) return 'complained';
  return outcome;
}

function firstSight(time: string, address: string | null): Engagement {
  return {
    address,
    status: 'sent',
    statusTime: time,
    deliveredTime: null,
    bounceType: null,
    bounceReason: null,
    bounceCode: null,
    bounceTime: null,
    failureReason: null,
    skipReason: null,
    outcomeTime: null,
    complaintTime: null,
    opens: 0,
    machineOpens: 0,
    firstOpen: null,
    lastOpen: null,
    clicks: 0,
    firstClick: null,
    lastClick: null,
    linkClicks: {},
    unsubscribeTime: null,
    recentEventIds: [],
  };
}

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);
const earlier = (a: string | null, b: string) => (a !== null && a < b ? a : b);

/**
 * Moves the recipient's outcome counter, list and failure code from `before` to `next` (both
 * judged by outcomeOf), so the counters and the lists change together.
 */
function moveOutcome(before: Engagement | null, next: Engagement, time: string, change: Pick<EngagementChange, 'counters' | 'joins' | 'leaves' | 'totals'>): void {
  const add = (name: keyof CampaignCounters, value: number) => {
    change.counters[name] = (change.counters[name] ?? 0) + value;
  };
  const [oldCounter, newCounter] = [before && outcomeCounter(before), outcomeCounter(next)];
  if (oldCounter !== newCounter) {
    if (oldCounter) add(oldCounter, -1);
    if (newCounter) add(newCounter, 1);
  }
  const [oldList, newList] = [before && OUTCOME_LISTS[outcomeOf(before)], OUTCOME_LISTS[outcomeOf(next)]];
  if (oldList !== newList) {
    if (oldList && before?.outcomeTime) change.leaves.push({ list: oldList, time: before.outcomeTime });
    if (newList) change.joins.push(newList);
    next.outcomeTime = newList ? time : null;
  }
  const [oldCode, newCode] = [before && outcomeOf(before) === 'failed' ? before.failureReason : null, outcomeOf(next) === 'failed' ? next.failureReason : null];
  if (oldCode !== newCode) {
    const reasons: Record<string, number> = {};
    if (oldCode) reasons[oldCode] = (reasons[oldCode] ?? 0) - 1;
    if (newCode) reasons[newCode] = (reasons[newCode] ?? 0) + 1;
    change.totals.failureReasons = reasons;
  }
  const status = deliveryStatusOf(next);
  if (status !== next.status) {
    next.status = status;
    next.statusTime = time;
  }
}

/** The failure code of an old SMS bounce whose reason names no status. */
export const UNKNOWN_SMS_FAILURE = 'UNKNOWN';

/**
 * Reports written before SMS failures were failures held each one as a bounce: the engagement's
 * bounce fields, a `bounce` list entry (kept at the first bounce's time, `listedAt`), a hard or
 * soft bounce counter, a delivery counted beside it if one came first, and the failure code
 * ("INVALID: …" → INVALID) already counted in the totals. The change that makes such an engagement
 * what the failure is today (failed with its code, in the `failed` list at the same time); null
 * for anything else (email, or already moved), so running it again changes nothing.
 */
export function smsBounceAsFailure(engagement: Engagement, listedAt: string | null): EngagementChange | null {
  if (engagement.bounceType === null || engagement.skipReason !== null || engagement.address === null || channelOfAddress(engagement.address) !== 'sms') return null;
  const time = listedAt ?? engagement.bounceTime ?? engagement.statusTime;
  const code = /^([A-Z][A-Z0-9_]{1,39}):/.exec(engagement.bounceReason ?? '')?.[1] ?? null;
  const next: Engagement = {
    ...engagement,
    linkClicks: { ...engagement.linkClicks },
    bounceType: null,
    bounceReason: null,
    bounceCode: null,
    bounceTime: null,
    failureReason: code ?? UNKNOWN_SMS_FAILURE,
  };
  const change: EngagementChange = { next, counters: {}, joins: [], leaves: [], totals: {}, timeline: null };
  moveOutcome({ ...engagement, outcomeTime: listedAt }, next, time, change);
  // The old report counted a code it could read when the bounce came; only the others count now.
  if (code !== null) change.totals = {};
  // One outcome per recipient: the failure, not also the delivery the old report counted.
  if (engagement.deliveredTime !== null) change.counters.delivered = (change.counters.delivered ?? 0) - 1;
  return change;
}

/**
 * What `event` changes for a recipient whose engagement is `current` (null before any event);
 * null when it changes nothing (a redelivery, or a fact already known), so nothing is written.
 */
export function applyEngagementEvent(current: Engagement | null, event: EngagementEvent): EngagementChange | null {
  if (current?.recentEventIds.includes(event.id)) return null;
  const next: Engagement = current ? { ...current, linkClicks: { ...current.linkClicks } } : firstSight(event.time, event.address);
  next.address ??= event.address;
  const counters: Partial<CampaignCounters> = {};
  const joins: ReportListName[] = current ? [] : ['delivery'];
  const leaves: EngagementChange['leaves'] = [];
  const totals: ReportTotalsDelta = {};
  const timeline = { opens: 0, clicks: 0 };
  let changed = current === null;
  const add = (name: keyof CampaignCounters, value = 1) => {
    counters[name] = (counters[name] ?? 0) + value;
  };
  /** `implied`: a click proves an open the pixel did not see; it makes an opener, not a counted open. */
  const open = (implied: boolean) => {
    if (next.firstOpen === null) {
      add('uniqueOpens');
      joins.push('open');
    }
    next.firstOpen = earlier(next.firstOpen, event.time);
    next.lastOpen = later(next.lastOpen, event.time);
    if (!implied) {
      add('opens');
      next.opens += 1;
      timeline.opens += 1;
    }
    changed = true;
  };

  switch (event.kind) {
    case 'sent':
      break;
    case 'failed':
      // The first failure ends the message: a provider sends one final receipt.
      if (next.failureReason === null) {
        next.failureReason = event.reason;
        changed = true;
      }
      break;
    case 'skipped':
      if (next.skipReason === null) {
        next.skipReason = event.reason;
        changed = true;
      }
      break;
    case 'delivered':
      if (next.deliveredTime === null) {
        next.deliveredTime = event.time;
        changed = true;
      }
      break;
    case 'bounced':
      // A temporary failure that became permanent is one hard bounce, not two bounces.
      if (next.bounceType === null || (next.bounceType === 'soft' && event.bounceType === 'hard')) {
        next.bounceType = event.bounceType;
        next.bounceReason = event.reason;
        next.bounceCode = event.code ?? null;
        next.bounceTime = event.time;
        changed = true;
      }
      break;
    case 'complained':
      if (next.complaintTime === null) {
        next.complaintTime = event.time;
        add('complaints');
        changed = true;
      }
      break;
    case 'opened':
      if (event.machine) {
        // A proxy fetched the pixel: no person is known to have read the message.
        add('machineOpens');
        next.machineOpens += 1;
        changed = true;
      } else open(false);
      break;
    case 'clicked': {
      // A click proves the message was opened, even when its images (the pixel) were blocked.
      if (next.firstOpen === null) open(true);
      add('clicks');
      if (next.firstClick === null) {
        add('uniqueClicks');
        joins.push('click');
      }
      next.clicks += 1;
      next.firstClick = earlier(next.firstClick, event.time);
      next.lastClick = later(next.lastClick, event.time);
      if (event.link !== null) {
        const key = String(event.link);
        const before = next.linkClicks[key] ?? 0;
        next.linkClicks[key] = before + 1;
        if (before === 0) joins.push(`link.${event.link}`);
        totals.linkClicks = { link: event.link, clicks: 1, uniqueClicks: before === 0 ? 1 : 0 };
      }
      timeline.clicks += 1;
      changed = true;
      break;
    }
    case 'unsubscribed':
      if (next.unsubscribeTime === null) {
        next.unsubscribeTime = event.time;
        add('unsubscribes');
        joins.push('unsubscribe');
        changed = true;
      }
      break;
  }
  if (!changed) return null;
  const change = { counters, joins, leaves, totals };
  moveOutcome(current, next, event.time, change);
  next.recentEventIds = [...(current?.recentEventIds ?? []), event.id].slice(-RECENT_EVENT_IDS);
  return { next, ...change, timeline: timeline.opens + timeline.clicks > 0 ? timeline : null };
}

/** Why the delivery worker settled a recipient without a message going out. */
export type UnsentOutcome = { kind: 'skipped'; reason: SkipReason } | { kind: 'failed'; reason: string; permanent: false };

/** Why a recipient of the plan is not sent to now (isReachable said no): gone, no address, unsubscribed or suppressed. */
export function unreachableOutcome(contact: ContactRecord | undefined, channel: 'email' | 'sms'): UnsentOutcome {
  const [address, subscribed] = channel === 'email' ? [contact?.email, contact?.emailSubscribe] : [contact?.mobile, contact?.smsSubscribe];
  if (!contact) return { kind: 'skipped', reason: 'contactDeleted' };
  if (address === null || address === undefined) return { kind: 'skipped', reason: 'noAddress' };
  return { kind: 'skipped', reason: subscribed ? 'suppressed' : 'unsubscribed' };
}

/**
 * A provider's refusal at sending, by its error name and (End User Messaging's ConflictException)
 * reason: a number on the opt-out list is skipped as opted out, any other refusal fails with its code.
 */
export function refusalOutcome(refusal: { name: string; reason: string | null }): UnsentOutcome {
  if (refusal.reason === 'DESTINATION_PHONE_NUMBER_OPTED_OUT') return { kind: 'skipped', reason: 'optedOut' };
  return { kind: 'failed', reason: refusal.reason ?? refusal.name, permanent: false };
}

/** Events after which the address must never be mailed again, and how (spec §4; docs/decisions.md). */
export type Suppression = 'hardBounce' | 'complaint' | 'unsubscribe';

export function suppressionOf(event: EngagementEvent): Suppression | null {
  if ((event.kind === 'bounced' && event.bounceType === 'hard') || (event.kind === 'failed' && event.permanent)) return 'hardBounce';
  if (event.kind === 'complained') return 'complaint';
  if (event.kind === 'unsubscribed') return 'unsubscribe';
  return null;
}

/** The channel an address belongs to: a mobile number in E.164, or an email. */
export function channelOfAddress(address: string): 'email' | 'sms' {
  return address.includes('@') ? 'email' : 'sms';
}

/**
 * The contact after a suppression on one channel: a hard bounce marks the address undeliverable
 * (the contact's owner may reset it), a complaint or an unsubscribe withdraws consent. Unchanged
 * when it already is.
 */
export function suppressedContact(contact: ContactRecord, channel: 'email' | 'sms', suppression: Suppression, now: number): ContactRecord {
  const [bounce, subscribe] = channel === 'email' ? (['emailBounce', 'emailSubscribe'] as const) : (['smsBounce', 'smsSubscribe'] as const);
  if (suppression === 'hardBounce') return contact[bounce] === 'hard' ? contact : { ...contact, [bounce]: 'hard', updateTime: now };
  return contact[subscribe] ? { ...contact, [subscribe]: false, updateTime: now } : contact;
}

/** SES bounce types: Permanent is hard; Transient and Undetermined may succeed later, so soft. */
export function bounceKindOf(sesBounceType: string): BounceKind {
  return sesBounceType === 'Permanent' ? 'hard' : 'soft';
}

/**
 * End User Messaging SMS/MMS statuses (the event type less its TEXT_ or MEDIA_ prefix) that end a
 * message undelivered. A number that is invalid, blocked by its owner or carrier, or flagged as
 * spam will not take the next message either: hard. A network or handset that is out of reach for
 * now, an expired TTL or an unknown outcome may succeed later: soft. Media the service could not
 * read is our fault, not the number's: soft, so the number is not suppressed. Null for statuses
 * that are no failure (queued, pending, successful, delivered).
 */
const SMS_FAILURES: Readonly<Record<string, BounceKind>> = {
  INVALID: 'hard',
  INVALID_MESSAGE: 'soft',
  BLOCKED: 'hard',
  CARRIER_BLOCKED: 'hard',
  SPAM: 'hard',
  PROTECT_BLOCKED: 'soft',
  UNREACHABLE: 'soft',
  CARRIER_UNREACHABLE: 'soft',
  TTL_EXPIRED: 'soft',
  UNKNOWN: 'soft',
  FILE_INACCESSIBLE: 'soft',
  FILE_TYPE_UNSUPPORTED: 'soft',
  FILE_SIZE_EXCEEDED: 'soft',
};

export function smsFailureKindOf(status: string): BounceKind | null {
  return SMS_FAILURES[status] ?? null;
}

/** The hour an instant falls in (UTC, ISO), the timeline's bucket. */
export function timelineHour(time: string): string {
  return `${time.slice(0, 13)}:00:00.000Z`;
}

/** The list views of a report (every view but the overview). */
export type ReportListView = Exclude<EmailReportView, 'overview'>;

/** One row of a list view, from the recipient's engagement; `link` and its `url` in the click view of one link. */
export function toReportRow(view: ReportListView, contactId: number, engagement: Engagement, link?: { index: number; url: string }): TReportRow {
  // The API's column is named `email` for both channels: it holds the address the message went to.
  const base = { contactId: String(contactId), email: engagement.address ?? '' };
  switch (view) {
    case 'delivery':
      return { ...base, status: engagement.status, time: engagement.statusTime };
    case 'open':
      return { ...base, time: engagement.lastOpen, count: engagement.opens };
    case 'click':
      return link
        ? { ...base, time: engagement.lastClick, count: engagement.linkClicks[String(link.index)] ?? 0, url: link.url }
        : { ...base, time: engagement.lastClick, count: engagement.clicks };
    case 'bounce':
      return { ...base, time: engagement.bounceTime, bounceType: engagement.bounceType ?? 'soft', reason: engagement.bounceReason ?? '', ...(engagement.bounceCode ? { code: engagement.bounceCode } : {}) };
    case 'failed':
      return { ...base, time: engagement.outcomeTime, reason: engagement.failureReason ?? '' };
    case 'skipped':
      return { ...base, time: engagement.outcomeTime, reason: engagement.skipReason ?? '' };
    case 'unsubscribe':
      return { ...base, time: engagement.unsubscribeTime };
  }
}

/** A column of a report list's export: its header, its width in a spreadsheet and its cell of a row. */
export type ReportExportColumn = { header: string; width: number; cell(row: TReportRow): string | number | null };

/**
 * The export's columns of each list view. The address is the email or the mobile number the
 * message went to; a failure or a skip has its reason code. Times are in
 * `formatTime` (the exporting user's zone, as contact exports write them).
 */
export function reportExportColumns(view: ReportListView, options: { family: CampaignFamily; withLink: boolean; formatTime(epochMs: number): string }): ReportExportColumn[] {
  const { family, withLink, formatTime } = options;
  const contactId: ReportExportColumn = { header: 'Contact ID', width: 12, cell: (row) => row.contactId };
  const address: ReportExportColumn = family === 'sms' ? { header: 'Mobile', width: 18, cell: (row) => row.email } : { header: 'Email', width: 32, cell: (row) => row.email };
  const time = (header: string): ReportExportColumn => ({ header, width: 20, cell: (row) => (row.time ? formatTime(Date.parse(row.time)) : null) });
  const count = (header: string): ReportExportColumn => ({ header, width: 10, cell: (row) => row.count ?? 0 });
  switch (view) {
    case 'delivery':
      return [contactId, address, { header: 'Status', width: 12, cell: (row) => row.status ?? '' }, time('Time')];
    case 'open':
      return [contactId, address, count('Opens'), time('Last open')];
    case 'click':
      return [contactId, address, ...(withLink ? [{ header: 'URL', width: 48, cell: (row: TReportRow) => row.url ?? '' }] : []), count('Clicks'), time('Last click')];
    case 'bounce':
      return [
        contactId,
        address,
        ...(family === 'email'
          ? [
              { header: 'Bounce type', width: 12, cell: (row: TReportRow) => row.bounceType ?? '' },
              { header: 'Bounce code', width: 28, cell: (row: TReportRow) => row.code ?? '' },
            ]
          : []),
        { header: 'Reason', width: 40, cell: (row) => row.reason ?? '' },
        time('Time'),
      ];
    case 'failed':
    case 'skipped':
      return [contactId, address, { header: 'Reason', width: 40, cell: (row) => row.reason ?? '' }, time('Time')];
    case 'unsubscribe':
      return [contactId, address, time('Time')];
  }
}

/** How a campaign was (or will be) sent, as the report's state names it (spec §3 "Campaign report state"). */
export function reportMode(campaign: { recurring: unknown; parentId: string | null; scheduleTime: string | null }): 'now' | 'schedule' | 'recurring' {
  if (campaign.recurring !== null || campaign.parentId !== null) return 'recurring';
  return campaign.scheduleTime !== null ? 'schedule' : 'now';
}
