/**
 * A campaign's report counts what it lists, and its progress item ends with it: an email and an
 * SMS campaign go to the sink's failing, bouncing and opted-out addresses, and every list view's
 * overview number is compared with the recipients the view pages through.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCampaignCounters } from '../../../functions/data/campaign-counters.js';
import { recordEngagementChange } from '../../../functions/data/campaign-engagement.js';
import { keys } from '../../../functions/data/keys.js';
import { table } from '../../../functions/data/table-client.js';
import { runMigrations, SMS_FAILURES_MIGRATION } from '../../../functions/services/migrations.js';
import { sinkEventsPublished, SIMULATOR_ADDRESSES, SMS_SIMULATOR_NUMBERS } from '../../../functions/channels/sink-events.js';
import { getCampaignReport } from '../../../functions/services/campaigns/campaign-reports.js';
import { getProgressItems, reportProgress, STALE_PROGRESS_MS } from '../../../functions/services/notifications/notifications.js';
import { runAccountHousekeeping } from '../../../functions/services/session/account-housekeeping.js';
import { addAllowedCallingCode } from '../../../functions/data/sms-settings.js';
import type { CampaignFamily } from '../../../shared/domain/campaign-channels.js';
import type { BounceKind, Engagement } from '../../../shared/domain/campaign-engagement.js';
import { EMAIL_REPORT_VIEWS } from '../../../shared/domain/campaign-report.js';
import type { TProgressPayload } from '../../../shared/schemas/realtime.js';
import { useTestTable } from '../../helpers/emulators.js';
import { drainQueue } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, smsCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

beforeAll(async () => {
  await useTestTable();
});

/** Runs the planner, the delivery workers and the provider's events until the campaign is through. */
async function send(...args: Parameters<typeof startedCampaign>) {
  const started = await startedCampaign(...args);
  await drainQueue('campaign-plan');
  await drainQueue('campaign-delivery');
  await sinkEventsPublished();
  await drainQueue('delivery-events');
  return started;
}

/** Every list view's overview number beside the recipients it lists, read page by page as the report page does. */
async function countersAndLists(tuid: string, family: CampaignFamily, campaignId: string) {
  const read = (view: (typeof EMAIL_REPORT_VIEWS)[number], page: number) => getCampaignReport({ tuid, loginTuid: tuid, family, view, campaignId, query: { page, limit: 2 } });
  const overview = await read('overview', 1);
  const views: Record<string, { total: number | undefined; listed: string[] }> = {};
  for (const view of EMAIL_REPORT_VIEWS.filter((name) => name !== 'overview')) {
    const listed: string[] = [];
    let answer = await read(view, 1);
    for (let page = 2; (answer.rows ?? []).length > 0 && page < 50; page += 1) {
      listed.push(...(answer.rows ?? []).map((row) => row.contactId));
      answer = await read(view, page);
    }
    views[view] = { total: answer.total, listed };
  }
  return { overview, views };
}

function expectEveryViewToCountItsList({ overview, views }: Awaited<ReturnType<typeof countersAndLists>>) {
  const { counters } = overview;
  const expected: Record<string, number> = {
    delivery: counters.recipients,
    open: counters.uniqueOpens,
    click: counters.uniqueClicks,
    bounce: counters.hardBounces + counters.softBounces,
    failed: counters.failed,
    skipped: counters.skipped,
    unsubscribe: counters.unsubscribes,
  };
  for (const [view, { total, listed }] of Object.entries(views)) {
    expect(new Set(listed).size, view).toBe(listed.length);
    expect([view, listed.length, total]).toEqual([view, expected[view], expected[view]]);
  }
  // Each recipient in exactly one outcome.
  expect(counters.delivered + counters.hardBounces + counters.softBounces + counters.failed + counters.skipped).toBe(counters.recipients);
  expect((overview.failureReasons ?? []).reduce((sum, item) => sum + item.count, 0)).toBe(counters.failed);
}

