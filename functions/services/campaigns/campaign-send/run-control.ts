/**
 * A run's life after planning: resume re-enqueues the batches parked while it was paused, stop
 * drops them, and whoever settles the last batch ends the run: the credits of every recipient not
 * sent go back (one ledger entry per run) and a sending campaign becomes finished. The campaign
 * actions (functions/services/campaigns/campaign-actions.ts) change the status first and call these after.
 */
import { batchNotBefore } from '../../../../shared/domain/campaign-send.js';
import { type CampaignChannel } from '../../../../shared/domain/campaign-channels.js';
import { percentSent } from '../../../../shared/domain/campaign-report.js';
import { SENDING_STATUSES } from '../../../../shared/domain/campaign-states.js';
import { changeCampaignRecord, getCampaignRecord, type CampaignRecord } from '../../../data/campaigns.js';
import { deleteParkedBatches, dropBatch, getBatchOutcome, getRunProgress, listParkedBatches, takeProgressTurn, type RunProgress } from '../../../data/campaign-runs.js';
import { refundCampaignCredits } from '../../../data/credit-ledger.js';
import { logger } from '../../../lib/logger.js';
import { enqueueDeliveryBatches } from '../../../queues/campaign-delivery.js';
import { notifyCampaign } from '../campaign-notices.js';
import { reportProgress } from '../../notifications/notifications.js';
import { sendRateOf } from './run-sender.js';

/** Tells the user who started the run how far it got (the progress menu and socket). */
async function reportRun(record: CampaignRecord, progress: RunProgress, finished: boolean, now: Date): Promise<void> {
  const done = progress.sent + progress.failed;
  await reportProgress({
    userId: record.run?.startedBy.loginTuid ?? record.createdBy.loginTuid,
    payload: {
      id: record.id,
      type: record.channel === 'email' ? 'emailCampign' : 'smsCampaign',
      taskName: record.name,
      currPos: done,
      total: progress.recipients,
      progress: percentSent({ recipients: progress.recipients, sent: progress.sent, unsent: progress.failed }),
      status: finished ? 'finished' : 'importing',
      estimatedEndTime: record.run?.estimatedEndTime ?? null,
    },
    now,
  }).catch((error: unknown) => logger.warn('campaign progress report failed', { campaignId: record.id, error }));
}

/** A progress report, unless another worker of the run reported within the last few seconds. */
export async function reportRunProgress({ tuid, record, runId, everyMs, now }: { tuid: string; record: CampaignRecord; runId: string; everyMs: number; now: Date }): Promise<void> {
  if (!(await takeProgressTurn(tuid, record.id, runId, now.getTime(), everyMs))) return;
  const progress = await getRunProgress(tuid, record.id, runId);
  if (progress) await reportRun(record, progress, false, now);
}

/**
 * Ends the run once every batch is settled (done or dropped), else does nothing. Safe to call
 * from anywhere any number of times: the refund is once per run (its ledger entry), the status
 * change is conditional, and only the caller that makes it notifies.
 */
export async function finishRunIfSettled({ tuid, campaignId, runId, now }: { tuid: string; campaignId: string; runId: string; now: Date }): Promise<void> {
  const progress = await getRunProgress(tuid, campaignId, runId);
  if (!progress || progress.batches === null || progress.settled < progress.batches) return;
  await refundCampaignCredits({ tuid, campaignId, runId, kind: progress.creditKind, count: progress.reserved - progress.creditsUsed, source: progress.creditSource, now });
  const finished = await changeCampaignRecord(tuid, campaignId, { statuses: SENDING_STATUSES, runId }, { status: 'finished', runFields: { finishTime: now.toISOString() } });
  if (finished) {
    await reportRun(finished, progress, true, now);
    await notifyCampaign({ tuid, record: finished, messageType: 'finished', counts: { total: progress.recipients, sent: progress.sent }, now });
    return;
  }
  // A stopped run ends here too (its remaining batches were dropped); it stays stopped.
  const record = await getCampaignRecord(tuid, campaignId);
  if (record?.run?.runId === runId && record.status === 'stopped' && !record.run.finishTime) {
    await changeCampaignRecord(tuid, campaignId, { statuses: ['stopped'], runId }, { runFields: { finishTime: now.toISOString() } });
  }
}

/** Re-enqueues a resumed run's parked batches in fresh rate slots from now; ends the run if nothing is left. */
export async function resumeCampaignRun({ tuid, campaignId, runId, channel, now = new Date() }: { tuid: string; campaignId: string; runId: string; channel: CampaignChannel; now?: Date }): Promise<void> {
  const rate = sendRateOf(channel);
  let recipientsBefore = 0;
  for await (const parked of listParkedBatches(tuid, campaignId, runId)) {
    const batches = parked.map((batch) => {
      const notBefore = batchNotBefore(now.getTime(), recipientsBefore, rate);
      recipientsBefore += batch.contactIds.length;
      return { tuid, campaignId, runId, seq: batch.seq, contactIds: batch.contactIds, notBefore };
    });
    await enqueueDeliveryBatches(batches, now.getTime());
    // After the enqueue: a crash in between sends a batch twice to the queue, which its outcome record absorbs.
    await deleteParkedBatches(tuid, campaignId, runId, parked.map((batch) => batch.seq));
  }
  await finishRunIfSettled({ tuid, campaignId, runId, now });
}

/** Drops a stopped run's parked batches (their credits return when the run settles) and ends the run if nothing is in flight. */
export async function stopCampaignRun({ tuid, campaignId, runId, now = new Date() }: { tuid: string; campaignId: string; runId: string; now?: Date }): Promise<void> {
  for await (const parked of listParkedBatches(tuid, campaignId, runId)) {
    for (const batch of parked) {
      const ref = { tuid, campaignId, runId, seq: batch.seq };
      await dropBatch(ref, await getBatchOutcome(tuid, campaignId, runId, batch.seq));
    }
  }
  await finishRunIfSettled({ tuid, campaignId, runId, now });
}
