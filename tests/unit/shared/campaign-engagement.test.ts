import { describe, expect, it } from 'vitest';
import {
  applyEngagementEvent,
  bounceKindOf,
  channelOfAddress,
  smsFailureKindOf,
  reportExportColumns,
  reportMode,
  suppressedContact,
  suppressionOf,
  timelineHour,
  toReportRow,
  type Engagement,
  type EngagementEvent,
} from '../../../shared/domain/campaign-engagement.js';
import type { ContactRecord } from '../../../shared/domain/contacts.js';

let ids = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
const event = (fields: Partial<EngagementEvent> & Pick<EngagementEvent, 'kind'>, minute = 0): EngagementEvent =>
  ({ id: `e${(ids += 1)}`, time: at(minute), address: 'ada@example.com', ...fields }) as EngagementEvent;

/** Applies events in order, as the worker would; returns the last engagement and the summed counter deltas. */
function run(events: EngagementEvent[]) {
  let engagement: Engagement | null = null;
  const counters: Record<string, number> = {};
  const joins: string[] = [];
  for (const each of events) {
    const change = applyEngagementEvent(engagement, each);
    if (!change) continue;
    engagement = change.next;
    joins.push(...change.joins);
    for (const [name, value] of Object.entries(change.counters)) counters[name] = (counters[name] ?? 0) + (value ?? 0);
  }
  return { engagement: engagement!, counters, joins };
}

describe('applyEngagementEvent', () => {
  it('changes nothing for an event it already applied (a redelivery)', () => {
    // Prepare
    const open = event({ kind: 'opened' });
    const first = applyEngagementEvent(null, open)!;
    // Act
    const again = applyEngagementEvent(first.next, open);
    // Assess
    expect(again).toBeNull();
  });

  it('counts every open and one unique open, and puts the recipient on the delivery and open lists once', () => {
    // Act
    const { engagement, counters, joins } = run([event({ kind: 'opened' }, 5), event({ kind: 'opened' }, 1), event({ kind: 'opened' }, 9)]);
    // Assess
    expect(counters).toEqual({ opens: 3, uniqueOpens: 1 });
    expect(joins).toEqual(['delivery', 'open']);
    expect(engagement).toMatchObject({ opens: 3, firstOpen: at(1), lastOpen: at(9), status: 'sent' });
  });

  it('counts a proxy’s open as a machine open, apart from a person’s opens and openers', () => {
    // Act
    const { counters, joins } = run([event({ kind: 'opened', machine: true }), event({ kind: 'opened', machine: true })]);
    // Assess
    expect(counters).toEqual({ machineOpens: 2 });
    expect(joins).toEqual(['delivery']);
  });

  it('counts clicks per link, and a click without a seen open as an opener but not as an open', () => {
    // Act
    const { engagement, counters, joins } = run([event({ kind: 'clicked', link: 0 }), event({ kind: 'clicked', link: 0 }), event({ kind: 'clicked', link: 2 }), event({ kind: 'opened' })]);
    // Assess
    expect(counters).toEqual({ clicks: 3, uniqueClicks: 1, uniqueOpens: 1, opens: 1 });
    expect(joins).toEqual(['delivery', 'open', 'click', 'link.0', 'link.2']);
    expect(engagement.linkClicks).toEqual({ 0: 2, 2: 1 });
  });

  it('gives a link its clicks and unique clickers in the totals', () => {
    // Prepare
    const first = applyEngagementEvent(null, event({ kind: 'clicked', link: 3 }))!;
    // Act
    const second = applyEngagementEvent(first.next, event({ kind: 'clicked', link: 3 }))!;
    // Assess
    expect(first.totals).toEqual({ linkClicks: { link: 3, clicks: 1, uniqueClicks: 1 } });
    expect(second.totals).toEqual({ linkClicks: { link: 3, clicks: 1, uniqueClicks: 0 } });
    expect(second.timeline).toEqual({ opens: 0, clicks: 1 });
  });

  it('counts a soft bounce that turns hard as one hard bounce, and ignores a repeated one', () => {
    // Act
    const { engagement, counters, joins } = run([
      event({ kind: 'sent' }),
      event({ kind: 'bounced', bounceType: 'soft', reason: 'mailbox full' }, 1),
      event({ kind: 'bounced', bounceType: 'hard', reason: 'user unknown' }, 2),
      event({ kind: 'bounced', bounceType: 'hard', reason: 'user unknown' }, 3),
    ]);
    // Assess
    expect(counters).toEqual({ softBounces: 0, hardBounces: 1 });
    expect(joins).toEqual(['delivery', 'bounce']);
    expect(engagement).toMatchObject({ status: 'bounced', bounceType: 'hard', bounceReason: 'user unknown', bounceTime: at(2) });
  });

  it("keeps the bounce's code of the bounce it keeps, and lists it beside the server's words", () => {
    // Act
    const { engagement } = run([
      event({ kind: 'sent' }),
      event({ kind: 'bounced', bounceType: 'soft', reason: '452 mailbox full', code: 'Transient/MailboxFull' }, 1),
      event({ kind: 'bounced', bounceType: 'hard', reason: '550 no such user', code: 'Permanent/NoEmail' }, 2),
    ]);
    // Assess
    expect(engagement.bounceCode).toBe('Permanent/NoEmail');
    expect(toReportRow('bounce', 7, engagement)).toMatchObject({ bounceType: 'hard', code: 'Permanent/NoEmail', reason: '550 no such user' });
  });

  it('fails an SMS once, with its code in the failed list and the breakdown', () => {
    // Prepare
    const sms = (fields: Partial<EngagementEvent> & Pick<EngagementEvent, 'kind'>, minute = 0) => event({ ...fields, address: '+85291234567' }, minute);
    const reasons: Record<string, number> = {};
    let engagement: Engagement | null = null;
    const joins: string[] = [];

    // Act
    for (const each of [sms({ kind: 'failed', reason: 'CARRIER_UNREACHABLE', permanent: false }, 1), sms({ kind: 'failed', reason: 'INVALID', permanent: true }, 2)]) {
      const change = applyEngagementEvent(engagement, each);
      if (!change) continue;
      engagement = change.next;
      joins.push(...change.joins);
      for (const [code, delta] of Object.entries(change.totals.failureReasons ?? {})) reasons[code] = (reasons[code] ?? 0) + delta;
    }

    // Assess
    expect(reasons).toEqual({ CARRIER_UNREACHABLE: 1 });
    expect(joins).toEqual(['delivery', 'failed']);
    expect(engagement).toMatchObject({ status: 'failed', failureReason: 'CARRIER_UNREACHABLE', outcomeTime: at(1) });
  });

  it('moves a delivered recipient that bounces later out of delivered, counted once as a bounce', () => {
    // Act
    const { counters, joins } = run([event({ kind: 'delivered' }, 1), event({ kind: 'bounced', bounceType: 'hard', reason: 'user unknown' }, 2)]);
    // Assess
    expect(counters).toEqual({ delivered: 0, hardBounces: 1 });
    expect(joins).toEqual(['delivery', 'bounce']);
  });

  it('keeps the strongest delivery status whatever order events arrive in', () => {
    // Act
    const { engagement, counters } = run([event({ kind: 'complained' }, 5), event({ kind: 'delivered' }, 1), event({ kind: 'sent' })]);
    // Assess
    expect(engagement.status).toBe('complained');
    expect(counters).toEqual({ complaints: 1, delivered: 1 });
  });

  it('counts one unsubscribe per recipient', () => {
    // Act
    const { counters, joins } = run([event({ kind: 'unsubscribed' }), event({ kind: 'unsubscribed' }, 1)]);
    // Assess
    expect(counters).toEqual({ unsubscribes: 1 });
    expect(joins).toEqual(['delivery', 'unsubscribe']);
  });

  it('keeps the latest event ids only, enough to recognise a redelivery', () => {
    // Act
    const { engagement } = run(Array.from({ length: 60 }, (_, i) => event({ kind: 'opened' }, i % 60)));
    // Assess
    expect(engagement.recentEventIds).toHaveLength(50);
    expect(engagement.opens).toBe(60);
  });
});

