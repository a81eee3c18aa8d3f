/** Daily job: moves overdue unverified accounts on (functions/services/session/account-housekeeping.ts). */
import type { ScheduledEvent } from 'aws-lambda';
import { logger } from '../lib/logger.js';
import { runAccountHousekeeping, type HousekeepingCounts } from '../services/session/account-housekeeping.js';

export async function handler(event: ScheduledEvent): Promise<HousekeepingCounts> {
  const counts = await runAccountHousekeeping({ now: new Date(event.time ?? Date.now()) });
  logger.info('account housekeeping', counts);
  return counts;
}
