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

/** A recipient's delivery status as the delivery view shows it, in rising precedence. */
export const DELIVERY_STATUSES = ['sent', 'failed', 'delivered', 'bounced', 'complained'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type BounceKind = 'hard' | 'soft';

/** A delivery event (SES through SNS) or a tracking event (our open, click and unsubscribe links), normalised. */
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
  /** The provider refused the message before sending it (SES Reject). */
  | { kind: 'failed' }
  | { kind: 'bounced'; bounceType: BounceKind; reason: string }
  | { kind: 'complained' }
  | { kind: 'opened' }
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
  bounceTime: string | null;
  complaintTime: string | null;
  opens: number;
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

/** Per-campaign totals the counters do not hold: list sizes and each link's clicks. */
export type ReportTotalsDelta = {
  delivery?: number;
  bounce?: number;
  /** By link number. */
  linkClicks?: { link: number; clicks: number; uniqueClicks: number };
  /** Failed recipients by the status code that ended them (SMS and MMS receipts), moved when a soft failure turns hard. */
  failureReasons?: Record<string, number>;
};

/**
 * The status code a failure reason starts with ("INVALID: …" from an SMS or MMS receipt), the key
 * the report counts failures by; null for reasons without one (SES's free-text diagnostics).
 */
export function failureReasonCode(reason: string | null): string | null {
  return /^([A-Z][A-Z0-9_]{1,39}):/.exec(reason ?? '')?.[1] ?? null;
}

export type EngagementChange = {
  next: Engagement;
  counters: Partial<CampaignCounters>;
  /** The lists the recipient joins with this event (entered at the event's time). */
  joins: ReportListName[];
  totals: ReportTotalsDelta;
  /** Opens and clicks to add to the hour of the event. */
  timeline: { opens: number; clicks: number } | null;
};

const STATUS_RANK: Record<DeliveryStatus, number> = { sent: 0, failed: 1, delivered: 2, bounced: 3, complained: 4 };

function withStatus(engagement: Engagement, status: DeliveryStatus, time: string): void {
  if (STATUS_RANK[status] > STATUS_RANK[engagement.status]) {
    engagement.status = status;
    engagement.statusTime = time;
  }
}

function firstSight(time: string, address: string | null): Engagement {
  return {
    address,
    status: 'sent',
    statusTime: time,
    deliveredTime: null,
    bounceType: null,
    bounceReason: null,
    bounceTime: null,
    complaintTime: null,
    opens: 0,
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
 * What `event` changes for a recipient whose engagement is `current` (null before any event);
 * null when it changes nothing (a redelivery, or a fact already known), so nothing is written.
 */
export function applyEngagementEvent(current: Engagement | null, event: EngagementEvent): EngagementChange | null {
  if (current?.recentEventIds.includes(event.id)) return null;
  const next: Engagement = current ? { ...current, linkClicks: { ...current.linkClicks } } : firstSight(event.time, event.address);
  next.address ??= event.address;
  const counters: Partial<CampaignCounters> = {};
  const joins: ReportListName[] = current ? [] : ['delivery'];
  const totals: ReportTotalsDelta = current ? {} : { delivery: 1 };
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
      if (next.status === 'sent') {
        withStatus(next, 'failed', event.time);
        changed = true;
      }
      break;
    case 'delivered':
      if (next.deliveredTime === null) {
        next.deliveredTime = event.time;
        withStatus(next, 'delivered', event.time);
        add('delivered');
        changed = true;
      }
      break;
    case 'bounced': {
      const reasons: Record<string, number> = {};
      const count = (reason: string | null, delta: number) => {
        const code = failureReasonCode(reason);
        if (code) reasons[code] = (reasons[code] ?? 0) + delta;
      };
      if (next.bounceType === null) {
        add(event.bounceType === 'hard' ? 'hardBounces' : 'softBounces');
        joins.push('bounce');
        totals.bounce = 1;
        count(event.reason, 1);
      } else if (next.bounceType === 'soft' && event.bounceType === 'hard') {
        // A temporary failure that became permanent is one hard bounce, not two bounces.
        add('hardBounces');
        add('softBounces', -1);
        count(next.bounceReason, -1);
        count(event.reason, 1);
      } else break;
      if (Object.values(reasons).some((delta) => delta !== 0)) totals.failureReasons = reasons;
      next.bounceType = event.bounceType;
      next.bounceReason = event.reason;
      next.bounceTime = event.time;
      withStatus(next, 'bounced', event.time);
      changed = true;
      break;
    }
    case 'complained':
      if (next.complaintTime === null) {
        next.complaintTime = event.time;
        withStatus(next, 'complained', event.time);
        add('complaints');
        changed = true;
      }
      break;
    case 'opened':
      open(false);
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
  next.recentEventIds = [...(current?.recentEventIds ?? []), event.id].slice(-RECENT_EVENT_IDS);
  return { next, counters, joins, totals, timeline: timeline.opens + timeline.clicks > 0 ? timeline : null };
}

/** Events after which the address must never be mailed again, and how (spec §4; docs/decisions.md). */
export type Suppression = 'hardBounce' | 'complaint' | 'unsubscribe';

export function suppressionOf(event: EngagementEvent): Suppression | null {
  if (event.kind === 'bounced' && event.bounceType === 'hard') return 'hardBounce';
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
      return { ...base, time: engagement.bounceTime, bounceType: engagement.bounceType ?? 'soft', reason: engagement.bounceReason ?? '' };
    case 'unsubscribe':
      return { ...base, time: engagement.unsubscribeTime };
  }
}

/** A column of a report list's export: its header, its width in a spreadsheet and its cell of a row. */
export type ReportExportColumn = { header: string; width: number; cell(row: TReportRow): string | number | null };

/**
 * The export's columns of each list view. The address is the email or the mobile number the
 * message went to; an SMS failure has the carrier's reason but no hard or soft type. Times are in
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
        ...(family === 'email' ? [{ header: 'Bounce type', width: 12, cell: (row: TReportRow) => row.bounceType ?? '' }] : []),
        { header: 'Reason', width: 40, cell: (row) => row.reason ?? '' },
        time('Time'),
      ];
    case 'unsubscribe':
      return [contactId, address, time('Time')];
  }
}

/** How a campaign was (or will be) sent, as the report's state names it (spec §3 "Campaign report state"). */
export function reportMode(campaign: { recurring: unknown; parentId: string | null; scheduleTime: string | null }): 'now' | 'schedule' | 'recurring' {
  if (campaign.recurring !== null || campaign.parentId !== null) return 'recurring';
  return campaign.scheduleTime !== null ? 'schedule' : 'now';
}