describe('suppression', () => {
  const contact: ContactRecord = { id: 1, email: 'a@example.com', mobile: null, emailSubscribe: true, smsSubscribe: true, emailBounce: 'none', smsBounce: 'none', fields: {}, createTime: 0, updateTime: 0 };

  it('suppresses after hard bounces, complaints and unsubscribes only', () => {
    expect(suppressionOf(event({ kind: 'bounced', bounceType: 'hard', reason: '' }))).toBe('hardBounce');
    expect(suppressionOf(event({ kind: 'bounced', bounceType: 'soft', reason: '' }))).toBeNull();
    expect(suppressionOf(event({ kind: 'complained' }))).toBe('complaint');
    expect(suppressionOf(event({ kind: 'unsubscribed' }))).toBe('unsubscribe');
    expect(suppressionOf(event({ kind: 'opened' }))).toBeNull();
  });

  it('marks a hard bounce on the address and withdraws consent otherwise, leaving a suppressed contact as it is', () => {
    expect(suppressedContact(contact, 'email', 'hardBounce', 5)).toMatchObject({ emailBounce: 'hard', emailSubscribe: true, updateTime: 5 });
    expect(suppressedContact(contact, 'email', 'complaint', 5)).toMatchObject({ emailBounce: 'none', emailSubscribe: false });
    const unsubscribed = { ...contact, emailSubscribe: false };
    expect(suppressedContact(unsubscribed, 'email', 'unsubscribe', 5)).toBe(unsubscribed);
  });

  it('suppresses a mobile number on the SMS channel only', () => {
    const mobile = { ...contact, mobile: '+85291234567' };
    expect(suppressedContact(mobile, 'sms', 'hardBounce', 5)).toMatchObject({ smsBounce: 'hard', smsSubscribe: true, emailBounce: 'none', updateTime: 5 });
    expect(suppressedContact(mobile, 'sms', 'unsubscribe', 5)).toMatchObject({ smsSubscribe: false, emailSubscribe: true, smsBounce: 'none' });
    const stopped = { ...mobile, smsSubscribe: false };
    expect(suppressedContact(stopped, 'sms', 'unsubscribe', 5)).toBe(stopped);
  });

  it('tells a mobile number from an email address', () => {
    expect([channelOfAddress('+85291234567'), channelOfAddress('a@example.com')]).toEqual(['sms', 'email']);
  });

  it('reads End User Messaging failures: invalid, blocked and spam are hard; unreachable, expired, unknown and media problems soft; successes none', () => {
    expect(['INVALID', 'BLOCKED', 'CARRIER_BLOCKED', 'SPAM'].map(smsFailureKindOf)).toEqual(['hard', 'hard', 'hard', 'hard']);
    expect(['CARRIER_UNREACHABLE', 'UNREACHABLE', 'TTL_EXPIRED', 'UNKNOWN', 'FILE_INACCESSIBLE'].map(smsFailureKindOf)).toEqual(['soft', 'soft', 'soft', 'soft', 'soft']);
    expect(['DELIVERED', 'SUCCESSFUL', 'QUEUED', 'PENDING'].map(smsFailureKindOf)).toEqual([null, null, null, null]);
  });

  it('reads SES Permanent as hard, Transient and Undetermined as soft', () => {
    expect([bounceKindOf('Permanent'), bounceKindOf('Transient'), bounceKindOf('Undetermined')]).toEqual(['hard', 'soft', 'soft']);
  });
});

