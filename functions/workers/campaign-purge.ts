/** Daily job: removes what deleted campaigns left (functions/services/campaigns/campaign-purge.ts). */
import { logger } from '../lib/logger.js';
import { purgeDeletedCampaigns } from '../services/campaigns/campaign-purge.js';

export async function handler(): Promise<{ purged: number; stale: number }> {
  const counts = await purgeDeletedCampaigns();
  logger.info('campaign purge', counts);
  return counts;
}
