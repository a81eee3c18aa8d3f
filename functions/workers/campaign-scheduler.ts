/** Every minute (functions/routes.ts SCHEDULES): starts the scheduled campaigns that fell due. */
import type { ScheduledEvent } from 'aws-lambda';
import { runCampaignScheduler } from '../services/campaigns/campaign-scheduler.js';

export async function handler(event: ScheduledEvent): Promise<{ started: number }> {
  return runCampaignScheduler(new Date(event.time));
}
