import { describe, expect, it } from 'vitest';
import { normalizeTags, replicaName } from '../../../shared/domain/campaign-fields.js';
import { freeEmailCreditsLeft, imageHeavyContent, MIN_TEXT_WITH_IMAGES, missingForSend } from '../../../shared/domain/campaign-readiness.js';
import { EMPTY_COUNTERS, percentSent, reportRates } from '../../../shared/domain/campaign-report.js';
import { nextOccurrence, type RecurringRule, scheduleProblem, serviceDay } from '../../../shared/domain/campaign-schedule.js';
import { CAMPAIGN_ACTIONS, type CampaignStateView, isEditable, refusalOf, statusAfter } from '../../../shared/domain/campaign-states.js';
import { isInTab } from '../../../shared/domain/campaign-tabs.js';
import { STARTER_LAYOUTS } from '../../../web/src/components/templates/starter-layouts.js';

const view = (status: CampaignStateView['status'], approval: CampaignStateView['approval'] = null, recurring = false): CampaignStateView => ({ status, approval, recurring });

describe('campaign transitions (spec §4)', () => {
  it.each([
    ['sendNow', 'draft', 'started'],
    ['sendNow', 'cancelled', 'started'],
    ['schedule', 'draft', 'scheduled'],
    ['cancel', 'scheduled', 'cancelled'],
    ['pause', 'started', 'paused'],
    ['pause', 'resumed', 'paused'],
    ['resume', 'paused', 'resumed'],
    ['stop', 'paused', 'stopped'],
    ['recover', 'stopped', 'recovered'],
  ] as const)('%s from %s leads to %s', (action, from, to) => {
    expect(refusalOf(action, view(from))).toBeNull();
    expect(statusAfter(action, view(from))).toBe(to);
  });

  it('refuses every action from a finished campaign', () => {
    for (const action of CAMPAIGN_ACTIONS) expect(refusalOf(action, view('finished'))).toBe('wrongStatus');
  });

  it('keeps a campaign waiting for approval from being sent another way', () => {
    expect(refusalOf('sendNow', view('draft', 'waiting'))).toBe('awaitingApproval');
    expect(refusalOf('requestApproval', view('draft', 'waiting'))).toBe('awaitingApproval');
    expect(refusalOf('approve', view('draft', 'waiting'))).toBeNull();
    expect(refusalOf('approve', view('draft', 'rejected'))).toBe('noApprovalRequest');
    expect(isEditable(view('draft', 'waiting'))).toBe(false);
  });

  it('tells recurring schedules from one-off ones', () => {
    expect(refusalOf('cancel', view('scheduled', null, true))).toBe('wrongStatus');
    expect(refusalOf('modifyRecurring', view('scheduled'))).toBe('notRecurring');
    expect(refusalOf('deactivateRecurring', view('scheduled', null, true))).toBeNull();
  });

  it('puts each status in its list tab', () => {
    expect(isInTab(view('paused'), 'sending')).toBe(true);
    expect(isInTab(view('cancelled'), 'stopped')).toBe(true);
    expect(isInTab(view('finished'), 'sent')).toBe(true);
    expect(isInTab(view('draft', 'waiting'), 'approval')).toBe(true);
    expect(isInTab(view('draft'), 'approval')).toBe(false);
  });
});

