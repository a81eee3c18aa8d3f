/**
 * The daily purge of deleted campaigns (docs/data-model.md "Send pipeline"): deleting a campaign
 * removes its record at once and marks it; this job then removes what its sends left, which can be
 * millions of items for a large campaign: the report (counters, engagements, lists, totals,
 * timeline), runs, batch outcomes, recipient claims, the audience and recovery sets, and the
 * short-link code. Each step is idempotent and the mark goes last, so an interrupted purge goes
 * on the next day. A mark whose campaign still exists (its delete was refused) is only removed.
 *
 * What stays: the command versions that were sent (online versions of sent mail), and the
 * suppressions its bounces and unsubscribes caused (they belong to the contacts).
 */
import { deleteShortLinkCode } from '../../data/campaign-counters.js';
import { deleteRunDelivery, listRunIds } from '../../data/campaign-runs.js';
import { deleteCampaignDataPartition, getCampaignRecord, listCampaignPurges, removeCampaignPurge } from '../../data/campaigns.js';
import { deleteContactSet } from '../../data/contact-sets.js';
import { campaignShortCode } from '../../lib/short-links.js';
import { campaignAudienceSetId } from '../contacts/recipients.js';
import { recoverySetId } from './campaign-send/audience.js';

/** Removes everything a deleted campaign left; answers how many campaigns were purged and how many marks were stale. */
export async function purgeDeletedCampaigns(): Promise<{ purged: number; stale: number }> {
  const counts = { purged: 0, stale: 0 };
  for await (const page of listCampaignPurges()) {
    for (const { tuid, campaignId } of page) {
      if (await getCampaignRecord(tuid, campaignId)) {
        counts.stale += 1;
      } else {
        const runIds = await listRunIds(tuid, campaignId);
        await deleteRunDelivery(tuid, campaignId, runIds);
        for (const setId of [campaignAudienceSetId(campaignId), ...runIds.map((runId) => recoverySetId({ campaignId, runId }))]) await deleteContactSet(tuid, setId);
        await deleteShortLinkCode(await campaignShortCode(tuid, campaignId), tuid, campaignId);
        // Last of the data: the runs listed above live here.
        await deleteCampaignDataPartition(tuid, campaignId);
        counts.purged += 1;
      }
      await removeCampaignPurge(tuid, campaignId);
    }
  }
  return counts;
}