describe('report rows and state', () => {
  const { engagement } = run([event({ kind: 'delivered' }, 1), event({ kind: 'clicked', link: 1 }, 2), event({ kind: 'clicked', link: 0 }, 3)]);

  it('shows each list view its own columns of the engagement', () => {
    expect(toReportRow('delivery', 7, engagement)).toEqual({ contactId: '7', email: 'ada@example.com', status: 'delivered', time: at(1) });
    expect(toReportRow('click', 7, engagement)).toEqual({ contactId: '7', email: 'ada@example.com', time: at(3), count: 2 });
    expect(toReportRow('click', 7, engagement, { index: 1, url: 'https://x.example' })).toMatchObject({ count: 1, url: 'https://x.example' });
    expect(toReportRow('open', 7, engagement)).toMatchObject({ count: 0, time: at(2) });
  });

  it('exports each list view under its own headers; an SMS failure under the number, with its reason and no bounce type', () => {
    // Prepare
    const formatTime = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 16);
    const headers = (view: Parameters<typeof reportExportColumns>[0], family: 'email' | 'sms', withLink = false) =>
      reportExportColumns(view, { family, withLink, formatTime }).map((column) => column.header);
    const failed = { contactId: '9', email: '+85257048427', time: at(5), bounceType: 'hard' as const, reason: 'INVALID: Destination phone number is invalid' };

    // Act
    const smsCells = reportExportColumns('bounce', { family: 'sms', withLink: false, formatTime }).map((column) => column.cell(failed));
    const clickCells = reportExportColumns('click', { family: 'email', withLink: true, formatTime }).map((column) => column.cell(toReportRow('click', 7, engagement, { index: 1, url: 'https://x.example' })));

    // Assess
    expect(headers('bounce', 'email')).toEqual(['Contact ID', 'Email', 'Bounce type', 'Bounce code', 'Reason', 'Time']);
    expect(headers('bounce', 'sms')).toEqual(['Contact ID', 'Mobile', 'Reason', 'Time']);
    expect(headers('click', 'email', true)).toEqual(['Contact ID', 'Email', 'URL', 'Clicks', 'Last click']);
    expect(headers('unsubscribe', 'sms')).toEqual(['Contact ID', 'Mobile', 'Time']);
    expect(smsCells).toEqual(['9', '+85257048427', 'INVALID: Destination phone number is invalid', '2026-11-24T10:05']);
    expect(clickCells).toEqual(['7', 'ada@example.com', 'https://x.example', 1, '2026-11-24T10:03']);
    expect(reportExportColumns('unsubscribe', { family: 'email', withLink: false, formatTime })[2]!.cell({ contactId: '1', email: 'a@b.c', time: null })).toBeNull();
  });

  it('names the send mode: recurring, scheduled, or now', () => {
    expect(reportMode({ recurring: { frequency: 'daily' }, parentId: null, scheduleTime: null })).toBe('recurring');
    expect(reportMode({ recurring: null, parentId: 'p', scheduleTime: null })).toBe('recurring');
    expect(reportMode({ recurring: null, parentId: null, scheduleTime: at(0) })).toBe('schedule');
    expect(reportMode({ recurring: null, parentId: null, scheduleTime: null })).toBe('now');
  });

  it('buckets the timeline by UTC hour', () => {
    expect(timelineHour('2026-11-24T10:59:59.999Z')).toBe('2026-11-24T10:00:00.000Z');
  });
});
