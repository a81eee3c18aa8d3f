/**
 * Daily job: moves overdue unverified accounts on (functions/services/session/account-housekeeping.ts),
 * then runs the data migrations not yet done (functions/services/migrations.ts).
 */
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger.js';
import { runMigrations } from '../services/migrations.js';
import { runAccountHousekeeping, type HousekeepingCounts } from '../services/session/account-housekeeping.js';

export async function handler(event: ScheduledEvent): Promise<HousekeepingCounts & { migrated: Record<string, number> }> {
  const now = new Date(event.time ?? Date.now());
  const counts = await runAccountHousekeeping({ now });
  const migrated = await runMigrations({ now });
  logger.info('account housekeeping', { ...counts, migrated });
  return { ...counts, migrated };
}