describe('schedules in the service time zone (Asia/Hong_Kong, UTC+8)', () => {
  const now = new Date('2026-11-24T23:00:00Z'); // Wednesday 07:00 in Hong Kong

  it('accepts a time from 5 minutes to a year ahead', () => {
    expect(scheduleProblem(new Date(now.getTime() + 4 * 60_000), now)).toBe('tooSoon');
    expect(scheduleProblem(new Date(now.getTime() + 6 * 60_000), now)).toBeNull();
    expect(scheduleProblem(new Date(now.getTime() + 400 * 86_400_000), now)).toBe('tooLate');
  });

  it('finds the next daily, weekly and monthly occurrence', () => {
    const base = { time: '09:30', startsAt: '2026-01-01T00:00:00Z' };
    expect(nextOccurrence({ ...base, frequency: 'daily' }, now)?.toISOString()).toBe('2026-11-25T01:30:00.000Z');
    expect(nextOccurrence({ ...base, frequency: 'daily', time: '06:00' }, now)?.toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(nextOccurrence({ ...base, frequency: 'weekly', weekdays: [1] }, now)?.toISOString()).toBe('2026-11-30T01:30:00.000Z');
    expect(nextOccurrence({ ...base, frequency: 'monthly', dayOfMonth: 31 }, now)?.toISOString()).toBe('2026-11-30T01:30:00.000Z');
  });

  it('starts no earlier than startsAt and ends at until', () => {
    const rule: RecurringRule = { frequency: 'daily', time: '09:30', startsAt: '2026-12-01T00:00:00Z', until: '2026-12-02T00:00:00Z' };
    expect(nextOccurrence(rule, now)?.toISOString()).toBe('2026-12-01T01:30:00.000Z');
    expect(nextOccurrence(rule, new Date('2026-12-01T02:00:00Z'))).toBeNull();
  });

  it('renews free daily credits at midnight in Hong Kong', () => {
    expect(serviceDay(new Date('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(serviceDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(freeEmailCreditsLeft({ freeEmailDay: '2026-11-25', freeEmailUsed: 120 }, now)).toBe(180);
    expect(freeEmailCreditsLeft({ freeEmailDay: '2026-11-24', freeEmailUsed: 300 }, now)).toBe(300);
  });
});

describe('readiness and reports', () => {
  it('names what a send still lacks', () => {
    expect(missingForSend({})).toEqual(['recipients', 'subject', 'sender', 'content']);
    expect(
      missingForSend({
        pastedEmails: ['a@example.com'],
        subject: 'Hi',
        senderEmail: 'me@example.com',
        content: { html: '<p>Hi</p>' },
      }),
    ).toEqual([]);
  });

  describe('image-heavy email (the pre-send warning)', () => {
    const photo = '<img src="https://cdn.example.org/autumn.jpg" width="600" alt="Our autumn collection">';
    const words = (characters: number) => 'x'.repeat(characters);

    it('warns of an image with a sentence, counting visible characters only', () => {
      expect(imageHeavyContent(`${photo}<p>Our autumn collection is in the shop now.</p>`)).toEqual({ images: 1, textCharacters: 'Our autumn collection is in the shop now.'.length });
      expect(imageHeavyContent(`<div>${photo}</div><div>${photo}</div>`)).toEqual({ images: 2, textCharacters: 0 });
    });

    it('leaves out what is not shown: head, styles, comments, template tags; a run of spaces is one', () => {
      const html = `<html><head><title>${words(600)}</title><style>p{color:red}</style></head><body><!-- ${words(600)} -->${photo}<p>Hello {{ field:f1 | there }},&nbsp;&nbsp; see   you &amp; yours</p></body></html>`;
      expect(imageHeavyContent(html)).toEqual({ images: 1, textCharacters: 'Hello , see you & yours'.length });
    });

    it(`is quiet from ${MIN_TEXT_WITH_IMAGES} characters of text, whatever the number of images, and for text alone`, () => {
      expect(imageHeavyContent(`${photo}<p>${words(MIN_TEXT_WITH_IMAGES - 1)}</p>`)).toEqual({ images: 1, textCharacters: MIN_TEXT_WITH_IMAGES - 1 });
      expect(imageHeavyContent(`${photo}${photo}${photo}<p>${words(MIN_TEXT_WITH_IMAGES)}</p>`)).toBeNull();
      expect(imageHeavyContent('<p>See you on Friday.</p>')).toBeNull();
    });

    it.each(Object.keys(STARTER_LAYOUTS) as (keyof typeof STARTER_LAYOUTS)[])('is quiet for the %s starter layout', (layout) => {
      expect(imageHeavyContent(STARTER_LAYOUTS[layout])).toBeNull();
    });
  });

  it('computes rates on the industry denominators and never over 100%', () => {
    const counters = { ...EMPTY_COUNTERS, recipients: 100, sent: 100, delivered: 80, uniqueOpens: 40, uniqueClicks: 10, hardBounces: 15, softBounces: 5, unsubscribes: 2 };
    expect(reportRates(counters)).toMatchObject({ deliveryRate: 0.8, openRate: 0.5, clickRate: 0.125, clickToOpenRate: 0.25, bounceRate: 0.2, unsubscribeRate: 0.025 });
    expect(reportRates(EMPTY_COUNTERS).openRate).toBe(0);
    expect(percentSent({ recipients: 3, sent: 1, unsent: 0 })).toBe(33.3);
  });

  it('names replicas and cleans tags', () => {
    expect(replicaName('Spring', 1)).toBe('Spring (copy)');
    expect(replicaName('x'.repeat(100), 3)).toHaveLength(100);
    expect(normalizeTags([' VIP', 'vip ', '', 'Spring'])).toEqual(['VIP', 'Spring']);
  });
});
