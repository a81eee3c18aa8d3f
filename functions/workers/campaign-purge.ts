/** Daily job: removes what deleted campaigns left (functions/services/campaign-purge.ts). */
import { purgeDeletedCampaigns } from '../services/campaign-purge.js';

export async function handler(): Promise<{ purged: number; stale: number }> {
  const counts = await purgeDeletedCampaigns();
  console.log(JSON.stringify({ level: 'info', msg: 'campaign purge', ...counts }));
  return counts;
}
