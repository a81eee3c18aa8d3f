/**
 * EventBridge schedules, locally: each SCHEDULES entry fires its job (functions/workers/<job>.ts)
 * with a Scheduled Event when the cron's minute and hour match the wall clock of the schedule's
 * time zone. Catch-up: the last run of each schedule is kept in DATA_DIR/scheduler.json; a start
 * that finds a due time passed since then (the host was down) runs the job once, not once per
 * missed time. A fresh data folder records "now" and does not run anything at start.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ScheduledEvent } from 'aws-lambda';
import type { ScheduleDefinition } from '../../functions/routes.js';
import { LOCAL_REGION } from './dynamodb-local.js';
import { lambdaContext, loadHandler, type ResolveModule } from './lambda-runtime.js';
import { readJsonFile, writeJsonFile } from './persistence/json-file.js';
import { errorText, type Log } from './log.js';

type SchedulerState = Record<string, { lastRunAt: string }>;

const MINUTE_MS = 60_000;
/** How far back a start looks for a missed run. */
const CATCH_UP_WINDOW_MS = 7 * 24 * 60 * MINUTE_MS;
/** Lambda's maximum: a scheduled job gets 15 minutes. */
const JOB_TIMEOUT_MS = 15 * MINUTE_MS;

export type Scheduler = { stop(): Promise<void> };

export async function startScheduler(options: {
  schedules: readonly ScheduleDefinition[];
  dataDir: string;
  resolveModule: ResolveModule;
  log: Log;
  now?: () => Date;
}): Promise<Scheduler> {
  const now = options.now ?? (() => new Date());
  const stateFile = join(options.dataDir, 'scheduler.json');
  const state: SchedulerState = (await readJsonFile<SchedulerState>(stateFile)) ?? {};
  const running = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const run = (schedule: ScheduleDefinition, scheduledAt: Date): void => {
    // A job still running from the previous time is not started twice.
    if (running.has(schedule.name)) return;
    const job = invokeJob(schedule, scheduledAt, options.resolveModule)
      .catch((error: unknown) => options.log(`Scheduled job ${schedule.job} failed: ${errorText(error)}`))
      .then(async () => {
        state[schedule.name] = { lastRunAt: scheduledAt.toISOString() };
        await writeJsonFile(stateFile, state);
      })
      .finally(() => running.delete(schedule.name));
    running.set(schedule.name, job);
  };

  // Catch-up first, then the first baseline for schedules never seen.
  const startedAt = now();
  for (const schedule of options.schedules) {
    const lastRunAt = state[schedule.name]?.lastRunAt;
    if (!lastRunAt) {
      state[schedule.name] = { lastRunAt: startedAt.toISOString() };
      continue;
    }
    const missed = latestDueTime(schedule, startedAt, new Date(lastRunAt));
    if (missed) {
      options.log(`Schedule ${schedule.name} missed its run at ${missed.toISOString()}; running it once now.`);
      run(schedule, missed);
    }
  }
  await writeJsonFile(stateFile, state);

  const tick = (): void => {
    if (stopped) return;
    const minute = new Date(Math.floor(now().getTime() / MINUTE_MS) * MINUTE_MS);
    for (const schedule of options.schedules) if (isDue(schedule, minute)) run(schedule, minute);
    scheduleNextTick();
  };
  const scheduleNextTick = (): void => {
    const msToNextMinute = MINUTE_MS - (now().getTime() % MINUTE_MS);
    timer = setTimeout(tick, msToNextMinute + 50);
  };
  scheduleNextTick();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}

async function invokeJob(schedule: ScheduleDefinition, scheduledAt: Date, resolveModule: ResolveModule): Promise<void> {
  const handler = await loadHandler<ScheduledEvent, unknown>(resolveModule, 'workers', schedule.job);
  const event: ScheduledEvent = {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: scheduledAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:000000000000:rule/${schedule.name}`],
    detail: {},
  };
  await handler(event, lambdaContext(`job-${schedule.job}`, JOB_TIMEOUT_MS));
}

/** The latest minute after `since` and at or before `now` on which the schedule was due. */
export function latestDueTime(schedule: ScheduleDefinition, now: Date, since: Date): Date | undefined {
  const floor = Math.max(since.getTime(), now.getTime() - CATCH_UP_WINDOW_MS);
  for (let t = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS; t > floor; t -= MINUTE_MS) {
    const minute = new Date(t);
    if (isDue(schedule, minute)) return minute;
  }
  return undefined;
}

/** Whether the cron's minute and hour fields match this minute in the schedule's time zone. */
export function isDue(schedule: ScheduleDefinition, minute: Date): boolean {
  const { hour, minute: minuteOfHour } = wallClock(minute, schedule.timeZone);
  return cronFieldMatches(schedule.cron.minute, minuteOfHour) && cronFieldMatches(schedule.cron.hour, hour);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(date: Date, timeZone: string): { hour: number; minute: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(date);
  const value = (type: 'hour' | 'minute'): number => Number(parts.find((part) => part.type === type)?.value);
  return { hour: value('hour'), minute: value('minute') };
}

/** One cron field: `*`, `5`, `1,15`, `8-17`, `*\/10`, `0-30/5`, `5/15`. */
export function cronFieldMatches(field: string, value: number): boolean {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    const [start, end] = cronRange(range, Boolean(stepText));
    return value >= start && value <= end && (value - start) % step === 0;
  });
}

function cronRange(range: string, hasStep: boolean): [number, number] {
  if (range === '*') return [0, Infinity];
  if (range.includes('-')) {
    const [start, end] = range.split('-').map(Number);
    return [start, end];
  }
  // `5/15` means from 5 on, every 15.
  return [Number(range), hasStep ? Infinity : Number(range)];
}
