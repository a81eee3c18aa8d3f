import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleDefinition } from '../../../functions/routes.js';
import { cronFieldMatches, isDue, latestDueTime, startScheduler } from '../../../infra/local/scheduler.js';
import { resolveFixtureModule } from './fixtures/modules.js';
import { recordedOf } from './fixtures/recorder.js';

// 03:10 in Hong Kong (UTC+8, no daylight saving) is 19:10 UTC the day before.
const DAILY: ScheduleDefinition = { name: 'daily', job: 'scheduled-job', cron: { minute: '10', hour: '3' }, timeZone: 'Asia/Hong_Kong' };

describe('cron matching', () => {
  it('reads *, lists, ranges and steps', () => {
    // Assess
    expect([cronFieldMatches('*', 7), cronFieldMatches('1,7', 7), cronFieldMatches('5-9', 10)]).toEqual([true, true, false]);
    expect([cronFieldMatches('*/15', 30), cronFieldMatches('*/15', 31), cronFieldMatches('5/20', 45)]).toEqual([true, false, true]);
  });

  it('is due at the wall-clock time of the schedule time zone', () => {
    // Assess
    expect(isDue(DAILY, new Date('2026-03-01T19:10:00Z'))).toBe(true);
    expect(isDue(DAILY, new Date('2026-03-01T03:10:00Z'))).toBe(false);
  });

  it('finds the latest missed run since the last one', () => {
    // Act
    const missed = latestDueTime(DAILY, new Date('2026-03-04T08:00:00Z'), new Date('2026-03-01T20:00:00Z'));
    const none = latestDueTime(DAILY, new Date('2026-03-02T08:00:00Z'), new Date('2026-03-01T20:00:00Z'));

    // Assess
    expect(missed?.toISOString()).toBe('2026-03-03T19:10:00.000Z');
    expect(none).toBeUndefined();
  });
});

describe('catch-up at start', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'scheduler-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('runs a job once for runs missed while the host was down, with a Scheduled Event', async () => {
    // Prepare
    await writeFile(join(dataDir, 'scheduler.json'), JSON.stringify({ daily: { lastRunAt: '2026-03-01T19:10:00.000Z' } }));
    const before = recordedOf<ScheduledEvent>('scheduled').length;

    // Act
    const scheduler = await startScheduler({
      schedules: [DAILY],
      dataDir,
      resolveModule: resolveFixtureModule,
      log: () => {},
      now: () => new Date('2026-03-04T08:00:00Z'),
    });
    await scheduler.stop();

    // Assess
    const events = recordedOf<ScheduledEvent>('scheduled').slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ 'detail-type': 'Scheduled Event', source: 'aws.events', time: '2026-03-03T19:10:00Z', detail: {} });
    const state = JSON.parse(await readFile(join(dataDir, 'scheduler.json'), 'utf8')) as Record<string, { lastRunAt: string }>;
    expect(state.daily.lastRunAt).toBe('2026-03-03T19:10:00.000Z');
  });

  it('runs nothing at the first start of a fresh data folder', async () => {
    // Prepare
    const before = recordedOf('scheduled').length;

    // Act
    const scheduler = await startScheduler({ schedules: [DAILY], dataDir, resolveModule: resolveFixtureModule, log: () => {} });
    await scheduler.stop();

    // Assess
    expect(recordedOf('scheduled').length).toBe(before);
  });

  it('fires at the due minute while running', async () => {
    // Prepare
    vi.useFakeTimers({ now: new Date('2026-03-01T19:09:30Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const before = recordedOf('scheduled').length;
    const scheduler = await startScheduler({ schedules: [DAILY], dataDir, resolveModule: resolveFixtureModule, log: () => {} });

    // Act
    await vi.advanceTimersByTimeAsync(31_000);
    vi.useRealTimers();
    await scheduler.stop();

    // Assess
    expect(recordedOf('scheduled').length).toBe(before + 1);
  });
});
