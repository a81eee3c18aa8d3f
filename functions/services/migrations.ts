/**
 * Data migrations: each runs until it is recorded as done, resuming from its last finished page
 * after a crash; every step is idempotent, so a page done twice changes nothing. They run at the
 * local host's start (npm start) and in the daily account housekeeping (AWS: the first run after
 * the deploy that brings them).
 */
import { smsBounceAsFailure } from '../../shared/domain/campaign-engagement.js';
import { getEngagement, listEntryTimes, recordEngagementChange, scanBouncedEngagements, type ScannedEngagement, type StoredEngagement } from '../data/campaign-engagement.js';
import { getMigration, markMigrationDone, saveMigrationResumeKey } from '../data/migrations.js';
import { logger } from '../lib/logger.js';

type Migration = {
  name: string;
  /** One page of the work from `startKey`: what it changed, and where the next page starts. */
  runPage(startKey: Record<string, unknown> | undefined): Promise<{ changed: number; nextKey?: Record<string, unknown> }>;
};

/**
 * SMS failures written as bounces before they were failures (docs/decisions.md "Report outcomes")
 * become failures with their code: counter, list entry and engagement in one transaction guarded
 * by the engagement's version. A recipient another writer changed meanwhile is judged again.
 */
export const SMS_FAILURES_MIGRATION = '2026-12-sms-failures-from-bounces';

const smsFailuresFromBounces: Migration = {
  name: SMS_FAILURES_MIGRATION,
  async runPage(startKey) {
    const page = await scanBouncedEngagements(startKey);
    // Where each campaign's bounce list keeps its recipients, read once per campaign of the page.
    const bounceListTimes = new Map<string, Promise<Map<number, string>>>();
    const listedAt = (found: ScannedEngagement) => {
      const campaign = `${found.tuid}#${found.campaignId}`;
      if (!bounceListTimes.has(campaign)) bounceListTimes.set(campaign, listEntryTimes(found.tuid, found.campaignId, 'bounce'));
      return bounceListTimes.get(campaign)!;
    };
    let changed = 0;
    for (const found of page.engagements) {
      let stored: StoredEngagement | null = found.stored;
      while (stored) {
        const change = smsBounceAsFailure(stored.engagement, (await listedAt(found)).get(found.contactId) ?? null);
        if (!change) break;
        const { tuid, campaignId, contactId } = found;
        if (await recordEngagementChange({ tuid, campaignId, contactId, version: stored.version, change, time: change.next.outcomeTime ?? change.next.statusTime })) {
          changed += 1;
          break;
        }
        stored = await getEngagement(tuid, campaignId, contactId);
      }
    }
    return { changed, nextKey: page.nextKey };
  },
};

/** Every migration, oldest first. */
const MIGRATIONS: readonly Migration[] = [smsFailuresFromBounces];

/** Runs each migration not yet done to its end; answers what each changed in this call. */
export async function runMigrations(options: { now: Date }): Promise<Record<string, number>> {
  const changedBy: Record<string, number> = {};
  for (const migration of MIGRATIONS) {
    const record = await getMigration(migration.name);
    if (record.doneTime !== null) continue;
    let startKey = record.resumeKey ?? undefined;
    let changed = 0;
    do {
      const page = await migration.runPage(startKey);
      changed += page.changed;
      startKey = page.nextKey;
      if (startKey) await saveMigrationResumeKey(migration.name, startKey);
    } while (startKey);
    await markMigrationDone(migration.name, options.now);
    logger.info('migration done', { migration: migration.name, changed });
    changedBy[migration.name] = changed;
  }
  return changedBy;
}