describe('a campaign report', () => {
  it('lists every SMS recipient in one outcome: delivered, failed with its code, skipped as opted out or for its country', async () => {
    // Prepare: one number of a country the account does not allow.
    const account = await seedAccount({ smsCredits: 100 });
    await addAllowedCallingCode(account.tuid, '852', new Date().toISOString());
    const mobiles = ['+85291234561', SMS_SIMULATOR_NUMBERS.invalid, SMS_SIMULATOR_NUMBERS.unreachable, SMS_SIMULATOR_NUMBERS.optedOut, '+8613800138001'];
    await seedContacts(account.tuid, mobiles.length, { emailOf: () => null, mobileOf: (n) => mobiles[n]! });

    // Act
    const { campaignId } = await send(account, smsCommand(), 'sms');
    const report = await countersAndLists(account.tuid, 'sms', campaignId);

    // Assess
    expect(report.overview.counters).toMatchObject({ recipients: 5, sent: 3, delivered: 1, failed: 2, skipped: 2, hardBounces: 0, softBounces: 0 });
    expect(report.overview.failureReasons).toEqual([
      { reason: 'CARRIER_UNREACHABLE', count: 1 },
      { reason: 'INVALID', count: 1 },
    ]);
    expectEveryViewToCountItsList(report);
    const skipped = await getCampaignReport({ tuid: account.tuid, loginTuid: account.tuid, family: 'sms', view: 'skipped', campaignId, query: { page: 1, limit: 10 } });
    expect(skipped.rows?.map((row) => [row.email, row.reason]).sort()).toEqual([
      [SMS_SIMULATOR_NUMBERS.optedOut, 'optedOut'],
      ['+8613800138001', 'countryNotAllowed'],
    ]);
  });

  it('lists every email recipient in one outcome: delivered, bounced hard or soft', async () => {
    // Prepare
    const account = await seedAccount();
    const emails = ['reader@example.com', SIMULATOR_ADDRESSES.hardBounce, SIMULATOR_ADDRESSES.softBounce, SIMULATOR_ADDRESSES.complaint];
    await seedContacts(account.tuid, emails.length, { emailOf: (n) => emails[n]!, mobileOf: () => null });

    // Act
    const { campaignId } = await send(account, emailCommand(account.login));
    const report = await countersAndLists(account.tuid, 'email', campaignId);

    // Assess
    expect(report.overview.counters).toMatchObject({ recipients: 4, sent: 4, delivered: 2, hardBounces: 1, softBounces: 1, complaints: 1 });
    expectEveryViewToCountItsList(report);
  });
});

/**
 * An SMS recipient's failure as reports kept it before SMS failures were failures: a bounce (the
 * last receipt's kind, reason and time on the engagement), its `bounce` list entry at the first
 * bounce, a bounce counter, a delivery counted beside it, the failure code counted when the reason
 * starts with one. Written through the repository, as the old event worker wrote it.
 */
async function writeOldSmsBounce(tuid: string, campaignId: string, recipient: { contactId: number; mobile: string; bounces: Array<{ kind: BounceKind; reason: string; time: string }>; deliveredTime?: string }) {
  const first = recipient.bounces[0]!;
  const last = recipient.bounces[recipient.bounces.length - 1]!;
  const code = /^([A-Z_]+):/.exec(last.reason)?.[1];
  const engagement: Engagement = {
    address: recipient.mobile, status: 'bounced', statusTime: last.time, deliveredTime: recipient.deliveredTime ?? null,
    bounceType: last.kind, bounceReason: last.reason, bounceCode: null, bounceTime: last.time, failureReason: null, skipReason: null, outcomeTime: null,
    complaintTime: null, opens: 0, machineOpens: 0, firstOpen: null, lastOpen: null, clicks: 0, firstClick: null, lastClick: null, linkClicks: {}, unsubscribeTime: null,
    recentEventIds: recipient.bounces.map((_, n) => `old-${recipient.contactId}-${n}`),
  };
  const written = await recordEngagementChange({
    tuid, campaignId, contactId: recipient.contactId, version: null, time: first.time,
    change: {
      next: engagement,
      counters: { [last.kind === 'hard' ? 'hardBounces' : 'softBounces']: 1, ...(recipient.deliveredTime ? { delivered: 1 } : {}) },
      joins: ['delivery', 'bounce'],
      leaves: [],
      totals: code ? { failureReasons: { [code]: 1 } } : {},
      timeline: null,
    },
  });
  expect(written).toBe(true);
}

