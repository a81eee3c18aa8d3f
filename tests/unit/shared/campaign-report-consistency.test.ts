/**
 * Every view of a report counts what it lists: the counters and the lists are driven through
 * applyEngagementEvent by random recipients' events, in any order, with redeliveries and with
 * writes lost to a crash (the event applied again from the state before it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEngagementEvent, outcomeOf, SKIP_REASONS, type Engagement, type EngagementEvent, type ReportListName } from '../../../shared/domain/campaign-engagement.js';
import { EMAIL_REPORT_VIEWS, EMPTY_COUNTERS, listViewCount, type CampaignCounters } from '../../../shared/domain/campaign-report.js';

type Kind = EngagementEvent['kind'];
type EventBody = { kind: Kind } & Record<string, unknown>;

const eventBody: fc.Arbitrary<EventBody> = fc.oneof(
  fc.constant({ kind: 'sent' as const }),
  fc.constant({ kind: 'delivered' as const }),
  fc.record({ kind: fc.constant('failed' as const), reason: fc.constantFrom('INVALID', 'CARRIER_UNREACHABLE', 'REJECTED'), permanent: fc.boolean() }),
  fc.record({ kind: fc.constant('bounced' as const), bounceType: fc.constantFrom('hard' as const, 'soft' as const), reason: fc.constant('smtp; 550') }),
  fc.record({ kind: fc.constant('skipped' as const), reason: fc.constantFrom(...SKIP_REASONS) }),
  fc.constant({ kind: 'complained' as const }),
  fc.record({ kind: fc.constant('opened' as const), machine: fc.boolean() }),
  fc.record({ kind: fc.constant('clicked' as const), link: fc.constantFrom(0, 1, null) }),
  fc.constant({ kind: 'unsubscribed' as const }),
);

/** What happens to one queued event: applied once, delivered again after it was applied, or its write lost to a crash and retried. */
const delivery = fc.constantFrom('once' as const, 'redelivered' as const, 'crashed' as const);

const scenario = fc
  .array(fc.array(eventBody, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 })
  .chain((recipients) => {
    const events = recipients.flatMap((bodies, contactId) => bodies.map((body, n) => ({ contactId, body, id: `${contactId}/${n}` })));
    return fc.tuple(fc.constant(recipients.length), fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }), fc.array(delivery, { minLength: events.length, maxLength: events.length }), fc.array(fc.integer({ min: 0, max: 59 }), { minLength: events.length, maxLength: events.length }));
  });

/** The table as the data layer writes it: engagements, counters, list entries and totals, each change all or nothing. */
function store(recipients: number) {
  const engagements = new Map<number, Engagement>();
  const counters: CampaignCounters = { ...EMPTY_COUNTERS, recipients };
  const lists = new Map<ReportListName, Map<number, string>>();
  const failureReasons = new Map<string, number>();
  const apply = (contactId: number, event: EngagementEvent, write: boolean) => {
    const change = applyEngagementEvent(engagements.get(contactId) ?? null, event);
    if (!change || !write) return;
    engagements.set(contactId, change.next);
    for (const [name, delta] of Object.entries(change.counters)) counters[name as keyof CampaignCounters] += delta ?? 0;
    for (const { list, time } of change.leaves) {
      expect(lists.get(list)?.get(contactId)).toBe(time);
      lists.get(list)!.delete(contactId);
    }
    for (const list of change.joins) {
      const entries = lists.get(list) ?? new Map<number, string>();
      expect(entries.has(contactId)).toBe(false);
      lists.set(list, entries.set(contactId, event.time));
    }
    for (const [code, delta] of Object.entries(change.totals.failureReasons ?? {})) failureReasons.set(code, (failureReasons.get(code) ?? 0) + delta);
  };
  return { engagements, counters, lists, failureReasons, apply };
}

describe('report counters and lists', () => {
  it('agree for every view, and every recipient has exactly one outcome, whatever the order, redeliveries and crashes', () => {
    fc.assert(
      fc.property(scenario, ([recipients, events, deliveries, minutes]) => {
        // Prepare
        const table = store(recipients);

        // Act
        events.forEach(({ contactId, body, id }, n) => {
          const event = { id, time: new Date(Date.UTC(2026, 10, 27, 10, minutes[n])).toISOString(), address: `r${contactId}@example.com`, ...body } as EngagementEvent;
          if (deliveries[n] === 'crashed') table.apply(contactId, event, false);
          table.apply(contactId, event, true);
          if (deliveries[n] === 'redelivered') table.apply(contactId, event, true);
        });

        // Assess
        const listed = (list: ReportListName) => table.lists.get(list)?.size ?? 0;
        for (const view of EMAIL_REPORT_VIEWS) {
          if (view !== 'overview') expect(listViewCount(view, table.counters), view).toBe(listed(view));
        }
        for (const link of [0, 1]) expect(listed(`link.${link}`)).toBe([...table.engagements.values()].filter((each) => (each.linkClicks[String(link)] ?? 0) > 0).length);
        const outcomes = [...table.engagements.values()].map(outcomeOf);
        expect(table.counters.delivered).toBe(outcomes.filter((outcome) => outcome === 'delivered').length);
        for (const [contactId, engagement] of table.engagements) {
          const inOutcomeLists = (['failed', 'bounce', 'skipped'] as const).filter((list) => table.lists.get(list)?.has(contactId));
          expect(inOutcomeLists.length).toBe(['failed', 'bounced', 'skipped'].includes(outcomeOf(engagement)) ? 1 : 0);
        }
        const byCode = new Map<string, number>();
        for (const engagement of table.engagements.values()) if (outcomeOf(engagement) === 'failed') byCode.set(engagement.failureReason!, (byCode.get(engagement.failureReason!) ?? 0) + 1);
        expect(new Map([...table.failureReasons].filter(([, count]) => count !== 0))).toEqual(byCode);
      }),
      { numRuns: 300 },
    );
  });
});
