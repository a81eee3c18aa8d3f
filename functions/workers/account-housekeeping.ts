/** Daily job: moves overdue unverified accounts on (functions/services/account-housekeeping.ts). */
import type { ScheduledEvent } from 'aws-lambda';
import { runAccountHousekeeping, type HousekeepingCounts } from '../services/account-housekeeping.js';

export async function handler(event: ScheduledEvent): Promise<HousekeepingCounts> {
  const counts = await runAccountHousekeeping({ now: new Date(event.time ?? Date.now()) });
  console.log(JSON.stringify({ level: 'info', job: 'account-housekeeping', ...counts }));
  return counts;
}