describe('an SMS report written before SMS failures were failures', () => {
  it('is migrated once: its bounces become failures with their codes, and every view counts its list', async () => {
    // Prepare: one recipient delivered by a real send, four failures in the old shape.
    const account = await seedAccount({ smsCredits: 100 });
    await addAllowedCallingCode(account.tuid, '852', new Date().toISOString());
    await seedContacts(account.tuid, 1, { emailOf: () => null, mobileOf: () => '+85291234561' });
    const { campaignId } = await send(account, smsCommand(), 'sms');
    const at = (minute: number) => `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await writeOldSmsBounce(account.tuid, campaignId, { contactId: 900001, mobile: '+85257048427', bounces: [{ kind: 'hard', reason: 'INVALID: The number is not valid', time: at(1) }] });
    // A soft failure that turned hard: its entry stayed at the first bounce's time.
    await writeOldSmsBounce(account.tuid, campaignId, { contactId: 900002, mobile: '+85257048428', bounces: [{ kind: 'soft', reason: 'CARRIER_UNREACHABLE: try later', time: at(2) }, { kind: 'hard', reason: 'BLOCKED: Blocked by the carrier', time: at(9) }] });
    await writeOldSmsBounce(account.tuid, campaignId, { contactId: 900003, mobile: '+85257048429', bounces: [{ kind: 'soft', reason: 'TTL_EXPIRED: not delivered in time', time: at(3) }], deliveredTime: at(2) });
    await writeOldSmsBounce(account.tuid, campaignId, { contactId: 900004, mobile: '+85257048430', bounces: [{ kind: 'hard', reason: 'carrier said no', time: at(4) }] });
    await addCampaignCounters(account.tuid, campaignId, { recipients: 4, sent: 4 });

    // Act: the migration, then again as after a crash before it was recorded as done.
    const first = await runMigrations({ now: new Date() });
    const { db, name } = table();
    await db.send(new DeleteCommand({ TableName: name, Key: keys.migration(SMS_FAILURES_MIGRATION) }));
    const second = await runMigrations({ now: new Date() });
    const report = await countersAndLists(account.tuid, 'sms', campaignId);

    // Assess
    expect([first, second]).toEqual([{ [SMS_FAILURES_MIGRATION]: 4 }, { [SMS_FAILURES_MIGRATION]: 0 }]);
    expect(report.overview.counters).toMatchObject({ recipients: 5, delivered: 1, failed: 4, hardBounces: 0, softBounces: 0 });
    expect(report.overview.failureReasons).toEqual([
      { reason: 'BLOCKED', count: 1 },
      { reason: 'INVALID', count: 1 },
      { reason: 'TTL_EXPIRED', count: 1 },
      { reason: 'UNKNOWN', count: 1 },
    ]);
    expectEveryViewToCountItsList(report);
    expect(await runMigrations({ now: new Date() })).toEqual({});
  });
});

describe('a job’s progress item', () => {
  it('ends when the run finishes, and a slower worker’s later report does not bring it back', async () => {
    // Prepare
    const account = await seedAccount();
    await seedContacts(account.tuid, 3, { emailOf: (n) => `progress${n}@example.com`, mobileOf: () => null });
    const { campaignId } = await send(account, emailCommand(account.login));
    const [finished] = (await getProgressItems({ userId: account.tuid, now: new Date() })).progressNotifications;

    // Act: a worker that settled an earlier batch reports after the last one finished the run.
    await reportProgress({ userId: account.tuid, payload: { ...finished!, currPos: 2, progress: 66.7, status: 'importing' }, now: new Date(Date.now() + 1000) });

    // Assess
    expect(finished).toMatchObject({ id: campaignId, status: 'finished', currPos: 3, total: 3 });
    expect((await getProgressItems({ userId: account.tuid, now: new Date() })).progressNotifications).toEqual([finished]);
  });

  it('is closed by housekeeping once no worker has reported on it for a while', async () => {
    // Prepare: an import whose worker died, and one still running.
    const account = await seedAccount();
    const now = Date.now();
    const job = (id: string): TProgressPayload => ({ id, type: 'import', taskName: `${id}.csv`, currPos: 10, total: 100, progress: 10, status: 'importing', estimatedEndTime: null });
    await reportProgress({ userId: account.tuid, payload: job('abandoned'), now: new Date(now - STALE_PROGRESS_MS - 60_000) });
    await reportProgress({ userId: account.tuid, payload: job('alive'), now: new Date(now - 60_000) });

    // Act
    const counts = await runAccountHousekeeping({ now: new Date(now) });
    const again = await runAccountHousekeeping({ now: new Date(now) });

    // Assess
    expect(counts.abandonedProgress).toBeGreaterThanOrEqual(1);
    expect(again.abandonedProgress).toBe(0);
    const items = (await getProgressItems({ userId: account.tuid, now: new Date(now) })).progressNotifications;
    expect(items.map((item) => [item.id, item.status]).sort()).toEqual([
      ['abandoned', 'aborted'],
      ['alive', 'importing'],
    ]);
  });
});
